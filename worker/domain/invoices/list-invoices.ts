import { DOCUMENT_ACCESS } from "../documents/document-types";
import { requirePermission, type Ctx } from "../shared/ctx";
import type { ListResult } from "../shared/list-query-sql";
import { listInvoicesOf, type InvoiceView } from "./invoice-views";

/** One page of invoices: filters number, date, due_date, status, shown_status, customer_id, location_id, created_from_id, total, created. */
export async function listInvoices(ctx: Ctx, query: URLSearchParams | Record<string, unknown>): Promise<ListResult<InvoiceView>> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.view);
  return listInvoicesOf(ctx.db, query, ctx.now());
}
