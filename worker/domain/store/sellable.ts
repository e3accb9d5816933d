import { sql, type SQL } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";

const t = tenantSchema;

/**
 * What the store sells, the one rule every store read and the order's batch hold (domain spec §3:
 * product and variant each carry `active` and `b2b_published`; platform spec §7: the catalogue
 * lists what is published and active). A variant is sold when it is active and published to the
 * store, and so is its product: switching off either, on the product or on the variant, takes it
 * out of the catalogue, its page, the cart, quick order, order again and the orders still to place.
 * A pack is sold when it is active and its variant is sold (the cart reads packs itself).
 */

/** The product row in scope (`products`) is, by its own flags, sold: active and published to the store. */
const productSold = () => sql`(${t.products.active} and ${t.products.b2bPublished})`;
/** The variant row in scope (`variants`) is, by its own flags, sold. */
const variantSold = () => sql`(${t.variants.active} and ${t.variants.b2bPublished})`;

/**
 * The variant row in scope (`variants`) is sold by the store: active and published, of an active
 * product published to the store. A condition on the row (its product found by primary key), for
 * the statements that already read variants: it adds a lookup to them, never a statement.
 */
export function sellableVariant(): SQL {
  return sql`(${variantSold()} and exists (select 1 from ${t.products} where ${t.products.id} = ${t.variants.productId} and ${productSold()}))`;
}

/** The product row in scope (`products`) is sold with at least one of its variants. */
export function sellableProduct(): SQL {
  return sql`(${productSold()} and exists (select 1 from ${t.variants} where ${t.variants.productId} = ${t.products.id} and ${variantSold()}))`;
}
