import { asc } from "drizzle-orm";
import { keptSelect, tenantSchema, type TenantDb } from "../../../../db/client";
import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { fromScaledInteger, PRICE_SCALE } from "../../shared/money";

// The dashboard reads them at every visit: the statement is built once per isolate.
const readLocations = keptSelect((db: TenantDb) => db.select().from(tenantSchema.locations).orderBy(asc(tenantSchema.locations.label)));

/** The company's stores and warehouses with their addresses, by label (the dashboard); any signed-in actor reads them. */
export async function listLocations(ctx: Ctx) {
  requireBackOffice(ctx);
  const rows = await readLocations(ctx.db);
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
