import type { Context } from "hono";
import { DomainError } from "../domain/shared/domain-error";

/** The JSON body of a write, or `invalid_json`; its shape is checked by the verb's zod schema. */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("invalid_json");
  }
}
