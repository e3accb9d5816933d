import { and, eq, notInArray, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { PricedDocument } from "./sales-lines";
import { checkCreditLimit, checkMinimumOrderAmount } from "./sales-rules";

const { salesDocuments } = tenantSchema;

/** Sales order statuses in which an order no longer counts in the customer's balance nor holds stock. */
export const CLOSED_ORDER_STATUSES = ["cancelled", "completed_automatically", "completed_manually"];

/** The customer's balance: the totals of their open sales orders, but the one being changed. */
async function openBalance(db: TenantDb, customerId: number, exceptId: number | null): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${salesDocuments.total}), 0)` })
    .from(salesDocuments)
    .where(
      and(
        eq(salesDocuments.type, "sales_order"),
        eq(salesDocuments.customerId, customerId),
        notInArray(salesDocuments.status, CLOSED_ORDER_STATUSES),
        exceptId === null ? undefined : sql`${salesDocuments.id} <> ${exceptId}`,
      ),
    );
  return Number(row?.total ?? 0);
}

/** The checks of an order once priced: the customer's minimum order amount, then their credit limit (domain spec §5). */
export function orderChecks(db: TenantDb, exceptId: number | null) {
  return async (priced: PricedDocument) => {
    const { customer, totals, currency } = priced;
    checkMinimumOrderAmount(customer.minimumOrderAmount, totals.totalExclTax! - totals.shippingCost!, currency);
    if (customer.creditLimit !== null)
      checkCreditLimit(customer.creditLimit, await openBalance(db, customer.id, exceptId), totals.total!, currency);
  };
}
