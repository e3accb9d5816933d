import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { plainCurrency, type CurrencyFormat } from "../shared/format";
import { LOCALES, type Locale } from "../shared/locale";

const t = tenantSchema;

/** The reads a document's PDF and email write with: the company's settings and the format of the document's currency. */
export function documentWritingReads(db: TenantDb, currency: string) {
  return [
    db.select().from(t.companySettings).limit(1),
    db
      .select({ iso: t.currencies.iso, sign: t.currencies.sign, symbol_template: t.currencies.symbolTemplate })
      .from(t.currencies)
      .where(eq(t.currencies.iso, currency)),
  ] as const;
}

/** The currency as a document writes it: its own format, else its code after the amount. */
export function documentCurrency(found: CurrencyFormat | undefined, iso: string): CurrencyFormat {
  return found ?? plainCurrency(iso);
}

const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/**
 * The language a sales document goes out in, its PDF and its email alike: the PDF settings'
 * language, else (setting "the customer's") the customer's own, else the company's first, else the
 * caller's.
 */
export function salesDocumentLanguage(
  settings: { language: Locale | null },
  company: { languages: string[] },
  customer: { language?: string | null } | null,
  fallback: Locale,
): Locale {
  if (settings.language) return settings.language;
  const own = customer?.language;
  return isLocale(own) ? own : (company.languages.find(isLocale) ?? fallback);
}
