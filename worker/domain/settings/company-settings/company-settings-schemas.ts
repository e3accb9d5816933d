import { z } from "zod";
import { PAYMENT_TERMS_TYPES, type PaymentTerms } from "../../contacts/payment-terms";
import {
  addressFields,
  zBoundedDecimal,
  zCountry,
  zDays,
  zOptionalEmail,
  zPhone,
  zRef,
  zText,
  zUrl,
  type AddressView,
} from "../../contacts/shared";
import { MAX_MONEY } from "../../shared/bounds";
import { PRICE_SCALE } from "../../shared/money";
import { compactIdentifier, isSiren, isSiret, isVatNumber } from "./legal-identifiers";
import { NumberFormatsInput, type NumberFormat, type NumberedDocumentType } from "../../documents/numbering";
import { LOCALES, type Locale } from "../../shared/locale";
import { isTimeZone } from "../../users/users-schemas";
import { objectError, zLabel } from "../common";
import { INVOICE_NUMBER_EDIT_ACCESS, type InvoiceNumberEditAccess } from "../../invoices/invoice-settings";

export const NUMBER_FORMATS = ["space_comma", "comma_point"] as const;

/** The company's own settings (domain spec §3 'Company'), as the API and the settings page show them. */
export interface CompanySettingsView extends AddressView {
  label: string;
  country: string;
  /** Key of the logo in the files bucket, null without one. */
  logo_key: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  number_format: (typeof NUMBER_FORMATS)[number];
  /** ISO code of the default currency. */
  default_currency: string;
  languages: Locale[];
  timezone: string;
  payment_terms: PaymentTerms;
  /** What the documents print at their foot: legal form ("SAS"), share capital (in the default currency), identifiers. */
  legal_form: string | null;
  share_capital: string | null;
  /** 9 digits. */
  siren: string | null;
  /** 14 digits. */
  siret: string | null;
  /** The city of the trade register (RCS) the company is registered with. */
  rcs_city: string | null;
  /** Intra-EU VAT number, country prefix first ("FR40303265045"). */
  vat_number: string | null;
  /** The tax a new product starts with; null for none. */
  default_tax_id: number | null;
  estimate_expiration_days: number;
  /** How each type of document is numbered (worker/domain/documents/numbering.ts). */
  document_numbering: Record<NumberedDocumentType, NumberFormat>;
  /** Each location numbers its documents on its own, its id in the number. */
  separate_numbering_per_location: boolean;
  /** Nobody sells or takes stock below zero: every user, API token and store order (stock/selling-rule.ts). */
  prevent_negative_inventory: boolean;
  /** Invoices (domain spec §3 'Company invoice settings', invoices/invoice-settings.ts). */
  use_invoice_draft: boolean;
  invoice_draft_forced: boolean;
  invoice_number_edit_access: InvoiceNumberEditAccess;
  edit_finalized_invoice: boolean;
  updated_at: number;
}

/** An identifier as typed, compacted (spaces, dots and dashes dropped); blank is none; `valid` checks the rest. */
const zIdentifier = (max: number, valid: (text: string) => boolean, code: "invalid_siren" | "invalid_siret" | "invalid_vat_number") =>
  z
    .string({ error: code })
    .max(max * 2, code)
    .nullable()
    .transform((v) => (v === null ? null : compactIdentifier(v) || null))
    .refine((v) => v === null || valid(v), code);

export const UpdateCompanySettingsInput = z
  .strictObject(
    {
      label: zLabel(200),
      email: zOptionalEmail,
      phone: zPhone,
      website: zUrl,
      ...addressFields,
      // The company always has a country (taxes and documents depend on it).
      country: zCountry.pipe(z.string({ error: "required" })),
      number_format: z.enum(NUMBER_FORMATS, { error: "invalid" }),
      default_currency: z.string({ error: "unknown_currency" }).trim().toUpperCase(),
      languages: z
        .array(z.enum(LOCALES, { error: "invalid_language" }), { error: "invalid" })
        .min(1, "required")
        .transform((list) => [...new Set(list)]),
      timezone: z.string({ error: "required" }).trim().min(1, "required").max(64, "too_long").refine(isTimeZone, "invalid_timezone"),
      payment_terms: z.strictObject({ type: z.enum(PAYMENT_TERMS_TYPES, { error: "invalid" }), days: zDays.default(0) }, objectError),
      legal_form: zText(60),
      share_capital: zBoundedDecimal(PRICE_SCALE, { min: 0, max: MAX_MONEY, nullable: true }),
      siren: zIdentifier(9, isSiren, "invalid_siren"),
      siret: zIdentifier(14, isSiret, "invalid_siret"),
      rcs_city: zText(100),
      vat_number: zIdentifier(14, isVatNumber, "invalid_vat_number"),
      default_tax_id: zRef("unknown_tax").nullable(),
      estimate_expiration_days: zDays,
      document_numbering: NumberFormatsInput,
      separate_numbering_per_location: z.boolean({ error: "invalid" }),
      prevent_negative_inventory: z.boolean({ error: "invalid" }),
      use_invoice_draft: z.boolean({ error: "invalid" }),
      invoice_draft_forced: z.boolean({ error: "invalid" }),
      invoice_number_edit_access: z.enum(INVOICE_NUMBER_EDIT_ACCESS, { error: "invalid" }),
      edit_finalized_invoice: z.boolean({ error: "invalid" }),
    },
    objectError,
  )
  .partial();
export type UpdateCompanySettingsInput = z.input<typeof UpdateCompanySettingsInput>;
