import { sql } from "drizzle-orm";
import type { StockBatch } from "../stock/ledger";
import type { PricedDocument } from "./sales-lines";
import { checkMinimumOrderAmount, creditLimitExceeded } from "./sales-rules";

/** Sales order statuses in which an order no longer counts in the customer's balance. */
export const CLOSED_ORDER_STATUSES = ["cancelled", "completed_automatically", "completed_manually"] as const;

/** The checks of an order once priced (domain spec §5): the customer's minimum order amount before the batch, the credit limit inside it. */
export const orderRules = {
  check(priced: PricedDocument): void {
    const { customer, totals, currency } = priced;
    checkMinimumOrderAmount(customer.minimumOrderAmount, totals.totalExclTax! - totals.shippingCost!, currency);
  },
  /**
   * The customer's balance (the totals of their open sales orders, this one as just written) must
   * stay within the credit limit; checked in the batch so that concurrent orders cannot pass it together.
   */
  guard(batch: StockBatch, priced: PricedDocument): void {
    const { customer, currency } = priced;
    if (customer.creditLimit === null) return;
    const closed = sql.join(
      CLOSED_ORDER_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    );
    const balance = sql`(select coalesce(sum(total), 0) from sales_documents
      where type = 'sales_order' and customer_id = ${BigInt(customer.id)} and status not in (${closed}))`;
    batch.requireThat(sql`${balance} <= ${BigInt(customer.creditLimit)}`, creditLimitExceeded(customer.creditLimit, currency));
  },
};
