import { sql, type SQL } from "drizzle-orm";
import { sqlList } from "../shared/sql-list";
import type { StockBatch } from "../stock/ledger";
import { EXCHANGE_RATE_SCALE } from "../products/prices-of-variants";
import type { PricedDocument } from "./sales-lines";
import { checkMinimumOrderAmount, creditLimitExceeded, goodsAmount } from "./sales-rules";

/** An exchange rate of 1, as stored, written as a real so that the product cannot overflow an integer. */
export const RATE_ONE = sql.raw(`${10 ** EXCHANGE_RATE_SCALE}.0`);

/** Sales order statuses in which an order no longer counts in the customer's balance. */
export const CLOSED_ORDER_STATUSES = ["cancelled", "completed_automatically", "completed_manually"] as const;

/** The checks of an order once priced (domain spec §5): the customer's minimum order amount before the batch, the credit limit inside it. */
export const orderRules = {
  check(priced: PricedDocument): void {
    const { party, currency } = priced;
    checkMinimumOrderAmount(party.minimumOrderAmount, goodsAmount(priced), currency);
  },
  /**
   * The customer's balance must stay within the credit limit (domain spec §5: "the current balance
   * computed from open sales orders and invoices"): what their finalised invoices (not cancelled)
   * leave to pay, plus what their open orders (this one as just written) have not yet invoiced.
   * Checked in the batch, so that concurrent orders cannot pass it together. The limit is in the
   * company's currency: each document is converted at its own exchange rate.
   */
  guard(batch: StockBatch, priced: PricedDocument): void {
    const { party, companyCurrency } = priced;
    if (party.kind !== "customer" || party.creditLimit === null) return;
    batch.requireThat(
      sql`${customerBalance(party.id)} <= ${BigInt(party.creditLimit)}`,
      creditLimitExceeded(party.creditLimit, companyCurrency),
    );
  },
};

/** Invoice statuses that owe nothing to the balance: not yet issued, or cancelled. */
const NOT_OWED = ["draft", "cancelled", "voided"] as const;

/** Credit note statuses whose remaining_to_credit is still the customer's: not yet all applied, not cancelled. */
const CREDIT_AVAILABLE = ["pending", "partially_credited"] as const;

/**
 * The parts of a customer's balance in the company's currency, in SQL (rounded per document to
 * the stored scale, as each total is): `invoices`, the remaining to pay of their issued invoices;
 * `orders`, for each open sales order its total less the totals of its issued invoices (never
 * below zero); `credits`, what their credit notes have not yet applied to an invoice, money the
 * company owes them. An order's invoices are found by their lines, as what remains to invoice is
 * (an invoice of a shipping order too), so an invoiced order is counted once.
 */
export function balanceParts(customerId: number): { orders: SQL; invoices: SQL; credits: SQL } {
  const id = BigInt(customerId);
  const billed = sql`(select coalesce(sum(i.total), 0) from sales_documents i where i.type = 'invoice' and i.status not in (${sqlList(NOT_OWED)})
    and i.id in (select l.document_id from sales_document_lines l where l.source_line_id in (select id from sales_document_lines where document_id = o.id)))`;
  const orders = sql`(select coalesce(sum(round(max(0, o.total - ${billed}) * ${RATE_ONE} / o.exchange_rate)), 0) from sales_documents o
    where o.type = 'sales_order' and o.customer_id = ${id} and o.status not in (${sqlList(CLOSED_ORDER_STATUSES)}))`;
  const invoices = sql`(select coalesce(sum(round(remaining_to_pay * ${RATE_ONE} / exchange_rate)), 0) from sales_documents
    where type = 'invoice' and customer_id = ${id} and status not in (${sqlList(NOT_OWED)}))`;
  const credits = sql`(select coalesce(sum(round(remaining_to_credit * ${RATE_ONE} / exchange_rate)), 0) from sales_documents
    where type = 'credit_note' and customer_id = ${id} and status in (${sqlList(CREDIT_AVAILABLE)}))`;
  return { orders, invoices, credits };
}

/**
 * A customer's balance (domain spec §5: "computed from open sales orders and invoices"), in SQL:
 * net of the credit notes they have not yet used, which they can set against any of their
 * invoices (decision 042), so that the credit limit and the customer's page weigh one figure.
 */
export function customerBalance(customerId: number): SQL {
  const { orders, invoices, credits } = balanceParts(customerId);
  return sql`(${orders} + ${invoices} - ${credits})`;
}
