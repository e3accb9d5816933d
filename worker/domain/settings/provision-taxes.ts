import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { Decimal } from "../shared/decimal";
import type { Locale } from "../shared/locale";
import { toScaledInteger } from "../shared/money";
import { formatPercent, type NumberFormat } from "../shared/format";
import { TAX_RATE_SCALE } from "./taxes/tax-schemas";

const { taxes, companySettings } = tenantSchema;

/** A country's value-added tax: its name (per language where the country has several) and its rates, the standard one first. */
interface CountryVat {
  name: string | Record<Locale, string>;
  rates: readonly string[];
}

/**
 * The VAT rates a company starts with, by the country it signs up in (rates in force in 2025).
 * The first rate is the standard one: the tax new products start with. A country not listed
 * (the United States, whose sales taxes depend on the place of sale, and every other) starts
 * with none: the company adds its own in the tax settings.
 */
export const STANDARD_VAT: Readonly<Record<string, CountryVat>> = {
  FR: { name: "TVA", rates: ["20", "10", "5.5", "2.1"] },
  // Monaco applies the French rates.
  MC: { name: "TVA", rates: ["20", "10", "5.5", "2.1"] },
  BE: { name: { fr: "TVA", en: "VAT" }, rates: ["21", "12", "6"] },
  LU: { name: { fr: "TVA", en: "VAT" }, rates: ["17", "14", "8", "3"] },
  CH: { name: { fr: "TVA", en: "VAT" }, rates: ["8.1", "3.8", "2.6"] },
  DE: { name: { fr: "TVA", en: "VAT" }, rates: ["19", "7"] },
  ES: { name: { fr: "TVA", en: "VAT" }, rates: ["21", "10", "4"] },
  IT: { name: { fr: "TVA", en: "VAT" }, rates: ["22", "10", "5", "4"] },
  NL: { name: { fr: "TVA", en: "VAT" }, rates: ["21", "9"] },
  GB: { name: { fr: "TVA", en: "VAT" }, rates: ["20", "5", "0"] },
};

/** The taxes a company of this country starts with, labelled in its language and number format ("TVA 5,5 %"). */
export function standardTaxes(country: string, language: Locale, numberFormat: NumberFormat) {
  const vat = STANDARD_VAT[country.toUpperCase()];
  if (!vat) return [];
  const name = typeof vat.name === "string" ? vat.name : vat.name[language];
  return vat.rates.map((rate) => {
    const value = Decimal.parse(rate);
    return {
      label: `${name} ${formatPercent(value, numberFormat)}`,
      // At most 10 characters (the tax form's bound): "TVA5.5".
      abbreviation: `${name}${value.toString()}`.slice(0, 10),
      rate: Number(toScaledInteger(value, TAX_RATE_SCALE)),
    };
  });
}

/**
 * The statements that give a new company its country's taxes and make the standard rate its
 * default tax; they go in the batch that writes the company settings row, after it.
 */
export function taxDefaultStatements(
  db: TenantDb,
  company: { country: string; language: Locale; numberFormat: NumberFormat },
): BatchItem<"sqlite">[] {
  const rows = standardTaxes(company.country, company.language, company.numberFormat);
  if (rows.length === 0) return [];
  return [
    db.insert(taxes).values(rows.map((row) => ({ ...row, kind: "simple" as const }))),
    db
      .update(companySettings)
      .set({ defaultTaxId: sql`(select id from taxes where label = ${rows[0]!.label} collate nocase)` })
      .where(eq(companySettings.id, 1)),
  ];
}
