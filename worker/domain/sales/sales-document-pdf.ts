import { eq, inArray } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import type { SalesDocumentType } from "../../../db/schema/tenant/sales";
import { OWED_TO_THE_CUSTOMER, PRINTABLE_KINDS, type PdfSettings, type PrintableKind } from "../documents/pdf/pdf-settings";
import type { PrintableDocument, PrintableLine } from "../documents/pdf/printable-document";
import type { Locale } from "../shared/locale";
import { readPdfSettings } from "../settings/pdf-settings/pdf-settings-shared";
import { requirePermission, type Ctx } from "../shared/ctx";
import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { dueDate, type PaymentTerms } from "../contacts/payment-terms";
import { formatPercent, weightUnitOf, type CurrencyFormat } from "../shared/format";
import { fromScaledInteger, PRICE_SCALE } from "../shared/money";
import { documentCurrency, documentWritingReads, salesDocumentLanguage } from "./document-writing";
import { readSalesDocument, SALES_ACCESS, type SalesDocumentView } from "./sales-documents";

const t = tenantSchema;

/** Which document to print; `language` (an email's) overrides the language rule, so that the PDF reads like the email it goes with. */
type PrintInput = { type: SalesDocumentType; id: unknown; language?: Locale };

/** What a sales document's PDF prints, the PDF settings and the language it prints in (the PDF itself: `documentPdf` in documents/outputs.ts). */
export async function salesDocumentPrintable(
  ctx: Ctx,
  input: PrintInput,
): Promise<{ doc: SalesDocumentView; printable: PrintableDocument; settings: PdfSettings; language: Locale }> {
  requirePermission(ctx, SALES_ACCESS[input.type].read);
  const doc = await readSalesDocument(ctx.db, input.type, input.id);
  return { doc, ...(await printSalesDocument(ctx, doc, input.language)) };
}

/** What an invoice prints beyond an order: its number or none yet (a draft), its due date, what was paid and what remains. */
export interface InvoiceFacts {
  /** Not finalised: "Draft" prints in place of its number. */
  draft: boolean;
  dueDate: string | null;
  isDeposit: boolean;
  amountPaid: string;
  remainingToPay: string;
}

/** A document as its printer reads it: an invoice's number is null while it is a draft. */
export type PrintedSalesDocument = Omit<SalesDocumentView, "number"> & { number: string | null };

/**
 * The printable of a document already read, with its PDF settings and language. It checks no
 * permission: its callers do (`salesDocumentPrintable`, the invoice's output row), or, for the
 * public invoice page, the public verb that found the invoice by its public link
 * (invoices/public-invoice.ts), whose visitor holds no permission at all.
 */
export async function printSalesDocument(
  ctx: Ctx,
  doc: PrintedSalesDocument,
  asked?: Locale,
  invoice?: InvoiceFacts,
): Promise<{ printable: PrintableDocument; settings: PdfSettings; language: Locale }> {
  const { db } = ctx;
  const taxIds = [...new Set([...(doc.lines ?? []).flatMap((l) => l.taxes), ...doc.shipping_taxes].map((x) => x.id))];
  const [[company], [currency], [customer], taxes, [order]] = await db.batch([
    ...documentWritingReads(db, doc.currency),
    db
      .select({
        number: t.customers.number,
        language: t.customers.language,
        paymentTermsType: t.customers.paymentTermsType,
        paymentTermsDays: t.customers.paymentTermsDays,
      })
      .from(t.customers)
      .where(eq(t.customers.id, doc.customer_id)),
    db.select({ id: t.taxes.id, label: t.taxes.label, rate: t.taxes.rate }).from(t.taxes).where(inArray(t.taxes.id, taxIds)),
    // The order a delivery note ships.
    db
      .select({ number: t.salesDocuments.number })
      .from(t.salesDocuments)
      .where(eq(t.salesDocuments.id, doc.type === "shipping_order" && doc.created_from_id !== null ? doc.created_from_id : 0)),
  ]);
  const settings = await readPdfSettings(db);
  const language = asked ?? salesDocumentLanguage(settings, company!, customer ?? null, ctx.locale);
  const logo = settings.show_logo && company!.logoKey ? await logoOf(ctx, company!.logoKey) : null;
  const printable = printableOf(doc, {
    company: company!,
    customerNumber: customer ? String(customer.number) : null,
    currency: documentCurrency(currency, doc.currency),
    taxLabel: (id, rate) => taxes.find((x) => x.id === id)?.label ?? formatPercent(rate, company!.numberFormat),
    logo,
    terms: customer ? paymentTermsOf(company!, { type: customer.paymentTermsType, days: customer.paymentTermsDays }) : null,
    orderNumber: order?.number ?? null,
    invoice: invoice ?? null,
  });
  return { printable, settings, language };
}

