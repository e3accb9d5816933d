import { asc } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { fromScaledInteger, PRICE_SCALE } from "../../shared/money";

/** The company's stores and warehouses with their addresses, by label (the dashboard); any signed-in actor reads them. */
export async function listLocations(ctx: Ctx) {
  requireBackOffice(ctx);
  const rows = await ctx.db.select().from(tenantSchema.locations).orderBy(asc(tenantSchema.locations.label));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    type: row.type,
    active: row.active,
    shipping: row.shipping,
    shippingCost: fromScaledInteger(row.shippingCost, PRICE_SCALE).toString(),
    address: {
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      postalCode: row.postalCode,
      province: row.province,
      country: row.country,
    },
  }));
}
