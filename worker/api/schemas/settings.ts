import { z } from "zod";
import { PAYMENT_TERMS_TYPES } from "../../domain/contacts/payment-terms";
import { NUMBERED_DOCUMENT_TYPES } from "../../domain/documents/numbering";
import { NUMBER_FORMATS, type CompanySettingsView } from "../../domain/settings/company-settings/company-settings-schemas";
import { LOCALES } from "../../domain/shared/locale";
import { INVOICE_NUMBER_EDIT_ACCESS } from "../../domain/invoices/invoice-settings";
import type { CurrencyView } from "../../domain/settings/currencies/currency-schemas";
import { LOCATION_TYPES, type LocationView } from "../../domain/settings/locations/location-schemas";
import type { PaymentMethodView } from "../../domain/settings/payment-methods/payment-method-schemas";
import { PRICE_LEVEL_TYPES, type PriceLevelView } from "../../domain/settings/price-levels/price-level-schemas";
import { TAX_MODELS, TAX_PRIORITIES, TAX_TYPES, type TaxSettingsView } from "../../domain/settings/tax-settings";
import { TAX_KINDS, type TaxView } from "../../domain/settings/taxes/tax-schemas";
import { address, answer, decimal, id, timestamp } from "./common";

const text = z.string().nullable();

export const Location = answer<LocationView>()(
  { id: "Location", description: "A store or warehouse holding stock" },
  z.object({
    id,
    label: z.string(),
    type: z.enum(LOCATION_TYPES),
    active: z.boolean(),
    shipping: z.boolean(),
    shipping_cost: decimal,
    phone: text,
    ...address,
    created_at: timestamp,
  }),
);

export const PriceLevel = answer<PriceLevelView>()(
  { id: "PriceLevel", description: "A selling or purchasing price level" },
  z.object({
    id,
    label: z.string(),
    type: z.enum(PRICE_LEVEL_TYPES),
    active: z.boolean(),
    is_default: z.boolean().meta({ description: "The company's default level of its type" }),
    created_at: timestamp,
  }),
);

export const PaymentMethod = answer<PaymentMethodView>()(
  { id: "PaymentMethod", description: "A way the company is paid (cash, bank transfer…)" },
  z.object({
    id,
    label: z.string(),
    pos: z.boolean().meta({ description: "Offered at the point of sale" }),
    quickbooks_id: text.meta({ description: "The matching payment method of the accounting package; null until linked" }),
    active: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);

export const Currency = answer<CurrencyView>()(
  { id: "Currency", description: "A currency the company prices in" },
  z.object({
    id,
    iso: z.string(),
    label: z.string(),
    sign: z.string(),
    symbol_template: z.string().meta({ description: 'How amounts are written: "{sign}{amount}", "{amount} {sign}"' }),
    exchange_rate: decimal.meta({ description: "Units of this currency per unit of the default one (8 decimals)" }),
    is_default: z.boolean(),
    active: z.boolean(),
    created_at: timestamp,
  }),
);

export const Tax = answer<TaxView>()(
  { id: "Tax", description: "A simple tax, or a group of simple taxes" },
  z.object({
    id,
    label: z.string(),
    abbreviation: z.string(),
    kind: z.enum(TAX_KINDS),
    rate: decimal.meta({ description: "Percent (4 decimals); a group's is the sum of its members'" }),
    tax_ids: z.array(id).meta({ description: "The simple taxes of a group" }),
    active: z.boolean(),
    created_at: timestamp,
  }),
);

export const TaxSettings = answer<TaxSettingsView>()(
  { id: "TaxSettings", description: "How the company computes taxes" },
  z.object({ tax_model: z.enum(TAX_MODELS), tax_type: z.enum(TAX_TYPES), tax_priority: z.enum(TAX_PRIORITIES) }),
);

export const CompanySettings = answer<CompanySettingsView>()(
  { id: "CompanySettings", description: "The company's own settings: name, contact, address, number format, currency, languages, terms" },
  z.object({
    label: z.string(),
    ...address,
    country: z.string(),
    logo_key: text.meta({ description: "Key of the logo in the files bucket; null without one" }),
    email: text,
    phone: text,
    website: text,
    number_format: z.enum(NUMBER_FORMATS).meta({ description: "space_comma '1 234 567,89' or comma_point '1,234,567.89'" }),
    default_currency: z.string().meta({ description: "ISO code of the default currency" }),
    languages: z.array(z.enum(LOCALES)),
    timezone: z.string(),
    payment_terms: z.object({ type: z.enum(PAYMENT_TERMS_TYPES), days: z.int() }),
    legal_form: text.meta({ description: "Legal form printed on documents (SAS, SARL…)" }),
    share_capital: decimal.nullable().meta({ description: "Share capital in the default currency (4 decimals)" }),
    siren: text.meta({ description: "SIREN: 9 digits, Luhn-checked" }),
    siret: text.meta({ description: "SIRET: 14 digits beginning with the SIREN, Luhn-checked (La Poste's rule for its own)" }),
    rcs_city: text.meta({ description: "City of the trade register (RCS)" }),
    vat_number: text.meta({
      description: "Intra-EU VAT number, country prefix first (FR40303265045); a French one is checked against its key",
    }),
    default_tax_id: id.nullable().meta({ description: "The tax a new product starts with" }),
    estimate_expiration_days: z.int(),
    document_numbering: z
      .record(z.enum(NUMBERED_DOCUMENT_TYPES), z.object({ prefix: z.string(), width: z.int() }))
      .meta({ description: "Per type of document: the prefix and the zero-padded width of its numbers (ENT-000001)" }),
    separate_numbering_per_location: z
      .boolean()
      .meta({ description: "Each location numbers its documents on its own, with its id in the number (ENT-3-000001)" }),
    prevent_negative_inventory: z.boolean().meta({
      description: "Prevent selling out-of-stock products: no user, API token or store order may reserve or take more than is available",
    }),
    use_invoice_draft: z.boolean().meta({ description: "New invoices may start as drafts, numbered when finalised" }),
    invoice_draft_forced: z.boolean().meta({ description: "Every new invoice starts as a draft" }),
    invoice_number_edit_access: z
      .enum(INVOICE_NUMBER_EDIT_ACCESS)
      .meta({ description: "Who may type an invoice's number: nobody, holders of settings (admins), or everyone who edits invoices" }),
    edit_finalized_invoice: z.boolean().meta({ description: "A finalised invoice may still be changed" }),
    updated_at: timestamp,
  }),
);
