import { sql } from "drizzle-orm";
import { keptSelect, tenantSchema, type TenantDb } from "../../../../db/client";
import { asBoolean } from "../common";
import type { Ctx } from "../../shared/ctx";
import { weightUnitOf, type FormatSettings } from "../../shared/format";

const { companySettings, currencies, storeSettings } = tenantSchema;

type CompanyFormat = Omit<FormatSettings, "language" | "timeZone">;

/** The company's part of the format settings: its number format, default currency and currencies; every page reads it. */
export async function companyFormat(ctx: Ctx): Promise<CompanyFormat> {
  return (await backOfficeCompany(ctx)).format;
}

// Every back-office page sends these three selects: made into SQL once per isolate.
const readSettings = keptSelect((db: TenantDb) =>
  db
    .select({ numberFormat: companySettings.numberFormat, currency: companySettings.defaultCurrency, country: companySettings.country })
    .from(companySettings)
    .limit(1),
);
const readCurrencies = keptSelect((db: TenantDb) =>
  db.select({ iso: currencies.iso, sign: currencies.sign, symbol_template: currencies.symbolTemplate }).from(currencies),
);
const readStoreStatus = keptSelect((db: TenantDb) =>
  db
    .select({ open: sql<number | null>`json_extract(${storeSettings.settings}, '$.status')` })
    .from(storeSettings)
    .limit(1),
);

/**
 * What every back-office page reads of the company, in one round trip: its format settings, and
 * whether its B2B store is open (the side menu's store entry is a group only then, platform spec §2).
 */
export async function backOfficeCompany(ctx: Ctx): Promise<{ format: CompanyFormat; storeOpen: boolean }> {
  const { db } = ctx;
  const [settings, rows, store] = await db.batch([readSettings(db), readCurrencies(db), readStoreStatus(db)]);
  return {
    format: {
      numberFormat: settings[0]?.numberFormat ?? "comma_point",
      currency: settings[0]?.currency ?? "USD",
      currencies: rows,
      weightUnit: weightUnitOf(settings[0]?.country),
    },
    storeOpen: asBoolean(store[0]?.open),
  };
}
