import { sql } from "drizzle-orm";
import type { StockBatch } from "../stock/ledger";
import { EXCHANGE_RATE_SCALE } from "../products/prices-of-variants";
import type { PricedDocument } from "./sales-lines";
import { checkMinimumOrderAmount, creditLimitExceeded, goodsAmount } from "./sales-rules";

/** An exchange rate of 1, as stored, written as a real so that the product cannot overflow an integer. */
const RATE_ONE = sql.raw(`${10 ** EXCHANGE_RATE_SCALE}.0`);

/** Sales order statuses in which an order no longer counts in the customer's balance. */
export const CLOSED_ORDER_STATUSES = ["cancelled", "completed_automatically", "completed_manually"] as const;

/** The checks of an order once priced (domain spec §5): the customer's minimum order amount before the batch, the credit limit inside it. */
export const orderRules = {
  check(priced: PricedDocument): void {
    const { party, currency } = priced;
    checkMinimumOrderAmount(party.minimumOrderAmount, goodsAmount(priced), currency);
  },
  /**
   * The customer's balance (the totals of their open sales orders, this one as just written) must
   * stay within the credit limit; checked in the batch so that concurrent orders cannot pass it together.
   * The limit is in the company's currency: each order's total is converted at its own exchange rate.
   */
  guard(batch: StockBatch, priced: PricedDocument): void {
    const { party, companyCurrency } = priced;
    if (party.kind !== "customer" || party.creditLimit === null) return;
    const closed = sql.join(
      CLOSED_ORDER_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    );
    // Rounded per order to the stored scale (4 decimals), as the order's own total is.
    const balance = sql`(select coalesce(sum(round(total * ${RATE_ONE} / exchange_rate)), 0) from sales_documents
      where type = 'sales_order' and customer_id = ${BigInt(party.id)} and status not in (${closed}))`;
    batch.requireThat(sql`${balance} <= ${BigInt(party.creditLimit)}`, creditLimitExceeded(party.creditLimit, companyCurrency));
  },
};
