import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import { fromScaledInteger, PRICE_SCALE } from "../shared/money";
import { buyerOf } from "./buyer";

const t = tenantSchema;

export interface BuyerAddressView {
  id: number;
  label: string | null;
  lines: string;
  type: "billing" | "shipping" | "both";
  default_billing: boolean;
  default_shipping: boolean;
}

/**
 * What finalizing an order offers (platform spec §2, /b2b/order): the addresses of the buyer's
 * customer to ship and bill to, and the customer's minimum order amount, told before ordering.
 */
export async function getOrderChoices(
  ctx: Ctx,
  _input: Record<string, never> = {},
): Promise<{ addresses: BuyerAddressView[]; minimum_order_amount: string | null }> {
  const buyer = buyerOf(ctx);
  const a = t.customerAddresses;
  const [rows, [customer]] = await ctx.db.batch([
    ctx.db.select().from(a).where(eq(a.customerId, buyer.customerId)).orderBy(a.id),
    ctx.db.select({ minimum: t.customers.minimumOrderAmount }).from(t.customers).where(eq(t.customers.id, buyer.customerId)),
  ]);
  const minimum = customer?.minimum ? fromScaledInteger(customer.minimum, PRICE_SCALE).toString() : null;
  return { addresses: addressViews(rows), minimum_order_amount: minimum };
}

function addressViews(rows: (typeof t.customerAddresses.$inferSelect)[]): BuyerAddressView[] {
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    lines: [r.address1, r.address2, [r.postalCode, r.city].filter(Boolean).join(" "), r.province, r.country].filter(Boolean).join(", "),
    type: r.type,
    default_billing: r.defaultBilling,
    default_shipping: r.defaultShipping,
  }));
}