export async function logoOf(ctx: Ctx, key: string): Promise<PrintableDocument["logo"]> {
  const object = await ctx.files.get(key);
  if (!object) return null;
  const type = object.httpMetadata?.contentType;
  if (type !== "image/png" && type !== "image/jpeg") return null;
  return { bytes: new Uint8Array(await new Response(object.body).arrayBuffer()), type: type === "image/png" ? "png" : "jpeg" };
}

interface PrintContext {
  company: typeof tenantSchema.companySettings.$inferSelect;
  customerNumber: string | null;
  currency: CurrencyFormat;
  taxLabel: (id: number, rate: string) => string;
  logo: PrintableDocument["logo"];
  /** The payment terms the customer is held to. */
  terms: PaymentTerms | null;
  /** A delivery note's order. */
  orderNumber: string | null;
  /** An invoice's own facts. */
  invoice: InvoiceFacts | null;
}

/**
 * The terms a document prints: the customer's own, unless they are the default a customer is made
 * with (net, 0 days), in which case the company's terms for new documents.
 */
export function paymentTermsOf(
  company: { paymentTermsType: "net" | "eom"; paymentTermsDays: number },
  customer: PaymentTerms,
): PaymentTerms {
  const isDefault = customer.type === "net" && customer.days === 0;
  return isDefault ? { type: company.paymentTermsType, days: company.paymentTermsDays } : customer;
}

/** The company's legal identifiers as the PDF's foot prints them. */
export function legalOf(company: PrintContext["company"]): PrintableDocument["legal"] {
  return {
    legalForm: company.legalForm,
    shareCapital:
      company.shareCapital === null
        ? null
        : { amount: fromScaledInteger(company.shareCapital, PRICE_SCALE).toString(), currency: company.defaultCurrency },
    siren: company.siren,
    siret: company.siret,
    rcsCity: company.rcsCity,
    vatNumber: company.vatNumber,
  };
}

