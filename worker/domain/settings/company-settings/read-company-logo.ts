import type { Ctx } from "../../shared/ctx";
import { findRow } from "./company-settings-shared";

/** The company's logo as stored, or null without one; any signed-in actor reads it. */
export async function readCompanyLogo(ctx: Ctx, _input: Record<string, never> = {}) {
  const key = (await findRow(ctx.db)).logoKey;
  const object = key ? await ctx.files.get(key) : null;
  if (!object) return null;
  return { body: object.body, contentType: object.httpMetadata?.contentType ?? "application/octet-stream" };
}
