import { sql, type SQL } from "drizzle-orm";
import { sqlList } from "../shared/sql-list";
import { canMove, statusesOf, verbFromStatuses, type StatusOf } from "../documents/statuses";

/**
 * What money does to statuses (domain spec §4, decision 041): an invoice's status from what was
 * paid of it, the sales order's payment status from its invoices, and the order completing by
 * itself once it is delivered and paid (and reopening when that stops being true). Every status
 * named here is taken from the graph and checked against it when this module loads; each SQL is a
 * statement for the batch that changes the money, so statuses never lag behind it.
 */

function checked<M extends "invoice" | "sales_order" | "sales_order_payment" | "sales_order_shipping">(
  machine: M,
  status: string,
): StatusOf<M> {
  if (!statusesOf(machine).includes(status as StatusOf<M>)) throw new Error(`${status} is not a status of ${machine}`);
  return status as StatusOf<M>;
}

/** The invoice's statuses around money received or credited: what it becomes, and from where. */
const INVOICE = {
  paid: checked("invoice", "paid"),
  partly: checked("invoice", "partially_paid"),
  unpaid: checked("invoice", "unpaid"),
  credited: checked("invoice", "credited"),
  partlyCredited: checked("invoice", "partially_credited"),
};

/** Invoices waiting for money take payments: those the graph lets move to paid (a draft is not one: it is not yet due). */
export const PAYABLE_STATUSES: readonly StatusOf<"invoice">[] = (["unpaid", "partially_paid", "partially_credited"] as const).filter((s) =>
  canMove("invoice", s, INVOICE.paid),
);
/** Invoices a payment may be taken back from: those that hold payments by their status alone. */
export const REFUNDABLE_STATUSES: readonly StatusOf<"invoice">[] = (["paid", "partially_paid"] as const).filter((s) =>
  canMove("invoice", s, INVOICE.unpaid),
);
/** Invoices a credit note may be applied to: those waiting for money, as for payments (and the graph lets them be credited). */
export const CREDITABLE_STATUSES: readonly StatusOf<"invoice">[] = PAYABLE_STATUSES.filter((s) => canMove("invoice", s, INVOICE.credited));
/** Invoices whose status follows their money: every status a payment or a credit moves between. */
const MONEY_STATUSES = [INVOICE.unpaid, INVOICE.partly, INVOICE.paid, INVOICE.partlyCredited, INVOICE.credited];
if (PAYABLE_STATUSES.length !== 3 || REFUNDABLE_STATUSES.length !== 2 || CREDITABLE_STATUSES.length !== 3)
  throw new Error("the invoice graph no longer takes payments and credits");

/**
 * An invoice's status from its money (decision 042), given the new amount paid, amount credited and
 * remaining to pay as SQL: nothing left to pay, it is paid if money was received, else credited;
 * something left, partially paid if money was received, partially credited if a credit was applied,
 * else unpaid.
 */
export function invoiceStatusOf(paid: SQL, credited: SQL, remaining: SQL): SQL {
  return sql`case when ${remaining} = 0 then case when ${paid} > 0 then ${INVOICE.paid} else ${INVOICE.credited} end
    when ${paid} > 0 then ${INVOICE.partly} when ${credited} > 0 then ${INVOICE.partlyCredited} else ${INVOICE.unpaid} end`;
}

const BUMP = sql`updated_at = max(cast(unixepoch('subsecond') * 1000 as integer), updated_at + 1)`;

/**
 * The invoice's money and status after a payment of `amount` (4-decimal units, > 0) is added
 * (`sign` 1) or taken back (`sign` -1). Only from the statuses that may make the move.
 */
export function invoiceAfterPayment(invoiceId: number, amount: number, sign: 1 | -1): SQL {
  const id = BigInt(invoiceId);
  const a = BigInt(amount) * BigInt(sign);
  const from = sign === 1 ? PAYABLE_STATUSES : REFUNDABLE_STATUSES;
  return sql`update sales_documents set
    amount_paid = amount_paid + ${a},
    remaining_to_pay = remaining_to_pay - ${a},
    status = ${invoiceStatusOf(sql`(amount_paid + ${a})`, sql`amount_credited`, sql`(remaining_to_pay - ${a})`)},
    ${BUMP}
    where id = ${id} and type = 'invoice' and status in (${sqlList(from)})`;
}

/**
 * The invoices' money and status after credits are applied (`sign` 1) or removed (`sign` -1):
 * `amount` is SQL giving the credited amount of the invoice `i` (a column of the updated row is
 * read as `i.x`). An invoice outside the money statuses (cancelled with its credits) keeps its status.
 */
