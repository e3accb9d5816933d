import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { conflict, fieldError, isUniqueViolation, lockedByUse, parseInput, recordId, runBatch, SETTINGS } from "../common";
import { ONE, UpdateCurrencyInput, type CurrencyView } from "./currency-schemas";
import { assertIsoFree, findRow, isUsed, scaled, usedByPrices, view } from "./currency-shared";

const { currencies, companySettings } = tenantSchema;

/**
 * Changes a currency. The default one stays active (`default_currency`) and at rate 1
 * (`default_currency_rate`); the code of a currency that prices use cannot change (`in_use`).
 */
export async function updateCurrency(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<CurrencyView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const { id: rawId, ...fields } = raw;
  const id = recordId(rawId);
  const row = await findRow(db, id);
  const input = parseInput(UpdateCurrencyInput, fields);
  if (row.isDefault && input.exchange_rate !== undefined && !input.exchange_rate.equals(ONE))
    throw fieldError("exchange_rate", "default_currency_rate");
  const deactivating = input.active === false && row.active;
  if (deactivating && row.isDefault) throw conflict("default_currency", "active");
  const changingIso = input.iso !== undefined && input.iso !== row.iso;
  if (changingIso) {
    if (await isUsed(db, id)) throw lockedByUse("iso");
    await assertIsoFree(db, input.iso!, id);
  }
  const changes = {
    ...(input.iso !== undefined ? { iso: input.iso } : {}),
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.sign !== undefined ? { sign: input.sign } : {}),
    ...(input.symbol_template !== undefined ? { symbolTemplate: input.symbol_template } : {}),
    ...(input.exchange_rate !== undefined ? { exchangeRate: scaled(input.exchange_rate) } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  if (Object.keys(changes).length === 0) return view(row);
  // Rechecked in the write: the currency may have become the default, or gained prices, meanwhile.
  const guards = [
    eq(currencies.id, id),
    ...(deactivating || input.exchange_rate !== undefined
      ? [sql`(${currencies.isDefault} = 0 or ${changes.exchangeRate ?? scaled(ONE)} = ${scaled(ONE)})`]
      : []),
    ...(deactivating ? [eq(currencies.isDefault, false)] : []),
    ...(changingIso ? [sql`not ${usedByPrices(id)}`] : []),
  ];
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(currencies)
      .set(changes)
      .where(and(...guards))
      .returning({ id: currencies.id }),
  ];
  // The company settings name the default currency by its code.
  if (changingIso && row.isDefault)
    statements.push(db.update(companySettings).set({ defaultCurrency: input.iso!, updatedAt: ctx.now() }).where(eq(companySettings.id, 1)));
  let results: unknown[];
  try {
    results = await runBatch(db, statements);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("currency_taken", "iso");
    throw error;
  }
  if ((results[0] as unknown[]).length === 0) {
    const now = await findRow(db, id);
    if (now.isDefault && deactivating) throw conflict("default_currency", "active");
    if (now.isDefault) throw fieldError("exchange_rate", "default_currency_rate");
    throw lockedByUse("iso");
  }
  return view(await findRow(db, id));
}
