import { and, eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { savedSalesDocument } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { StockBatch } from "../stock/ledger";
import { readPayment } from "./payment-views";
import { invoiceAfterPayment, orderOfInvoice, orderOpenToPayments, orderSettlement, REFUNDABLE_STATUSES } from "./settlement";

const { payments } = tenantSchema;

/**
 * Deletes a payment recorded by mistake: in one batch the payment goes, the invoice gets its
 * amount back to pay (partially paid or unpaid again), and the order's payment status follows (a
 * completed order reopens). Only from an invoice that holds payments by its status (paid or
 * partially paid), and not on an order completed by hand, which is closed to payments.
 */
export async function deletePayment(ctx: Ctx, invoiceId: unknown, paymentId: unknown): Promise<void> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.edit);
  const { db } = ctx;
  const invoice = await savedSalesDocument(db, "invoice", invoiceId);
  const payment = await readPayment(db, paymentId, invoice.id);
  if (!(REFUNDABLE_STATUSES as readonly string[]).includes(invoice.status)) throw new DomainError("status_move_not_allowed");
  const [{ amount }] = (await db.select({ amount: payments.amount }).from(payments).where(eq(payments.id, payment.id))) as [
    { amount: number },
  ];
  const batch = new StockBatch(ctx)
    .requireThat(orderOpenToPayments(invoice.id), new DomainError("payments_closed_by_order"))
    .add(db.delete(payments).where(and(eq(payments.id, payment.id), eq(payments.invoiceId, invoice.id))))
    // Deleted once: a second delete of the same payment, racing this one, finds nothing and fails.
    .requireThat(sql`changes() > 0`, new DomainError("not_found"))
    .add(db.run(invoiceAfterPayment(invoice.id, amount, -1)))
    .requireThat(sql`changes() > 0`, new DomainError("status_move_not_allowed"))
    .add(db.run(orderSettlement(orderOfInvoice(invoice.id))));
  await batch.run();
}
