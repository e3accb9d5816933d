import { DOCUMENT_ACCESS } from "../documents/document-types";
import { savedSalesDocument } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { paymentsOfInvoice, readPayment, type PaymentView } from "./payment-views";

/** An invoice's payments (at most 250, newest first), for whoever may read the invoice. */
export async function listInvoicePayments(ctx: Ctx, invoiceId: unknown): Promise<{ items: PaymentView[] }> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.read);
  const invoice = await savedSalesDocument(ctx.db, "invoice", invoiceId);
  return { items: await paymentsOfInvoice(ctx.db, invoice.id) };
}

/** One payment of an invoice. */
export async function getInvoicePayment(ctx: Ctx, invoiceId: unknown, paymentId: unknown): Promise<PaymentView> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.read);
  const invoice = await savedSalesDocument(ctx.db, "invoice", invoiceId);
  return readPayment(ctx.db, paymentId, invoice.id);
}