export function invoicesAfterCredit(where: SQL, amount: SQL, sign: 1 | -1): SQL {
  const a = sign === 1 ? amount : sql`(-(${amount}))`;
  return sql`update sales_documents as i set
    amount_credited = amount_credited + ${a},
    remaining_to_pay = remaining_to_pay - ${a},
    status = case when status in (${sqlList(MONEY_STATUSES)})
      then ${invoiceStatusOf(sql`amount_paid`, sql`(amount_credited + ${a})`, sql`(remaining_to_pay - ${a})`)} else status end,
    ${BUMP}
    where i.type = 'invoice' and ${where}`;
}

const CREDIT_NOTE = {
  pending: "pending",
  partly: "partially_credited",
  credited: "credited",
} as const;
for (const s of Object.values(CREDIT_NOTE))
  if (!statusesOf("credit_note").includes(s)) throw new Error(`${s} is not a status of credit_note`);
/** Credit notes that can still be applied (domain spec §4: pending or partially credited, while something remains to credit). */
export const APPLICABLE_STATUSES = [CREDIT_NOTE.pending, CREDIT_NOTE.partly] as const;

/**
 * The credit notes' amounts and status after credits of theirs are applied (`sign` 1) or removed
 * (`sign` -1): `amount` is SQL giving the credited amount of the credit note `c`. A cancelled one keeps its status.
 */
export function creditNotesAfterCredit(where: SQL, amount: SQL, sign: 1 | -1): SQL {
  const a = sign === 1 ? amount : sql`(-(${amount}))`;
  return sql`update sales_documents as c set
    amount_credited = amount_credited + ${a},
    remaining_to_credit = remaining_to_credit - ${a},
    status = case when status in (${sqlList(Object.values(CREDIT_NOTE))}) then case when remaining_to_credit - ${a} = 0 then ${CREDIT_NOTE.credited}
      when amount_credited + ${a} > 0 then ${CREDIT_NOTE.partly} else ${CREDIT_NOTE.pending} end else status end,
    ${BUMP}
    where c.type = 'credit_note' and ${where}`;
}

/** Removes the credits a credit note applied, giving each invoice back what it took off (a credit note cancelled or deleted). */
export function removeCreditsOfCreditNote(creditNoteId: number): SQL[] {
  const id = BigInt(creditNoteId);
  return [
    invoicesAfterCredit(
      sql`i.id in (select invoice_id from invoice_credits where credit_note_id = ${id})`,
      sql`(select sum(amount) from invoice_credits where credit_note_id = ${id} and invoice_id = i.id)`,
      -1,
    ),
    sql`delete from invoice_credits where credit_note_id = ${id}`,
    // The credit note itself has applied nothing any more.
    sql`update sales_documents set remaining_to_credit = remaining_to_credit + amount_credited, amount_credited = 0 where id = ${id}`,
  ];
}

/**
 * Removes one credit of a credit note (applied by mistake): the invoice gets back what it took
 * off, the credit note what it applied, both statuses following. The statements read the credit
 * before deleting it; where there is no such credit of this credit note they change nothing, and
 * the delete's count says so (the caller's guard).
 */
export function removeCredit(creditNoteId: number, creditId: number): SQL[] {
  const credit = sql`(select id from invoice_credits where id = ${BigInt(creditId)} and credit_note_id = ${BigInt(creditNoteId)})`;
  const amount = sql`(select amount from invoice_credits where id = ${credit})`;
  return [
    invoicesAfterCredit(sql`i.id = (select invoice_id from invoice_credits where id = ${credit})`, amount, -1),
    creditNotesAfterCredit(sql`c.id = (select credit_note_id from invoice_credits where id = ${credit})`, amount, -1),
    sql`delete from invoice_credits where id = ${credit}`,
  ];
}

/** Removes the credits applied to an invoice, giving each credit note back what it applied (an invoice cancelled or deleted). */
export function removeCreditsOnInvoice(invoiceId: number): SQL[] {
  const id = BigInt(invoiceId);
  return [
    creditNotesAfterCredit(
      sql`c.id in (select credit_note_id from invoice_credits where invoice_id = ${id})`,
      sql`(select sum(amount) from invoice_credits where invoice_id = ${id} and credit_note_id = c.id)`,
      -1,
    ),
    sql`delete from invoice_credits where invoice_id = ${id}`,
    // The invoice itself holds no credit any more.
    sql`update sales_documents set remaining_to_pay = remaining_to_pay + amount_credited, amount_credited = 0 where id = ${id}`,
  ];
}

/**
 * The sales order an invoice bills, in SQL: its lines point at the order's lines (an invoice made
 * from a shipping order too); null for an invoice of an estimate or made from scratch.
 */
