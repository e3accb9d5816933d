import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { controlSchema, tenantSchema } from "../../../../db/client";
import { addressChanges } from "../../contacts/shared";
import { changedNumberFormats } from "../../documents/numbering";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { fieldError, parseInput, runBatch, SETTINGS } from "../common";
import { defaultCurrencyStatements, findCurrencyByIso } from "../currencies/currency-shared";
import { UpdateCompanySettingsInput, type CompanySettingsView } from "./company-settings-schemas";
import { findRow, settingsView } from "./company-settings-shared";

const { companySettings } = tenantSchema;

/**
 * Changes the company settings that are given, in one batch; a new default currency (one of the
 * company's, by code) rebases the exchange rates as makeDefaultCurrency does. The label is also
 * the company's name in the control database (the account menu, the company switcher).
 */
export async function updateCompanySettings(ctx: Ctx, raw: unknown): Promise<CompanySettingsView> {
  requirePermission(ctx, SETTINGS);
  const { db, control } = ctx;
  const input = parseInput(UpdateCompanySettingsInput, raw);
  const row = await findRow(db);
  const now = ctx.now();
  const statements: BatchItem<"sqlite">[] = [];
  if (input.default_currency !== undefined && input.default_currency !== row.defaultCurrency) {
    const currency = await findCurrencyByIso(db, input.default_currency);
    if (!currency) throw fieldError("default_currency", "unknown_currency");
    statements.push(...(await defaultCurrencyStatements(db, currency, now)));
  }
  const { country, ...address } = addressChanges(input);
  const changes = {
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.website !== undefined ? { website: input.website } : {}),
    ...address,
    ...(country ? { country } : {}),
    ...(input.number_format !== undefined ? { numberFormat: input.number_format } : {}),
    ...(input.languages !== undefined ? { languages: input.languages } : {}),
    ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
    ...(input.payment_terms !== undefined
      ? { paymentTermsType: input.payment_terms.type, paymentTermsDays: input.payment_terms.days }
      : {}),
    ...(input.estimate_expiration_days !== undefined ? { estimateExpirationDays: input.estimate_expiration_days } : {}),
    ...(input.document_numbering !== undefined
      ? { documentNumbering: changedNumberFormats(row.documentNumbering, input.document_numbering) }
      : {}),
    ...(input.separate_numbering_per_location !== undefined ? { separateNumberingPerLocation: input.separate_numbering_per_location } : {}),
  };
  if (Object.keys(changes).length)
    statements.push(
      db
        .update(companySettings)
        .set({ ...changes, updatedAt: now })
        .where(eq(companySettings.id, 1)),
    );
  await runBatch(db, statements);
  // Two databases cannot share a batch: the company's own row is written first, and saving again repairs a failed copy.
  if (input.label !== undefined)
    await control.update(controlSchema.companies).set({ label: input.label }).where(eq(controlSchema.companies.id, ctx.actor.company.id));
  return settingsView(db);
}
