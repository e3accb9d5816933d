// How the company is paid: its payment methods (domain spec §3 'Payment method').
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { nocase } from "./catalogue";
import { customers } from "./contacts";
import { salesDocuments } from "./sales";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/**
 * The ways a payment may be made (cash, bank transfer…). `label_key` is the label as people read
 * it, case and accents aside ("Chèque" and "CHEQUE" are one method): its unique index is what keeps
 * two of them apart, even when two people add the same one at once.
 */
export const paymentMethods = sqliteTable(
  "payment_methods",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    label: text("label").notNull(),
    labelKey: text("label_key").notNull(),
    // Offered at the point of sale.
    pos: integer("pos", { mode: "boolean" }).notNull().default(false),
    // The matching payment method of the accounting package, once the two are linked.
    quickbooksId: text("quickbooks_id"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("payment_methods_label_key_unique").on(t.labelKey),
    // The default sort of lists (label ascending, platform spec §9).
    index("payment_methods_label_idx").on(nocase(t.label), t.id),
    check("payment_methods_label_key_not_empty", sql`length(${t.labelKey}) > 0`),
  ],
);

/**
 * Money received against an invoice (domain spec §3 'Invoice': payments with their amount, date,
 * notes and payment method). `amount` is money at 4 decimals, always more than zero; the invoice's
 * `amount_paid` and `remaining_to_pay` are written in the same batch as each payment (decision 041).
 * `customer_id` is the invoice's, kept here so that a customer's payments are read without a join
 * (the store's payments page, the reports). `stripe_id` is the card payment's id, once the card
 * payment provider takes them.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => salesDocuments.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id),
    amount: integer("amount").notNull(),
    // A calendar date, YYYY-MM-DD.
    date: text("date").notNull(),
    paymentMethodId: integer("payment_method_id").references(() => paymentMethods.id),
    notes: text("notes"),
    stripeId: text("stripe_id"),
    userId: text("user_id"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    index("payments_invoice_idx").on(t.invoiceId, t.id),
    index("payments_customer_idx").on(t.customerId, t.date, t.id),
    index("payments_method_idx").on(t.paymentMethodId),
    uniqueIndex("payments_stripe_id_unique").on(t.stripeId),
    check("payments_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * A credit note's amount applied to an invoice (domain spec §3 'Credit note': credited_invoices with
 * their amount). The invoice's `amount_credited` and `remaining_to_pay`, and the credit note's
 * `amount_credited` and `remaining_to_credit`, are written in the same batch as each credit
 * (decision 042). Deleting either document deletes its credits; cancelling a credit note removes
 * them through its cascade, which gives the invoices their remaining to pay back.
 */
export const invoiceCredits = sqliteTable(
  "invoice_credits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    creditNoteId: integer("credit_note_id")
      .notNull()
      .references(() => salesDocuments.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => salesDocuments.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    // A calendar date, YYYY-MM-DD.
    date: text("date").notNull(),
    userId: text("user_id"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    index("invoice_credits_invoice_idx").on(t.invoiceId, t.id),
    index("invoice_credits_credit_note_idx").on(t.creditNoteId, t.id),
    check("invoice_credits_amount_positive", sql`${t.amount} > 0`),
  ],
);
