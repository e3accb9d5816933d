import { and, desc, eq, ne } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import { Decimal } from "../shared/decimal";
import { fromScaledInteger, PRICE_SCALE } from "../shared/money";
import type { StoreSettings } from "./settings/store-settings";

/** The shipping cost (scaled) of the customer's last order that was not cancelled, as one select (the cart reads it as a subquery). */
export function lastShippingCostRead(db: TenantDb, customerId: number) {
  const d = tenantSchema.salesDocuments;
  return db
    .select({ shippingCost: d.shippingCost })
    .from(d)
    .where(and(eq(d.customerId, customerId), eq(d.type, "sales_order"), ne(d.status, "cancelled")))
    .orderBy(desc(d.id))
    .limit(1);
}

/**
 * The shipping cost of a store order: the customer's last order's when the store takes it
 * (get_last_customer_ship_cost) and the customer has one, else the store's own.
 */
export function shippingCostOf(
  settings: Pick<StoreSettings, "shipping_cost" | "get_last_customer_ship_cost">,
  lastOrderShippingCost: Decimal | null,
): Decimal {
  if (settings.get_last_customer_ship_cost && lastOrderShippingCost !== null) return lastOrderShippingCost;
  return Decimal.parse(settings.shipping_cost);
}

/** shippingCostOf, the customer's last order read from the company's database. */
export async function storeShippingCost(
  ctx: Ctx,
  customerId: number,
  settings: Pick<StoreSettings, "shipping_cost" | "get_last_customer_ship_cost">,
): Promise<Decimal> {
  if (!settings.get_last_customer_ship_cost) return shippingCostOf(settings, null);
  const [last] = await lastShippingCostRead(ctx.db, customerId);
  return shippingCostOf(settings, last ? fromScaledInteger(last.shippingCost, PRICE_SCALE) : null);
}
