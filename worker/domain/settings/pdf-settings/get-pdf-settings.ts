import type { PdfSettings } from "../../documents/pdf/pdf-settings";
import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { readPdfSettings } from "./pdf-settings-shared";

/** The company's PDF settings; any signed-in actor reads them (every document prints with them). */
export async function getPdfSettings(ctx: Ctx, _input: Record<string, never> = {}): Promise<PdfSettings> {
  requireBackOffice(ctx);
  return readPdfSettings(ctx.db);
}
