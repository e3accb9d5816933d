import { requirePermission, type Ctx } from "../shared/ctx";
import { tenantSchema } from "../../../db/client";
import { listDocuments, type DocumentListSource } from "../documents/list-documents";
import type { ListResult } from "../shared/list-query-sql";
import { STOCK_DOCUMENT_ACCESS } from "./stock-access";
import { stockDocumentListRegistry, summarySelect, summaryView, type StockDocumentView } from "./stock-document-views";
import type { StockDocumentType } from "./stock-rules";

/** How a kind's stock documents are listed (`listDocuments`). */
export const STOCK_DOCUMENT_LIST: DocumentListSource<Awaited<ReturnType<typeof summarySelect>>[number], StockDocumentView> = {
  registry: stockDocumentListRegistry,
  type: tenantSchema.stockDocuments.type,
  select: summarySelect,
  view: summaryView,
};

/**
 * One page of a kind's documents: filters number, date, location_id, arrival_location_id,
 * created; sort -id (default), number, date, created; search on the start of the number.
 */
export async function listStockDocuments(
  ctx: Ctx,
  input: { kind: StockDocumentType; query: URLSearchParams | Record<string, unknown> },
): Promise<ListResult<StockDocumentView>> {
  requirePermission(ctx, STOCK_DOCUMENT_ACCESS[input.kind].view);
  return listDocuments(ctx.db, STOCK_DOCUMENT_LIST, input.kind, input.query);
}
