import { tenantSchema } from "../../../../db/client";
import { PdfSettings } from "../../documents/pdf/pdf-settings";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { parseInput, SETTINGS } from "../common";
import { readPdfSettings } from "./pdf-settings-shared";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Changes the PDF settings that are given (a title given blank goes back to the default one);
 * the others stay as they are.
 */
export async function updatePdfSettings(ctx: Ctx, raw: unknown): Promise<PdfSettings> {
  requirePermission(ctx, SETTINGS);
  const current = await readPdfSettings(ctx.db);
  // The given fields over the saved ones, then the whole is checked: errors name the given field.
  const merged = isObject(raw)
    ? { ...current, ...raw, titles: isObject(raw.titles) ? { ...current.titles, ...raw.titles } : (raw.titles ?? current.titles) }
    : raw;
  const parsed = parseInput(PdfSettings, merged);
  const settings: PdfSettings = { ...parsed, titles: Object.fromEntries(Object.entries(parsed.titles).filter(([, title]) => title)) };
  const now = ctx.now();
  const { pdfSettings } = tenantSchema;
  await ctx.db
    .insert(pdfSettings)
    .values({ id: 1, settings, updatedAt: now })
    .onConflictDoUpdate({ target: pdfSettings.id, set: { settings, updatedAt: now } });
  return settings;
}
