import { and, eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { asBoolean, conflict, isUniqueViolation, lockedByUse, parseInput, PRICE_LEVELS, recordId } from "../common";
import { UpdatePriceLevelInput, type PriceLevelView } from "./price-level-schemas";
import { assertLabelFree, findRow, isDefault, isUsed, usedByPrices, view } from "./price-level-shared";

const { priceLevels } = tenantSchema;

/**
 * Changes a level. A default level stays active and keeps its type (`default_price_level`);
 * the type of a level that prices use cannot change (`in_use`).
 */
export async function updatePriceLevel(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<PriceLevelView> {
  requirePermission(ctx, PRICE_LEVELS);
  const { db } = ctx;
  const { id: rawId, ...fields } = raw;
  const id = recordId(rawId);
  const row = await findRow(db, id);
  const input = parseInput(UpdatePriceLevelInput, fields);
  const changingType = input.type !== undefined && input.type !== row.type;
  const deactivating = input.active === false && row.active;
  if ((changingType || deactivating) && asBoolean(row.isDefault)) throw conflict("default_price_level", changingType ? "type" : "active");
  if (changingType && (await isUsed(db, id))) throw lockedByUse("type");
  if (input.label !== undefined && input.label !== row.label) await assertLabelFree(db, input.label, id);

  const changes = {
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  if (Object.keys(changes).length === 0) return view(row);
  // The same rules again inside the write, for a default or a price set in between.
  const guards = [
    eq(priceLevels.id, id),
    ...(changingType || deactivating ? [sql`not ${isDefault(id)}`] : []),
    ...(changingType ? [sql`not ${usedByPrices(id)}`] : []),
  ];
  let updated: { id: number } | undefined;
  try {
    [updated] = await db
      .update(priceLevels)
      .set(changes)
      .where(and(...guards))
      .returning({ id: priceLevels.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("price_level_label_taken", "label");
    throw error;
  }
  if (!updated) {
    const now = await findRow(db, id);
    throw asBoolean(now.isDefault) ? conflict("default_price_level", changingType ? "type" : "active") : lockedByUse("type");
  }
  return view(await findRow(db, id));
}
