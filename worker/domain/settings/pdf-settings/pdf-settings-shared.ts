import { tenantSchema, type TenantDb } from "../../../../db/client";
import { PdfSettings } from "../../documents/pdf/pdf-settings";

/** The company's PDF settings: the saved ones over the defaults (a setting added later takes its default). */
export async function readPdfSettings(db: TenantDb): Promise<PdfSettings> {
  const [row] = await pdfSettingsRead(db);
  return pdfSettingsOf(row);
}

/** The read of the saved PDF settings, for a caller's batch; `pdfSettingsOf` makes the settings of its row. */
export function pdfSettingsRead(db: TenantDb) {
  return db.select({ settings: tenantSchema.pdfSettings.settings }).from(tenantSchema.pdfSettings).limit(1);
}

export function pdfSettingsOf(row: { settings: unknown } | undefined): PdfSettings {
  const parsed = PdfSettings.safeParse(row?.settings ?? {});
  return parsed.success ? parsed.data : PdfSettings.parse({});
}
