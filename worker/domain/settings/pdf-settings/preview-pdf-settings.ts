import { z } from "zod";
import { createI18n } from "../../../../locales";
import { OWED_TO_THE_CUSTOMER, PRINTABLE_KINDS } from "../../documents/pdf/pdf-settings";
import type { PrintableDocument } from "../../documents/pdf/printable-document";
import { renderDocumentPdf } from "../../documents/pdf/render-document-pdf";
import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { weightUnitOf, type CurrencyFormat, type NumberFormat } from "../../shared/format";
import type { Locale } from "../../shared/locale";
import { objectError, parseInput } from "../common";
import { companyFormat } from "../company-settings/company-format";
import type { CompanySettingsView } from "../company-settings/company-settings-schemas";
import { getCompanySettings } from "../company-settings/get-company-settings";
import { readCompanyLogo } from "../company-settings/read-company-logo";
import { readPdfSettings } from "./pdf-settings-shared";

export const PreviewPdfSettingsInput = z.strictObject(
  { kind: z.enum(PRINTABLE_KINDS, { error: "invalid" }).default("estimate") },
  objectError,
);

// The logos a PDF can embed; another image prints no logo.
const LOGO_TYPES: Record<string, "png" | "jpeg" | undefined> = { "image/png": "png", "image/jpeg": "jpeg" };

/**
 * A sample document of the given kind (an estimate by default) printed with the saved PDF
 * settings, the company's name, address, logo, number format and currency; any signed-in actor.
 */
export async function previewPdfSettings(ctx: Ctx, raw: unknown = {}): Promise<Uint8Array<ArrayBuffer>> {
  requireBackOffice(ctx);
  const { kind } = parseInput(PreviewPdfSettingsInput, raw);
  const [settings, company, format, logo] = await Promise.all([
    readPdfSettings(ctx.db),
    getCompanySettings(ctx),
    companyFormat(ctx),
    readCompanyLogo(ctx),
  ]);
  const currency = format.currencies.find((c) => c.iso === format.currency) ?? {
    iso: format.currency,
    sign: format.currency,
    symbol_template: "{amount} {sign}",
  };
  const logoType = LOGO_TYPES[logo?.contentType ?? ""];
  const logoBytes = logo && logoType ? { bytes: new Uint8Array(await new Response(logo.body).arrayBuffer()), type: logoType } : null;
  const language = settings.language ?? ctx.locale;
  const doc = sampleDocument({ kind, company, logo: logoBytes, currency, numberFormat: format.numberFormat, language, date: ctx.now() });
  return new Uint8Array(await renderDocumentPdf(doc, settings, ctx.locale));
}

interface SampleParts {
  kind: PrintableDocument["kind"];
  company: CompanySettingsView;
  logo: PrintableDocument["logo"];
  currency: CurrencyFormat;
  numberFormat: NumberFormat;
  language: Locale;
  date: number;
}

/** The sample the preview prints: the company's own header over made-up parties and lines, in the print language. */
function sampleDocument(parts: SampleParts): PrintableDocument {
  const t = (id: string) => createI18n(parts.language)._(`pdf_settings.sample.${id}`);
  const { company } = parts;
  const day = new Date(parts.date).toISOString().slice(0, 10);
  const later = new Date(parts.date + 30 * 86_400_000).toISOString().slice(0, 10);
  const priced = parts.kind !== "shipping_order";
  const lines = [company.address1, company.address2, [company.postal_code, company.city].filter(Boolean).join(" "), company.province];
  // The country by its name, under an address only.
  if (lines.some(Boolean)) lines.push(new Intl.DisplayNames([parts.language], { type: "region" }).of(company.country) ?? company.country);
  return {
    kind: parts.kind,
    number: "SAMPLE-0001",
    reference: t("reference"),
    date: day,
    dates:
      parts.kind === "estimate"
        ? [{ key: "expiration_date", date: later }]
        : parts.kind === "invoice"
          ? [{ key: "due_date", date: later }]
          : [],
    company: {
      label: company.label,
      addressLines: lines.filter((line): line is string => Boolean(line)),
      contactLines: [company.phone, company.email, company.website].filter((line): line is string => Boolean(line)),
    },
    logo: parts.logo,
    billTo: { label: t("customer"), lines: ["1 Main Street", "Springfield"] },
    shipTo: { label: t("customer"), lines: ["2 Harbour Road", "Springfield"] },
    legal: {
      legalForm: company.legal_form,
      shareCapital: company.share_capital === null ? null : { amount: company.share_capital, currency: company.default_currency },
      siren: company.siren,
      siret: company.siret,
      rcsCity: company.rcs_city,
      vatNumber: company.vat_number,
    },
    paymentTerms: priced && !OWED_TO_THE_CUSTOMER.includes(parts.kind) ? company.payment_terms : null,
    customerNumber: "C-0001",
    priced,
    currency: parts.currency,
    numberFormat: parts.numberFormat,
    weightUnit: weightUnitOf(company.country),
    lines: [
      {
        kind: "item",
        sku: "SKU-001",
        description: t("item"),
        quantity: "3",
        unitPrice: priced ? "1250" : null,
        discount: priced ? { value: "10", type: "percentage" } : null,
        tax: priced ? "20 %" : null,
        total: priced ? "3375" : null,
        ecotax: null,
        weightGrams: "1500",
      },
      { kind: "text", description: t("text_line") },
    ],
    totals: priced
      ? {
          subtotal: "3375",
          discount: null,
          shipping: null,
          taxes: [{ label: "20 %", rate: "20", amount: "675" }],
          taxTotal: "675",
          ecotax: null,
          totalExclTax: "3375",
          total: "4050",
          weightGrams: "1500",
        }
      : null,
    notes: t("notes"),
    terms: t("terms"),
  };
}
