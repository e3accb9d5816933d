import { sql, type SQL } from "drizzle-orm";
import type { Buyer } from "./buyer";

/** A buyer's visits are written on their customer at most this often. */
export const VISIT_PRECISION_MS = 60 * 60 * 1000;

/**
 * The statement recording that a buyer came to the store (a page or an order): their customer's
 * b2b_user_last_access, which the store's dashboard lists its last buyers by. A buyer who comes
 * in holds an active membership for that customer, so a customer never given access through the
 * store ('none', or only 'requested': one made by hand or by an import) is then 'granted';
 * 'denied' and 'disabled' are staff's decisions and stay. Written at most once an hour.
 */
export function buyerVisit(at: number, buyer: Buyer): SQL {
  const now = BigInt(at);
  return sql`update customers set b2b_user_last_access = ${now},
      b2b_access = case when b2b_access in ('none', 'requested') then 'granted' else b2b_access end
    where id = ${BigInt(buyer.customerId)}
      and (b2b_user_last_access is null or b2b_user_last_access <= ${now - BigInt(VISIT_PRECISION_MS)} or b2b_access in ('none', 'requested'))`;
}
