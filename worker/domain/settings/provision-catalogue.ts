import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { Locale } from "../shared/locale";
import { currencyPresentation } from "./currencies/currency-shared";

const { currencies, priceLevels, locations, companySettings } = tenantSchema;

// Names of the rows every company starts with, in the company's language.
const NAMES: Record<Locale, { selling: string; purchasing: string; location: string }> = {
  en: { selling: "Selling price", purchasing: "Purchase price", location: "Main warehouse" },
  fr: { selling: "Prix de vente", purchasing: "Prix d'achat", location: "Entrepôt principal" },
};

export interface CatalogueDefaults {
  /** ISO 4217 code of the company's currency. */
  currency: string;
  language: Locale;
  /** Labels of the first locations; without any, one warehouse is made when the company has none. */
  locations?: readonly string[] | undefined;
}

/**
 * The statements that give a new company what the catalogue needs: its currency (the default,
 * rate 1), a selling and a purchasing price level set as its defaults, and a first location.
 * They go in the batch that writes the company settings row, after it.
 */
export function catalogueDefaultStatements(db: TenantDb, company: CatalogueDefaults): BatchItem<"sqlite">[] {
  const names = NAMES[company.language] ?? NAMES.en;
  const shown = currencyPresentation(company.currency, company.language);
  const levelId = (label: string) => sql`(select id from price_levels where label = ${label} collate nocase)`;
  const firstLocations = company.locations?.length
    ? [db.insert(locations).values(company.locations.map((label) => ({ label, type: "warehouse" as const })))]
    : [db.run(sql`insert into locations (label, type) select ${names.location}, 'warehouse' where not exists (select 1 from locations)`)];
  return [
    db.insert(currencies).values({
      iso: company.currency,
      label: shown.label,
      sign: shown.sign,
      symbolTemplate: shown.symbolTemplate,
      exchangeRate: 100_000_000,
      isDefault: true,
      active: true,
    }),
    db.insert(priceLevels).values([
      { label: names.selling, type: "selling" },
      { label: names.purchasing, type: "purchasing" },
    ]),
    ...firstLocations,
    db
      .update(companySettings)
      .set({
        defaultCurrency: company.currency,
        defaultSellingPriceLevelId: levelId(names.selling),
        defaultPurchasingPriceLevelId: levelId(names.purchasing),
      })
      .where(eq(companySettings.id, 1)),
  ];
}
