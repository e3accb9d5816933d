import { eq } from "drizzle-orm";
import type { COUNTRY_ID_CODES, ComfortProfile, CURRENCY_CODES, FacturX } from "factur-x-kit";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { AddressSnapshot } from "../../../db/schema/tenant/sales";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { requirePermission, type Ctx } from "../shared/ctx";
import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { currencyDecimals } from "../shared/money";
import { isDraftInvoice, readInvoice, type InvoiceView } from "./invoice-views";

/** The factur-x-kit module, loaded when an invoice needs it (its enumerations name the codes). */
export type FacturXKit = typeof import("factur-x-kit");

/**
 * Factur-X (EN 16931 profile): the Cross Industry Invoice XML of a finalised invoice of a French
 * company, and the invoice's PDF carrying it as `factur-x.xml`. The XML is written by factur-x-kit
 * from the invoice's own figures (never computed again), so that its totals are the invoice's to
 * the cent; the library checks the EN 16931 business rules before it writes anything.
 */

const { companySettings, customers } = tenantSchema;

type Company = typeof companySettings.$inferSelect;
/** What a Factur-X is made of: an invoice, or a credit note read the same way (it has no due date and is no deposit). */
export type FacturXDocument = Pick<
  InvoiceView,
  | "id"
  | "number"
  | "status"
  | "date"
  | "due_date"
  | "is_deposit"
  | "lines"
  | "currency"
  | "total_ecotax"
  | "shipping_cost"
  | "shipping_taxes"
  | "shipping_tax_amount"
  | "notes"
  | "terms"
  | "customer_id"
  | "customer"
  | "billing_address"
  | "external_reference"
  | "total_excl_tax"
  | "tax_total"
  | "total"
  | "tax_model"
  | "tax_type"
>;
/** An invoice (380, or 386 for a deposit) or a credit note (381). */
export type FacturXKind = "invoice" | "credit_note";

type Line = NonNullable<InvoiceView["lines"]>[number];
type Tax = ComfortProfile["invoiceLines"][number]["settlement"]["tax"];

/** What a line without VAT says (BT-120): a French company's invoice without VAT is exempt. */
const EXEMPTION_REASON = "TVA non applicable";

/** Why an invoice has no Factur-X, or null when it has one. */
export function facturXUnavailable(invoice: FacturXDocument, company: Pick<Company, "country" | "vatNumber">): string | null {
  if (isDraftInvoice(invoice)) return "a draft has no number yet";
  if (company.country.toUpperCase() !== "FR") return "only a French company's invoices are Factur-X";
  // EN 16931 asks the seller's VAT number of an invoice with VAT, or exempt from it (BR-S-02, BR-E-02).
  if (!company.vatNumber) return "the company settings name no VAT number";
  if (invoice.tax_model !== "global" || invoice.tax_type !== "tax_exclusive") return "its prices include tax or follow the US tax model";
  if ((invoice.lines ?? []).some((l) => l.taxes.length > 1) || invoice.shipping_taxes.length > 1) return "a line has several taxes";
  return null;
}

const date = (iso: string) => {
  const [year, month, day] = iso.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
};

/** The first two letters of a tax number that reads as an EU VAT number (FR12345678901). */
const isVatNumber = (value: string) => /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(value.replace(/\s+/g, "").toUpperCase());

/** An address snapshot as a postal address: its printed lines, its country (the company's when it names none). */
function postalAddress(address: AddressSnapshot | null, fallbackCountry: string) {
  const lines = address?.lines.filter((l) => l.trim() !== "") ?? [];
  return {
    addressLineOne: lines[0],
    addressLineTwo: lines[1],
    addressLineThree: lines.length > 2 ? lines.slice(2).join(", ") : undefined,
    country: (address?.country ?? fallbackCountry).toUpperCase() as COUNTRY_ID_CODES,
  };
}

