import { requirePermission, type Ctx } from "../shared/ctx";
import type { ListResult } from "../shared/list-query-sql";
import { listOfType, SALES_ACCESS, type SalesDocumentView } from "./sales-documents";

/** One page of sales orders (the list engine: filters, sort and search of salesDocumentListRegistry). */
export async function listSalesOrders(ctx: Ctx, query: URLSearchParams | Record<string, unknown>): Promise<ListResult<SalesDocumentView>> {
  requirePermission(ctx, SALES_ACCESS.sales_order.view);
  return listOfType(ctx.db, "sales_order", query);
}
