import { tenantSchema } from "../../../../db/client";
import type { Ctx } from "../../shared/ctx";
import type { FormatSettings } from "../../shared/format";

const { companySettings, currencies } = tenantSchema;

/** The company's part of the format settings: its number format, default currency and currencies; every page reads it. */
export async function companyFormat(ctx: Ctx): Promise<Omit<FormatSettings, "language" | "timeZone">> {
  const { db } = ctx;
  const [settings, rows] = await db.batch([
    db.select({ numberFormat: companySettings.numberFormat, currency: companySettings.defaultCurrency }).from(companySettings).limit(1),
    db.select({ iso: currencies.iso, sign: currencies.sign, symbol_template: currencies.symbolTemplate }).from(currencies),
  ]);
  return {
    numberFormat: settings[0]?.numberFormat ?? "comma_point",
    currency: settings[0]?.currency ?? "USD",
    currencies: rows,
  };
}
