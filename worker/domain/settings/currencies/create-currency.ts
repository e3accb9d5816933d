import { tenantSchema } from "../../../../db/client";
import { runCreatingInsert } from "../../shared/batch-marks";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { insertedId } from "../../shared/inserted-id";
import { conflict, isUniqueViolation, parseInput, SETTINGS } from "../common";
import { CurrencyInput, ONE, type CurrencyView } from "./currency-schemas";
import { assertIsoFree, currencyPresentation, scaled, view } from "./currency-shared";

/** Adds a currency (never the default: see makeDefaultCurrency); label and sign default to Intl's English ones. */
export async function createCurrency(ctx: Ctx, raw: unknown): Promise<CurrencyView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const input = parseInput(CurrencyInput, raw);
  await assertIsoFree(db, input.iso);
  const shown = currencyPresentation(input.iso, "en");
  try {
    const insert = db
      .insert(tenantSchema.currencies)
      .values({
        iso: input.iso,
        label: input.label ?? shown.label,
        sign: input.sign ?? shown.sign,
        symbolTemplate: input.symbol_template ?? shown.symbolTemplate,
        exchangeRate: scaled(input.exchange_rate ?? ONE),
        isDefault: false,
        active: input.active ?? true,
      })
      .returning();
    const [row] = await runCreatingInsert(db, insert, { type: "currency", id: insertedId("currencies") });
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("currency_taken", "iso");
    throw error;
  }
}
