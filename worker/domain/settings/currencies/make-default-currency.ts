import { requirePermission, type Ctx } from "../../shared/ctx";
import { recordId, runBatch, SETTINGS } from "../common";
import type { CurrencyView } from "./currency-schemas";
import { defaultCurrencyStatements, findRow, view } from "./currency-shared";

/** Makes a currency the default, in one batch (see defaultCurrencyStatements). */
export async function makeDefaultCurrency(ctx: Ctx, input: { id: unknown }): Promise<CurrencyView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const row = await findRow(db, recordId(input.id));
  await runBatch(db, await defaultCurrencyStatements(db, row, ctx.now()));
  return view(await findRow(db, row.id));
}
