import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { controlSchema, tenantSchema } from "../../../../db/client";
import { addressChanges } from "../../contacts/shared";
import { changedNumberFormats, refuseLongNumberFormats } from "../../documents/numbering";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { fieldError, parseInput, runBatch, SETTINGS } from "../common";
import { defaultCurrencyStatements, findCurrencyByIso } from "../currencies/currency-shared";
import { UpdateCompanySettingsInput, type CompanySettingsView } from "./company-settings-schemas";
import { findRow, settingsView } from "./company-settings-shared";
import { sirenOfVatNumber } from "./legal-identifiers";
import { DomainError } from "../../shared/domain-error";
import { toScaledInteger, PRICE_SCALE } from "../../shared/money";

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
  await checkIdentifiers(ctx, row, input);
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
    ...(input.legal_form !== undefined ? { legalForm: input.legal_form } : {}),
    ...(input.share_capital !== undefined
      ? { shareCapital: input.share_capital === null ? null : Number(toScaledInteger(input.share_capital, PRICE_SCALE)) }
      : {}),
    ...(input.siren !== undefined ? { siren: input.siren } : {}),
    ...(input.siret !== undefined ? { siret: input.siret } : {}),
    ...(input.rcs_city !== undefined ? { rcsCity: input.rcs_city } : {}),
    ...(input.vat_number !== undefined ? { vatNumber: input.vat_number } : {}),
    ...(input.default_tax_id !== undefined ? { defaultTaxId: input.default_tax_id } : {}),
    ...(input.estimate_expiration_days !== undefined ? { estimateExpirationDays: input.estimate_expiration_days } : {}),
    ...(input.document_numbering !== undefined
      ? { documentNumbering: changedNumberFormats(row.documentNumbering, input.document_numbering) }
      : {}),
    ...(input.separate_numbering_per_location !== undefined ? { separateNumberingPerLocation: input.separate_numbering_per_location } : {}),
    ...(input.prevent_negative_inventory !== undefined ? { preventNegativeInventory: input.prevent_negative_inventory } : {}),
    ...(input.use_invoice_draft !== undefined ? { useInvoiceDraft: input.use_invoice_draft } : {}),
    ...(input.invoice_draft_forced !== undefined ? { invoiceDraftForced: input.invoice_draft_forced } : {}),
    ...(input.invoice_number_edit_access !== undefined ? { invoiceNumberEditAccess: input.invoice_number_edit_access } : {}),
    ...(input.edit_finalized_invoice !== undefined ? { editFinalizedInvoice: input.edit_finalized_invoice } : {}),
  };
  // A format whose numbers would pass their type's longest (an invoice's 18 characters) is refused.
  if (changes.documentNumbering) refuseLongNumberFormats(changes.documentNumbering);
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

/**
 * The identifiers must agree with each other once saved: a SIRET begins with the SIREN, a French
 * VAT number is made from it; the default tax is one of the company's active taxes.
 */
async function checkIdentifiers(
  ctx: Ctx,
  row: Awaited<ReturnType<typeof findRow>>,
  input: ReturnType<typeof UpdateCompanySettingsInput.parse>,
) {
  const siren = input.siren !== undefined ? input.siren : row.siren;
  const siret = input.siret !== undefined ? input.siret : row.siret;
  const vat = input.vat_number !== undefined ? input.vat_number : row.vatNumber;
  const fields: NonNullable<DomainError["fields"]> = {};
  if (siren && siret && !siret.startsWith(siren)) fields[input.siret !== undefined ? "siret" : "siren"] = { code: "siret_not_of_siren" };
  const vatSiren = vat ? sirenOfVatNumber(vat) : null;
  if (siren && vatSiren && vatSiren !== siren)
    fields[input.vat_number !== undefined ? "vat_number" : "siren"] ??= { code: "vat_number_not_of_siren" };
  if (input.default_tax_id) {
    const { taxes } = tenantSchema;
    const [tax] = await ctx.db
      .select({ id: taxes.id })
      .from(taxes)
      .where(and(eq(taxes.id, input.default_tax_id), eq(taxes.active, true)))
      .limit(1);
    if (!tax) fields.default_tax_id = { code: "unknown_tax" };
  }
  if (Object.keys(fields).length) throw new DomainError("validation_failed", {}, fields);
}
