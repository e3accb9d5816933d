import type { Context } from "hono";
import { DomainError } from "../domain/shared/domain-error";
import { mediaType } from "../media-type";

/**
 * The JSON object a write sends: `unsupported_media_type` (415) unless it is sent as
 * application/json, `invalid_json` when it does not parse, `body_not_object` for null, a
 * list or a bare value. Its fields are then checked by the verb's zod schema.
 */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  if (mediaType(c.req.header("content-type")) !== "application/json") throw new DomainError("unsupported_media_type");
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new DomainError("invalid_json");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new DomainError("body_not_object");
  return body as Record<string, unknown>;
}
