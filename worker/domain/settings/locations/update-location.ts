import { and, eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { conflict, isUniqueViolation, parseInput, recordId, SETTINGS } from "../common";
import { UpdateLocationInput, type LocationView } from "./location-schemas";
import { anotherActive, assertLabelFree, columns, findRow, view, type LocationRow } from "./location-shared";

const { locations } = tenantSchema;

/**
 * Changes a location. Deactivating the company's last active location is refused
 * (`last_active_location`): the condition is part of the update, so two at once cannot both pass.
 */
export async function updateLocation(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<LocationView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const { id: rawId, ...fields } = raw;
  const id = recordId(rawId);
  const row = await findRow(db, id);
  const input = parseInput(UpdateLocationInput, fields);
  if (input.label !== undefined && input.label !== row.label) await assertLabelFree(db, input.label, id);
  const changes = columns(input);
  if (Object.keys(changes).length === 0) return view(row);
  const deactivating = input.active === false && row.active;
  let updated: LocationRow | undefined;
  try {
    [updated] = await db
      .update(locations)
      .set(changes)
      .where(deactivating ? and(eq(locations.id, id), anotherActive(id)) : eq(locations.id, id))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("location_label_taken", "label");
    throw error;
  }
  if (!updated) {
    await findRow(db, id);
    throw conflict("last_active_location", "active");
  }
  return view(updated);
}