function printableOf(doc: PrintedSalesDocument, context: PrintContext): PrintableDocument {
  const { company } = context;
  const priced = doc.type !== "shipping_order";
  const lines: PrintableLine[] = (doc.lines ?? []).map((line) => {
    if (line.kind === "text") return { kind: "text", description: line.description ?? "" };
    if (line.component_of_lid)
      return { kind: "component", sku: line.sku, description: line.description ?? "", quantity: line.quantity, weightGrams: line.weight };
    const rates = line.taxes.map((x) => formatPercent(x.rate, company.numberFormat));
    return {
      kind: "item",
      sku: line.sku,
      description: line.description ?? "",
      quantity: line.quantity,
      unitPrice: line.price,
      discount: isZero(line.discount) ? null : { value: line.discount, type: line.discount_type },
      tax: rates.length > 0 ? rates.join(" + ") : null,
      total: line.total,
      ecotax: line.ecotax,
      weightGrams: line.weight,
      pack: line.kind === "pack" && line.pack_label !== null ? { label: line.pack_label, units: line.units } : null,
    };
  });
  // Per tax, lines and shipping together, as the engine summed them when the document was saved.
  const byTax = new Map<number, { rate: string; amount: Decimal }>();
  for (const taxes of [...(doc.lines ?? []).map((line) => line.taxes), doc.shipping_taxes])
    for (const tax of taxes) {
      const seen = byTax.get(tax.id);
      byTax.set(tax.id, { rate: tax.rate, amount: (seen?.amount ?? Decimal.zero()).add(Decimal.parse(tax.amount)) });
    }
  const taxes = [...byTax.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, { rate, amount }]) => ({
      label: context.taxLabel(id, rate),
      rate,
      amount: amount.toString(),
    }));
  const address = [
    company.address1,
    company.address2,
    [company.postalCode, company.city].filter(Boolean).join(" "),
    company.province,
  ].filter((l): l is string => Boolean(l && l.trim()));
  const party = (a: SalesDocumentView["billing_address"], fallback: string) => (a ? { label: a.label || fallback, lines: a.lines } : null);
  const { invoice } = context;
  return {
    kind: printableKind(doc.type),
    number: doc.number ?? "",
    // A draft invoice has no number yet (or one typed, not yet its own): it prints "Draft" in its place.
    draft: invoice?.draft ?? false,
    deposit: invoice?.isDeposit ?? false,
    reference: doc.label ?? doc.external_reference,
    date: doc.date,
    dates: [
      ...(doc.expiration_date ? [{ key: "expiration_date" as const, date: doc.expiration_date }] : []),
      ...(doc.shipping_date ? [{ key: "shipping_date" as const, date: doc.shipping_date }] : []),
      // An order is payable: its due date under the terms; an estimate is not yet.
      ...(doc.type === "sales_order" && context.terms ? [{ key: "due_date" as const, date: dueDate(context.terms, doc.date) }] : []),
      // An invoice's due date is its own, worked out when it was made (or typed).
      ...(invoice?.dueDate ? [{ key: "due_date" as const, date: invoice.dueDate }] : []),
    ],
    references: context.orderNumber ? [{ key: "sales_order", number: context.orderNumber }] : [],
    company: {
      label: company.label,
      addressLines: address,
      contactLines: [company.phone, company.email, company.website].filter((l): l is string => Boolean(l)),
    },
    legal: legalOf(company),
    // A credit note or a refund is owed to the customer: the customer's payment terms are not its.
    paymentTerms: priced && !(OWED_TO_THE_CUSTOMER as readonly string[]).includes(doc.type) ? context.terms : null,
    logo: context.logo,
    billTo: party(doc.billing_address, doc.customer.label) ?? { label: doc.customer.label, lines: [] },
    shipTo: party(doc.shipping_address, doc.customer.label),
    customerNumber: context.customerNumber,
    priced,
    currency: context.currency,
    numberFormat: company.numberFormat,
    taxModel: doc.tax_model,
    weightUnit: weightUnitOf(company.country),
    lines,
    totals: priced
      ? {
          subtotal: doc.subtotal,
          discount: isZero(doc.global_discount_amount) ? null : doc.global_discount_amount,
          shipping: isZero(doc.shipping_cost) ? null : doc.shipping_cost,
          shippingTax: isZero(doc.shipping_tax_amount) ? null : doc.shipping_tax_amount,
          taxes,
          taxTotal: doc.tax_total,
          ecotax: isZero(doc.total_ecotax) ? null : doc.total_ecotax,
          totalExclTax: doc.total_excl_tax,
          total: doc.total,
          weightGrams: doc.total_weight,
        }
      : // A delivery note's only total is its weight.
        {
          subtotal: "0",
          discount: null,
          shipping: null,
          taxes: [],
          taxTotal: "0",
          ecotax: null,
          total: "0",
          weightGrams: doc.total_weight,
        },
    payment: invoice ? { amountPaid: invoice.amountPaid, remainingToPay: invoice.remainingToPay } : null,
    notes: doc.notes,
    terms: doc.terms,
  };
}

export function isZero(value: string | null): boolean {
  return value === null || Decimal.parse(value).isZero();
}

/** The kind a sales document prints as: only the types with a PDF (a product return or a subscription has none). */
function printableKind(type: SalesDocumentType): PrintableKind {
  if (!(PRINTABLE_KINDS as readonly string[]).includes(type)) throw new DomainError("not_found");
  return type as PrintableKind;
}
