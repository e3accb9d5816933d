import { tenantSchema } from "../../../../db/client";
import { runCreatingInsert } from "../../shared/batch-marks";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { insertedId } from "../../shared/inserted-id";
import { conflict, isUniqueViolation, parseInput, SETTINGS } from "../common";
import { LocationInput, type LocationView } from "./location-schemas";
import { assertLabelFree, columns, view } from "./location-shared";

export async function createLocation(ctx: Ctx, raw: unknown): Promise<LocationView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const input = parseInput(LocationInput, raw);
  await assertLabelFree(db, input.label);
  try {
    const insert = db
      .insert(tenantSchema.locations)
      .values({ ...columns(input), label: input.label })
      .returning();
    const [row] = await runCreatingInsert(db, insert, { type: "location", id: insertedId("locations") });
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("location_label_taken", "label");
    throw error;
  }
}
