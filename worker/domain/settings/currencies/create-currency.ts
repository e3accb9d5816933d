import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
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
    const [row] = await db
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
    return view(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("currency_taken", "iso");
    throw error;
  }
}
