import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseListQuery } from "../shared/list-query";
import { runList, type ListResult } from "../shared/list-query-sql";
import { STOCK_DOCUMENT_ACCESS } from "./stock-access";
import { stockDocumentListRegistry, summarySelect, summaryView, type StockDocumentView } from "./stock-document-views";
import type { StockDocumentType } from "./stock-rules";

const { stockDocuments } = tenantSchema;

/**
 * One page of a kind's documents: filters number, date, location_id, arrival_location_id,
 * created; sort -id (default), number, date, created; search on the start of the number.
 */
export async function listStockDocuments(
  ctx: Ctx,
  input: { kind: StockDocumentType; query: URLSearchParams | Record<string, unknown> },
): Promise<ListResult<StockDocumentView>> {
  requirePermission(ctx, STOCK_DOCUMENT_ACCESS[input.kind].view);
  const { db } = ctx;
  const query = parseListQuery(input.query, stockDocumentListRegistry);
  const result = await runList(db, {
    select: () => summarySelect(db),
    registry: stockDocumentListRegistry,
    query,
    where: eq(stockDocuments.type, input.kind),
  });
  return { ...result, items: result.items.map(summaryView) };
}
