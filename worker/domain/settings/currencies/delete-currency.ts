import { and, eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { conflict, recordId, SETTINGS } from "../common";
import { findRow, isUsed, usedByPrices } from "./currency-shared";

const { currencies } = tenantSchema;

/** Deletes a currency unless it is the default (`default_currency`) or prices use it (`in_use`). */
export async function deleteCurrency(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const id = recordId(input.id);
  const row = await findRow(db, id);
  if (row.isDefault) throw conflict("default_currency");
  if (await isUsed(db, id)) throw conflict("in_use");
  const deleted = await db
    .delete(currencies)
    .where(and(eq(currencies.id, id), eq(currencies.isDefault, false), sql`not ${usedByPrices(id)}`))
    .returning({ id: currencies.id });
  if (deleted.length === 0) {
    const now = await findRow(db, id);
    throw conflict(now.isDefault ? "default_currency" : "in_use");
  }
}
