import { asc, eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { SEE_STOCK_LOCATIONS } from "./stock-access";

const { locations } = tenantSchema;

/** Locations a document may be made in (active ones; inactive ones too for filters of past records), by label. */
export async function listStockLocations(ctx: Ctx, input: { includeInactive?: boolean } = {}) {
  requirePermission(ctx, SEE_STOCK_LOCATIONS);
  return ctx.db
    .select({ id: locations.id, label: locations.label, active: locations.active })
    .from(locations)
    .where(input.includeInactive ? undefined : eq(locations.active, true))
    .orderBy(asc(locations.label), asc(locations.id));
}
