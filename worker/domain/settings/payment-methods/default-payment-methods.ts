import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import type { Locale } from "../../shared/locale";
import { labelKey } from "./payment-method-shared";

/**
 * The payment methods every company starts with, in its language; cash and card are offered at
 * the point of sale. Migration 0018 gives the same four to the companies that existed before it
 * (a test holds the two lists equal).
 */
export const DEFAULT_PAYMENT_METHODS: readonly { label: Record<Locale, string>; pos: boolean }[] = [
  { label: { en: "Cash", fr: "Espèces" }, pos: true },
  { label: { en: "Bank transfer", fr: "Virement" }, pos: false },
  { label: { en: "Card", fr: "Carte bancaire" }, pos: true },
  { label: { en: "Cheque", fr: "Chèque" }, pos: false },
];

/** The statement that gives a new company its payment methods; it goes in the batch that writes its settings. */
export function paymentMethodDefaultStatements(db: TenantDb, company: { language: Locale }): BatchItem<"sqlite">[] {
  const rows = DEFAULT_PAYMENT_METHODS.map(({ label, pos }) => {
    const shown = label[company.language] ?? label.en;
    return { label: shown, labelKey: labelKey(shown), pos };
  });
  return [db.insert(tenantSchema.paymentMethods).values(rows)];
}
