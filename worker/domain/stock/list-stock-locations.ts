import { asc, eq } from "drizzle-orm";
import { keptSelect, tenantSchema, type TenantDb } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { SEE_STOCK_LOCATIONS } from "./stock-access";

const { locations } = tenantSchema;

const locationsRead = (activeOnly: boolean) =>
  keptSelect((db: TenantDb) =>
    db
      .select({ id: locations.id, label: locations.label, active: locations.active })
      .from(locations)
      .where(activeOnly ? eq(locations.active, true) : undefined)
      .orderBy(asc(locations.label), asc(locations.id)),
  );
// Lists, filters and document forms read them at every visit: both statements built once per isolate.
const readActive = locationsRead(true);
const readAll = locationsRead(false);

/** Locations a document may be made in (active ones; inactive ones too for filters of past records), by label. */
export async function listStockLocations(ctx: Ctx, input: { includeInactive?: boolean } = {}) {
  requirePermission(ctx, SEE_STOCK_LOCATIONS);
  return (input.includeInactive ? readAll : readActive)(ctx.db);
}
