import { desc, eq, sql } from "drizzle-orm";
import { keptSelect, tenantSchema, type TenantDb } from "../../../db/client";
import { recordId } from "../shared/input";
import { currencyDecimals, PRICE_SCALE } from "../shared/money";
import { DomainError } from "../shared/domain-error";
import { storedDecimal } from "../shared/stored-figures";
import { MAX_PAYMENTS_PER_INVOICE } from "./payment-schemas";

const { payments, paymentMethods, salesDocuments } = tenantSchema;

/** A payment as the API and the pages show it, with where its invoice stands now. */
export interface PaymentView {
  id: number;
  invoice_id: number;
  customer_id: number;
  amount: string;
  currency: string;
  date: string;
  notes: string | null;
  payment_method: { id: number; label: string } | null;
  created_at: number;
  invoice: { id: number; number: string | null; status: string; amount_paid: string; remaining_to_pay: string };
}

const select = {
  id: payments.id,
  invoiceId: payments.invoiceId,
  customerId: payments.customerId,
  amount: payments.amount,
  date: payments.date,
  notes: payments.notes,
  methodId: paymentMethods.id,
  methodLabel: paymentMethods.label,
  createdAt: payments.createdAt,
  currency: salesDocuments.currency,
  number: salesDocuments.number,
  status: salesDocuments.status,
  amountPaid: salesDocuments.amountPaid,
  remainingToPay: salesDocuments.remainingToPay,
};

export function paymentView(r: PaymentRow): PaymentView {
  const money = (units: number) => storedDecimal(units, PRICE_SCALE).round(currencyDecimals(r.currency)).toString();
  return {
    id: r.id,
    invoice_id: r.invoiceId,
    customer_id: r.customerId,
    amount: money(r.amount),
    currency: r.currency,
    date: r.date,
    notes: r.notes,
    payment_method: r.methodId === null || r.methodLabel === null ? null : { id: r.methodId, label: r.methodLabel },
    created_at: r.createdAt,
    invoice: {
      id: r.invoiceId,
      number: r.number,
      status: r.status,
      amount_paid: money(r.amountPaid),
      remaining_to_pay: money(r.remainingToPay),
    },
  };
}

export type PaymentRow = Awaited<ReturnType<typeof paymentQuery>>[number];

/** The read of payments with their method and their invoice's money (add the where). */
export function paymentQuery(db: TenantDb) {
  return db
    .select(select)
    .from(payments)
    .innerJoin(salesDocuments, eq(salesDocuments.id, payments.invoiceId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId));
}

/** One payment by its id, built once per isolate (keptSelect); the id may be SQL (a payment its batch has just written). */
export const paymentById = keptSelect((db: TenantDb) => paymentQuery(db).where(eq(payments.id, sql.placeholder("id"))));

/** One payment; `invoiceId` given, it must be that invoice's (else not_found). */
export async function readPayment(db: TenantDb, rawId: unknown, invoiceId?: number): Promise<PaymentView> {
  const [row] = await paymentById(db, { id: recordId(rawId) });
  if (!row || (invoiceId !== undefined && row.invoiceId !== invoiceId)) throw new DomainError("not_found");
  return paymentView(row);
}

/** An invoice's payments, newest first: at most 250, as many as an invoice takes. */
export async function paymentsOfInvoice(db: TenantDb, invoiceId: number): Promise<PaymentView[]> {
  const rows = await paymentQuery(db)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(desc(payments.date), desc(payments.id))
    .limit(MAX_PAYMENTS_PER_INVOICE);
  return rows.map(paymentView);
}

/** What an invoice's payments add up to, in SQL (the figure amount_paid must always equal). */
export const paymentsTotal = (invoiceId: number) =>
  sql`(select coalesce(sum(amount), 0) from payments where invoice_id = ${BigInt(invoiceId)})`;
