import { and, eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { asBoolean, conflict, PRICE_LEVELS, recordId } from "../common";
import { findRow, isDefault, isUsed, usedByPrices } from "./price-level-shared";

const { priceLevels } = tenantSchema;

/** Deletes a level unless it is a default (`default_price_level`) or prices use it (`in_use`). */
export async function deletePriceLevel(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, PRICE_LEVELS);
  const { db } = ctx;
  const id = recordId(input.id);
  const row = await findRow(db, id);
  if (asBoolean(row.isDefault)) throw conflict("default_price_level");
  if (await isUsed(db, id)) throw conflict("in_use");
  const deleted = await db
    .delete(priceLevels)
    .where(and(eq(priceLevels.id, id), sql`not ${isDefault(id)}`, sql`not ${usedByPrices(id)}`))
    .returning({ id: priceLevels.id });
  if (deleted.length === 0) {
    const now = await findRow(db, id);
    throw conflict(asBoolean(now.isDefault) ? "default_price_level" : "in_use");
  }
}