/** A VAT category: S with its rate, E (exempt, with its reason) for no tax or a 0 % rate. */
function vatCategory(taxes: { rate: string }[], kit: FacturXKit): Tax & { key: string } {
  const rate = taxes[0] ? Number(taxes[0].rate) : 0;
  if (rate === 0)
    return {
      typeCode: kit.TAX_TYPE_CODE.VALUE_ADDED_TAX_VAT,
      categoryCode: kit.TAX_CATEGORY_CODES.EXEMPT_FROM_TAX,
      rateApplicablePercent: 0,
      key: "E",
    };
  return {
    typeCode: kit.TAX_TYPE_CODE.VALUE_ADDED_TAX_VAT,
    categoryCode: kit.TAX_CATEGORY_CODES.STANDARD_RATE,
    rateApplicablePercent: rate,
    key: `S:${rate}`,
  };
}

/**
 * The invoice as factur-x-kit's EN 16931 (Comfort) data. Every amount is the invoice's: a line's net
 * amount is its total after its discount plus its ecotax (a line charge); the global discount is
 * one document allowance per VAT category (what it took off that category's lines, as the line
 * engine spread it) and the shipping a document charge in its own category; each category's basis
 * and VAT are the sums of its lines' and shipping's.
 */
export function facturXData(
  invoice: FacturXDocument,
  company: Company,
  customerTaxNumber: string | null,
  kit: FacturXKit,
  kind: FacturXKind = "invoice",
): ComfortProfile {
  const decimals = currencyDecimals(invoice.currency);
  const dec = (value: string) => Decimal.parse(value).round(decimals);
  const num = (value: Decimal) => Number(value.toFixed(decimals));
  const zero = Decimal.zero(decimals);
  const priced = (invoice.lines ?? []).filter((l) => l.kind !== "text" && l.component_of_lid === null);
  const usesEcotax = !dec(invoice.total_ecotax).isZero();

  interface Category {
    tax: Tax;
    lines: Decimal;
    basis: Decimal;
    vat: Decimal;
    shipping: Decimal;
  }
  const categories = new Map<string, Category>();
  const category = (taxes: { rate: string }[]) => {
    const { key, ...tax } = vatCategory(taxes, kit);
    let entry = categories.get(key);
    if (!entry) categories.set(key, (entry = { tax, lines: zero, basis: zero, vat: zero, shipping: zero }));
    return entry;
  };

  const invoiceLines = priced.map((line: Line, i) => {
    const ecotax = usesEcotax ? Decimal.parse(line.units).mul(Decimal.parse(line.ecotax)).round(decimals) : zero;
    const discount = dec(line.discount_amount);
    const net = dec(line.total).add(ecotax);
    const entry = category(line.taxes);
    entry.lines = entry.lines.add(net);
    entry.basis = entry.basis.add(dec(line.total_excl_tax));
    entry.vat = entry.vat.add(dec(line.tax_amount));
    const allowances = discount.isZero() ? undefined : [{ actualAmount: num(discount), reasonCode: kit.ALLOWANCE_REASONS_CODES.Discount }];
    const charges = ecotax.isZero() ? undefined : [{ actualAmount: num(ecotax), reason: "Eco-participation" }];
    const name = line.description?.trim() || line.pack_label || line.sku || "-";
    // A deposit deducted: EN 16931 wants no negative price (BR-27), so one unit is taken back instead.
    const back = Number(line.price) < 0 ? -1 : 1;
    return {
      generalLineData: { lineId: String(i + 1) },
      productDescription: { name, ...(line.sku ? { sellerProductId: line.sku } : {}) },
      productPriceAgreement: { productNetPricing: { netPricePerItem: back * Number(line.price) } },
      delivery: { itemQuantity: { quantity: back * Number(line.quantity), unit: kit.UNIT_CODES.ONE } },
      settlement: {
        tax: entry.tax,
        ...(allowances || charges ? { lineLevelAllowancesAndCharges: { allowances, charges } } : {}),
        lineTotals: { netTotal: num(net) },
      },
    };
  });

  const shippingCost = dec(invoice.shipping_cost);
  if (!shippingCost.isZero()) {
    const entry = category(invoice.shipping_taxes);
    entry.shipping = shippingCost;
    entry.basis = entry.basis.add(shippingCost);
    entry.vat = entry.vat.add(dec(invoice.shipping_tax_amount));
  }

  const all = [...categories.values()];
  // What the global discount took off each category: its lines' net amounts less their taxed bases.
  const allowances = all
    .map((c) => ({ c, amount: c.lines.add(c.shipping).sub(c.basis) }))
    .filter(({ amount }) => !amount.isZero())
    .map(({ c, amount }) => ({ actualAmount: num(amount), reasonCode: kit.ALLOWANCE_REASONS_CODES.Discount, categoryTradeTax: c.tax }));
  const charges = all
    .filter((c) => !c.shipping.isZero())
    .map((c) => ({ actualAmount: num(c.shipping), reasonCode: kit.CHARGE_REASONS_CODES.Freight_service, categoryTradeTax: c.tax }));
  const lineTotal = all.reduce((s, c) => s.add(c.lines), zero);
  const allowanceTotal = allowances.reduce((s, a) => s.add(Decimal.parse(String(a.actualAmount))), zero);

  const currency = invoice.currency.toUpperCase() as CURRENCY_CODES;
  const total = dec(invoice.total);
  const seller: ComfortProfile["seller"] = {
    name: company.label,
    postalAddress: {
      addressLineOne: company.address1 ?? undefined,
      addressLineTwo: company.address2 ?? undefined,
      postcode: company.postalCode ?? undefined,
      city: company.city ?? undefined,
      countrySubDivision: company.province ?? undefined,
      country: company.country.toUpperCase() as COUNTRY_ID_CODES,
    },
    ...(company.siret ? { globalId: [{ id: company.siret.replace(/\s+/g, ""), scheme: kit.ISO6523_CODES.SIRET_CODE }] } : {}),
    ...(company.siren
      ? {
          specifiedLegalOrganization: {
            id: {
              id: company.siren.replace(/\s+/g, ""),
              scheme: kit.ISO6523_CODES.System_Information_et_Repertoire_des_Entreprise_et_des_Etablissements_SIRENE,
            },
          },
        }
      : {}),
    ...(company.vatNumber ? { taxIdentification: { vatId: company.vatNumber.replace(/\s+/g, "").toUpperCase() } } : {}),
    ...(company.legalForm ? { otherLegalInformation: company.legalForm } : {}),
  };
  const taxNumber = customerTaxNumber?.trim() ?? "";

  return {
    profile: kit.PROFILES.COMFORT,
    document: {
      id: invoice.number ?? "",
      type:
        kind === "credit_note"
          ? kit.DOCUMENT_TYPE_CODES.CREDIT_NOTE
          : invoice.is_deposit
            ? kit.DOCUMENT_TYPE_CODES.PREPAYMENT_INVOICE
            : kit.DOCUMENT_TYPE_CODES.COMMERCIAL_INVOICE,
      dateOfIssue: date(invoice.date),
      currency,
      notes: invoice.notes?.trim() ? [{ content: invoice.notes.trim() }] : [],
    },
    seller,
    buyer: {
      id: String(invoice.customer_id),
      name: invoice.customer.label,
      postalAddress: postalAddress(invoice.billing_address, company.country),
      ...(taxNumber
        ? { taxIdentification: isVatNumber(taxNumber) ? { vatId: taxNumber.replace(/\s+/g, "").toUpperCase() } : { localTaxId: taxNumber } }
        : {}),
      ...(invoice.external_reference ? { reference: invoice.external_reference } : {}),
    },
    invoiceLines,
    paymentInformation: {
      paymentTerms: {
        ...(invoice.terms?.trim() ? { description: invoice.terms.trim() } : {}),
        ...(invoice.due_date ? { dueDate: date(invoice.due_date) } : {}),
      },
    },
    totals: {
      sumWithoutAllowancesAndCharges: num(lineTotal),
      ...(allowances.length || charges.length
        ? {
            documentLevelAllowancesAndCharges: {
              allowances: allowances.length ? allowances : undefined,
              charges: charges.length ? charges : undefined,
            },
          }
        : {}),
      ...(allowances.length ? { allowanceTotalAmount: num(allowanceTotal) } : {}),
      ...(charges.length ? { chargeTotalAmount: num(shippingCost) } : {}),
      netTotal: num(dec(invoice.total_excl_tax)),
      taxBreakdown: all.map((c) => ({
        calculatedAmount: num(c.vat),
        typeCode: c.tax.typeCode,
        basisAmount: num(c.basis),
        categoryCode: c.tax.categoryCode,
        rateApplicablePercent: c.tax.rateApplicablePercent,
        ...(c.tax.categoryCode === kit.TAX_CATEGORY_CODES.EXEMPT_FROM_TAX ? { exemptionReason: EXEMPTION_REASON } : {}),
      })),
      taxTotal: [{ amount: num(dec(invoice.tax_total)), currency }],
      grossTotal: num(total),
      // What an issued invoice says does not change with the payments recorded after it.
      prepaidAmount: 0,
      openAmount: num(total),
    },
  };
}

