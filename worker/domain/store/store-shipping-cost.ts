import { and, desc, eq, ne } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import { Decimal } from "../shared/decimal";
import { fromScaledInteger, PRICE_SCALE } from "../shared/money";
import type { StoreSettings } from "./settings/store-settings";

/**
 * The shipping cost of a store order: the customer's last order's when the store takes it
 * (get_last_customer_ship_cost) and the customer has one, else the store's own.
 */
export async function storeShippingCost(
  ctx: Ctx,
  customerId: number,
  settings: Pick<StoreSettings, "shipping_cost" | "get_last_customer_ship_cost">,
): Promise<Decimal> {
  if (settings.get_last_customer_ship_cost) {
    const d = tenantSchema.salesDocuments;
    const [last] = await ctx.db
      .select({ shippingCost: d.shippingCost })
      .from(d)
      .where(and(eq(d.customerId, customerId), eq(d.type, "sales_order"), ne(d.status, "cancelled")))
      .orderBy(desc(d.id))
      .limit(1);
    if (last) return fromScaledInteger(last.shippingCost, PRICE_SCALE);
  }
  return Decimal.parse(settings.shipping_cost);
}
