import { eq, sql, type SQL } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { Buyer } from "./buyer";

/**
 * A buyer coming to the store (a page or an order) is recorded on their customer:
 * b2b_user_last_access, which the store's dashboard lists its last buyers by, at most once an hour.
 * A buyer who comes in holds an active membership for that customer, so a customer never given
 * access through the store ('none', or only 'requested': one made by hand, by an import or by the
 * demo) is then 'granted'; 'denied' and 'disabled' are staff's decisions and stay.
 */

/** A buyer's visits are written on their customer at most this often. */
export const VISIT_PRECISION_MS = 60 * 60 * 1000;

const { customers } = tenantSchema;

/** What the visit rule reads of the buyer's customer (one statement of a caller's batch). */
export function visitFacts(db: TenantDb, buyer: Buyer) {
  return db
    .select({ lastAccess: customers.b2bUserLastAccess, access: customers.b2bAccess })
    .from(customers)
    .where(eq(customers.id, buyer.customerId));
}

/** Whether the visit is to be written: the last one is older than the precision, or the customer's access was never marked. */
export function visitDue(customer: { lastAccess: number | null; access: string } | undefined, now: number): boolean {
  if (!customer) return false;
  return (
    customer.access === "none" ||
    customer.access === "requested" ||
    customer.lastAccess === null ||
    customer.lastAccess <= now - VISIT_PRECISION_MS
  );
}

/** The write of a visit, guarded by the same rule (two pages at once write it once). */
export function buyerVisit(at: number, buyer: Buyer): SQL {
  const now = BigInt(at);
  return sql`update customers set b2b_user_last_access = ${now},
      b2b_access = case when b2b_access in ('none', 'requested') then 'granted' else b2b_access end
    where id = ${BigInt(buyer.customerId)}
      and (b2b_user_last_access is null or b2b_user_last_access <= ${now - BigInt(VISIT_PRECISION_MS)} or b2b_access in ('none', 'requested'))`;
}