async function readFacturXParties(db: TenantDb, customerId: number) {
  const [[company], [customer]] = await Promise.all([
    db.select().from(companySettings).where(eq(companySettings.id, 1)),
    db.select({ taxNumber: customers.taxNumber }).from(customers).where(eq(customers.id, customerId)),
  ]);
  return { company: company!, customerTaxNumber: customer?.taxNumber ?? null };
}

/**
 * The invoice's Factur-X, or null when it has none (facturXUnavailable), or when the library finds
 * an EN 16931 rule broken: the invoice is then still printed and sent as a plain PDF rather than
 * not at all, and the rule is logged so that the case can be mended.
 */
export async function invoiceFacturX(db: TenantDb, invoice: FacturXDocument, kind: FacturXKind = "invoice"): Promise<FacturX | null> {
  const { company, customerTaxNumber } = await readFacturXParties(db, invoice.customer_id);
  if (facturXUnavailable(invoice, company)) return null;
  // Loaded only when an invoice is Factur-X: the library is large (its own fonts and templates), and
  // every other request, and every module that imports this one, does without it.
  const kit = await import("factur-x-kit");
  const facturX = await kit.FacturX.fromObject(facturXData(invoice, company, customerTaxNumber, kit, kind));
  const checked = facturX.validate();
  if (checked.valid) return facturX;
  console.error(`${kind === "invoice" ? "Invoice" : "Credit note"} ${invoice.id}: no Factur-X, ${JSON.stringify(checked.errors ?? [])}`);
  return null;
}

/**
 * The invoice's PDF as Factur-X when it has one: the same pages with the XML attached as
 * `factur-x.xml`, its XMP metadata and an sRGB output intent; the PDF unchanged otherwise.
 */
export async function withFacturX(
  db: TenantDb,
  invoice: FacturXDocument,
  pdf: Uint8Array,
  kind: FacturXKind = "invoice",
): Promise<Uint8Array> {
  const facturX = await invoiceFacturX(db, invoice, kind);
  if (!facturX) return pdf;
  return facturX.getPDF({ existingNonConformantPdf: pdf });
}

/** GET /invoices/{id}/factur-x.xml: the XML alone, for whoever reads invoices; a draft or an invoice without one answers factur_x_not_available. */
export async function facturXXml(ctx: Ctx, id: unknown): Promise<string> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.read);
  const invoice = await readInvoice(ctx.db, id, ctx.now());
  const facturX = await invoiceFacturX(ctx.db, invoice);
  if (!facturX) throw new DomainError("factur_x_not_available");
  return facturX.getXML();
}