export function orderOfInvoice(invoiceId: number | SQL): SQL {
  const id = typeof invoiceId === "number" ? sql`${BigInt(invoiceId)}` : invoiceId;
  // A deposit invoice bills no line of its order: it is made from it (decision 043).
  return sql`coalesce((select o.id from sales_document_lines l
    join sales_document_lines ol on ol.id = l.source_line_id
    join sales_documents o on o.id = ol.document_id
    where l.document_id = ${id} and o.type = 'sales_order' limit 1),
    (select d.created_from_id from sales_documents d join sales_documents o on o.id = d.created_from_id
    where d.id = ${id} and d.is_deposit = 1 and o.type = 'sales_order'))`;
}

/** The sales order statuses in which its invoices take no more payments (domain spec §4: completed manually). */
const CLOSED_TO_PAYMENTS = [checked("sales_order", "completed_manually")];

/** In SQL: the invoice's sales order, if it has one, still takes payments on its invoices. */
export function orderOpenToPayments(invoiceId: number): SQL {
  return sql`coalesce((select status from sales_documents where id = ${orderOfInvoice(invoiceId)}), '') not in (${sqlList(CLOSED_TO_PAYMENTS)})`;
}

const PAYMENT = {
  unpaid: checked("sales_order_payment", "unpaid"),
  partly: checked("sales_order_payment", "partially_paid"),
  paid: checked("sales_order_payment", "paid"),
};
const DELIVERED = checked("sales_order_shipping", "delivered");
const NOTHING_SENT = checked("sales_order_shipping", "not_delivered");
const COMPLETED = checked("sales_order", "completed_automatically");
/** The statuses an order completes from by itself (the graph's moves to completed_automatically). */
const COMPLETES_FROM = verbFromStatuses("sales_order", COMPLETED);
const REOPENED = { sent: checked("sales_order", "in_progress"), none: checked("sales_order", "pending") };
if (!canMove("sales_order", COMPLETED, REOPENED.sent) || !canMove("sales_order", COMPLETED, REOPENED.none))
  throw new Error("the sales order graph does not reopen a completed order");

/** The invoice statuses that bill nothing (as DONE_BY_LINE_RULES counts them). */
const BILLS_NOTHING = [checked("invoice", "cancelled"), checked("invoice", "voided")];

/**
 * The order's payment status from its invoices (those not cancelled): paid when every line is
 * invoiced and no invoice leaves anything to pay (a draft still does: it is not settled), partially
 * paid while something was paid, unpaid otherwise. Then the order completes by itself when it is
 * delivered (or has no goods to send) and paid, and a completed order reopens (in progress, or pending when nothing was
 * sent) when it no longer is. One statement; `orderId` is SQL (an id, or `orderOfInvoice`).
 */
export function orderSettlement(orderId: SQL): SQL {
  const invoices = sql`(select distinct l.document_id from sales_document_lines l join sales_documents i on i.id = l.document_id
    where i.type = 'invoice' and i.status not in (${sqlList(BILLS_NOTHING)})
    and l.source_line_id in (select id from sales_document_lines where document_id = o.id)
    union select id from sales_documents where type = 'invoice' and is_deposit = 1 and created_from_id = o.id
    and status not in (${sqlList(BILLS_NOTHING)}))`;
  const paidSum = sql`(select coalesce(sum(amount_paid), 0) from sales_documents where id in ${invoices})`;
  const unsettled = sql`exists (select 1 from sales_documents where id in ${invoices} and (remaining_to_pay > 0 or status = ${checked("invoice", "draft")}))`;
  const anyInvoice = sql`exists (select 1 from sales_documents where id in ${invoices})`;
  const uninvoiced = sql`exists (select 1 from sales_document_lines ol where ol.document_id = o.id and ol.component_of_lid is null and ol.kind <> 'text'
    and ol.quantity > (select coalesce(sum(il.quantity), 0) from sales_document_lines il where il.source_line_id = ol.id and il.document_id in ${invoices}))`;
  const payment = sql`case when ${anyInvoice} and not ${unsettled} and not ${uninvoiced} then ${PAYMENT.paid}
    when ${paidSum} > 0 then ${PAYMENT.partly} else ${PAYMENT.unpaid} end`;
  // Delivered: all its goods sent, or it has none to send (services only).
  const delivered = sql`(o.shipping_status = ${DELIVERED} or not exists (select 1 from sales_document_lines g
    where g.document_id = o.id and g.kind in ('variant', 'pack', 'kit')))`;
  // The status reads the payment status just computed (SQLite's set clauses all read the old row).
  return sql`update sales_documents as o set payment_status = ${payment},
    status = case
      when o.status in (${sqlList(COMPLETES_FROM)}) and ${delivered} and ${payment} = ${PAYMENT.paid} then ${COMPLETED}
      when o.status = ${COMPLETED} and not (${delivered} and ${payment} = ${PAYMENT.paid})
        then case when o.shipping_status = ${NOTHING_SENT} then ${REOPENED.none} else ${REOPENED.sent} end
      else o.status end
    where o.id = ${orderId} and o.type = 'sales_order'`;
}
