import type { Ctx } from "../shared/ctx";
import { requirePermission } from "../shared/ctx";
import { STOCK_DOCUMENT_ACCESS } from "./stock-access";
import { readStockDocument, type StockDocumentView } from "./stock-document-views";
import type { StockDocumentType } from "./stock-rules";

/** One stock document of a type, with its lines. */
export async function getStockDocument(ctx: Ctx, input: { kind: StockDocumentType; id: unknown }): Promise<StockDocumentView> {
  requirePermission(ctx, STOCK_DOCUMENT_ACCESS[input.kind].read);
  return readStockDocument(ctx.db, input.kind, input.id);
}
