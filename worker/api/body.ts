import type { Context } from "hono";
import { DomainError } from "../domain/shared/domain-error";
import { fieldError } from "../domain/shared/input";
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

/**
 * The body of a write to `/things/{id}` with the path's ids added, as the verb's input. A body
 * that names one of them itself is refused (`unknown_field` on that field), as the strict
 * schemas refused it before the ids moved into the input: the path alone says which record.
 */
export async function bodyWith<T extends Record<string, string | undefined>>(c: Context, ids: T): Promise<Record<string, unknown> & T> {
  const body = await jsonBody(c);
  const named = Object.keys(ids).find((key) => Object.hasOwn(body, key));
  if (named) throw fieldError(named, "unknown_field");
  return { ...body, ...ids };
}
