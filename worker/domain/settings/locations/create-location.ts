import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { conflict, isUniqueViolation, parseInput, SETTINGS } from "../common";
import { LocationInput, type LocationView } from "./location-schemas";
import { assertLabelFree, columns, view } from "./location-shared";

export async function createLocation(ctx: Ctx, raw: unknown): Promise<LocationView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const input = parseInput(LocationInput, raw);
  await assertLabelFree(db, input.label);
  try {
    const [row] = await db
      .insert(tenantSchema.locations)
      .values({ ...columns(input), label: input.label })
      .returning();
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("location_label_taken", "label");
    throw error;
  }
}
