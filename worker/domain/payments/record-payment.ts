import { and, eq, sql } from "drizzle-orm";
import { sqlList } from "../shared/sql-list";
import { tenantSchema } from "../../../db/client";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { companyToday } from "../invoices/invoice-views";
import { savedSalesDocument } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { fieldError, parseInput } from "../shared/input";
import { currencyDecimals, PRICE_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";
import { StockBatch } from "../stock/ledger";
import { MAX_PAYMENTS_PER_INVOICE, RecordPaymentInput } from "./payment-schemas";
import { paymentById, paymentView, type PaymentRow, type PaymentView } from "./payment-views";
import { invoiceAfterPayment, orderOfInvoice, orderOpenToPayments, orderSettlement, PAYABLE_STATUSES } from "./settlement";

const { payments, paymentMethods } = tenantSchema;

/**
 * Records a payment on an invoice waiting for money (domain spec §3 'Invoice', §4): one batch
 * writes the payment, the invoice's amount paid, remaining to pay and status, and the sales
 * order's payment status (completing it when it is also delivered). The batch's own guards, not
 * the read before it, decide: no more than remains to pay (so concurrent payments cannot pass it
 * together), the invoice still takes payments, at most 250 of them, its order not completed by
 * hand, the payment method active.
 */
export async function recordPayment(ctx: Ctx, invoiceId: unknown, raw: unknown): Promise<PaymentView> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.edit);
  const { db } = ctx;
  const input = parseInput(RecordPaymentInput, raw);
  const [invoice, today] = await Promise.all([savedSalesDocument(db, "invoice", invoiceId), companyToday(db, ctx.now())]);
  if (!(PAYABLE_STATUSES as readonly string[]).includes(invoice.status)) throw new DomainError("status_move_not_allowed");
  // The invoice's currency has its decimals: a payment is money of that currency.
  const decimals = currencyDecimals(invoice.currency);
  const amountUnits = Number(input.amount.round(decimals).withScale(PRICE_SCALE).units);
  if (amountUnits <= 0) throw fieldError("amount", "too_small");
  const remaining = storedDecimal(invoice.remainingToPay, PRICE_SCALE).round(decimals).toString();
  const id = BigInt(invoice.id);
  const methodId = input.payment_method_id ?? null;
  const created = sql`(select max(id) from payments where invoice_id = ${id})`;
  const batch = new StockBatch(ctx)
    .requireThat(
      sql`(select status from sales_documents where id = ${id}) in (${sqlList(PAYABLE_STATUSES)})`,
      new DomainError("status_move_not_allowed"),
    )
    .requireThat(
      sql`(select remaining_to_pay from sales_documents where id = ${id}) >= ${BigInt(amountUnits)}`,
      fieldError("amount", "more_than_remaining_to_pay", { remaining }),
    )
    .requireThat(
      sql`(select count(*) from payments where invoice_id = ${id}) < ${MAX_PAYMENTS_PER_INVOICE}`,
      new DomainError("too_many_payments", { max: MAX_PAYMENTS_PER_INVOICE }),
    )
    .requireThat(orderOpenToPayments(invoice.id), new DomainError("payments_closed_by_order"));
  if (methodId !== null)
    batch.requireThat(
      sql`exists (select 1 from ${paymentMethods} where ${and(eq(paymentMethods.id, methodId), eq(paymentMethods.active, true))})`,
      fieldError("payment_method_id", "unknown_payment_method"),
    );
  batch
    .add(
      db.insert(payments).values({
        invoiceId: invoice.id,
        customerId: invoice.customerId,
        amount: amountUnits,
        date: input.date ?? today,
        notes: input.notes ?? null,
        paymentMethodId: methodId,
        userId: ctx.actor.kind === "user" ? ctx.actor.userId : null,
      }),
      db.run(invoiceAfterPayment(invoice.id, amountUnits, 1)),
      db.run(orderSettlement(orderOfInvoice(invoice.id))),
    )
    .creates({ type: "payment", id: created });
  // The payment as recorded, read in the same batch: the batch is one transaction, so the newest
  // payment of the invoice is this one.
  const read = batch.size;
  batch.add(paymentById(db, { id: created }));
  const results = await batch.run();
  const [row] = results[read] as PaymentRow[];
  return paymentView(row!);
}
