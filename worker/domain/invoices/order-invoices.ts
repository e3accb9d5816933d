import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { permits, type Ctx } from "../shared/ctx";
import { currencyDecimals, PRICE_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";
import { companyToday, isOverdue } from "./invoice-views";

const { salesDocuments, salesDocumentLines } = tenantSchema;

/** An invoice of an order, as the order's page lists it. */
export interface OrderInvoice {
  id: number;
  number: string | null;
  date: string;
  status: string;
  /** overdue when it is (derived), else the status. */
  shown_status: string;
  total: string;
  remaining_to_pay: string;
  currency: string;
}

/**
 * The invoices of a sales order, newest first (those billing its lines, an invoice of one of its
 * shipping orders too, cancelled ones included: the page shows what happened), for whoever may see
 * invoices; null for anyone else.
 */
export async function orderInvoices(ctx: Ctx, orderId: number): Promise<OrderInvoice[] | null> {
  if (!permits(ctx, DOCUMENT_ACCESS.invoice.view)) return null;
  const billing = ctx.db
    .select({ id: salesDocumentLines.documentId })
    .from(salesDocumentLines)
    .where(sql`${salesDocumentLines.sourceLineId} in (select id from sales_document_lines where document_id = ${orderId})`);
  const [rows, today] = await Promise.all([
    ctx.db
      .select({
        id: salesDocuments.id,
        number: salesDocuments.number,
        date: salesDocuments.date,
        status: salesDocuments.status,
        dueDate: salesDocuments.dueDate,
        total: salesDocuments.total,
        remaining: salesDocuments.remainingToPay,
        currency: salesDocuments.currency,
      })
      .from(salesDocuments)
      .where(and(eq(salesDocuments.type, "invoice"), inArray(salesDocuments.id, billing)))
      .orderBy(desc(salesDocuments.id)),
    companyToday(ctx.db, ctx.now()),
  ]);
  return rows.map((r) => {
    const money = (units: number) => storedDecimal(units, PRICE_SCALE).round(currencyDecimals(r.currency)).toString();
    return {
      id: r.id,
      number: r.number,
      date: r.date,
      status: r.status,
      shown_status: isOverdue(r.status, r.dueDate, today) ? "overdue" : r.status,
      total: money(r.total),
      remaining_to_pay: money(r.remaining),
      currency: r.currency,
    };
  });
}
