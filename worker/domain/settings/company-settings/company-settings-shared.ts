import { tenantSchema, type TenantDb } from "../../../../db/client";
import { addressView } from "../../contacts/shared";
import { numberFormats } from "../../documents/numbering";
import { fromScaledInteger, PRICE_SCALE } from "../../shared/money";
import { DomainError } from "../../shared/domain-error";
import { LOCALES, type Locale } from "../../shared/locale";
import type { CompanySettingsView } from "./company-settings-schemas";

// The company settings row (there is one) and its view, shared by the settings and logo verbs.
const { companySettings } = tenantSchema;

export type SettingsRow = typeof companySettings.$inferSelect;

function view(row: SettingsRow): CompanySettingsView {
  return {
    label: row.label,
    logo_key: row.logoKey,
    email: row.email,
    phone: row.phone,
    website: row.website,
    ...addressView(row),
    country: row.country,
    number_format: row.numberFormat,
    default_currency: row.defaultCurrency,
    languages: row.languages.filter((l): l is Locale => (LOCALES as readonly string[]).includes(l)),
    timezone: row.timezone,
    payment_terms: { type: row.paymentTermsType, days: row.paymentTermsDays },
    legal_form: row.legalForm,
    share_capital: row.shareCapital === null ? null : fromScaledInteger(row.shareCapital, PRICE_SCALE).toString(),
    siren: row.siren,
    siret: row.siret,
    rcs_city: row.rcsCity,
    vat_number: row.vatNumber,
    default_tax_id: row.defaultTaxId,
    estimate_expiration_days: row.estimateExpirationDays,
    document_numbering: numberFormats(row.documentNumbering),
    separate_numbering_per_location: row.separateNumberingPerLocation,
    prevent_negative_inventory: row.preventNegativeInventory,
    use_invoice_draft: row.useInvoiceDraft,
    invoice_draft_forced: row.invoiceDraftForced,
    invoice_number_edit_access: row.invoiceNumberEditAccess,
    edit_finalized_invoice: row.editFinalizedInvoice,
    updated_at: row.updatedAt,
  };
}

export async function findRow(db: TenantDb): Promise<SettingsRow> {
  const [row] = await db.select().from(companySettings).limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

/** The settings as the verbs answer them. */
export async function settingsView(db: TenantDb): Promise<CompanySettingsView> {
  return view(await findRow(db));
}
