import { requirePermission, type Ctx } from "../shared/ctx";
import type { ListResult } from "../shared/list-query-sql";
import { listOfType, SALES_ACCESS, type SalesDocumentView } from "./sales-documents";

/** One page of estimates (the list engine: filters, sort and search of salesDocumentListRegistry). */
export async function listEstimates(ctx: Ctx, query: URLSearchParams | Record<string, unknown>): Promise<ListResult<SalesDocumentView>> {
  requirePermission(ctx, SALES_ACCESS.estimate.view);
  return listOfType(ctx.db, "estimate", query);
}
