import { and, eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { conflict, recordId, SETTINGS } from "../common";
import { anotherActive, findRow } from "./location-shared";

const { locations } = tenantSchema;

/** Deletes a location, unless it is the last active one (`last_active_location`). */
export async function deleteLocation(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const id = recordId(input.id);
  const row = await findRow(db, id);
  const guard = row.active ? and(eq(locations.id, id), anotherActive(id)) : eq(locations.id, id);
  const deleted = await db.delete(locations).where(guard).returning({ id: locations.id });
  if (deleted.length === 0) {
    await findRow(db, id);
    throw conflict("last_active_location");
  }
}
