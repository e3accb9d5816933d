import { eq, inArray } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import type { PdfSettings } from "../documents/pdf/pdf-settings";
import type { PrintableDocument, PrintableLine } from "../documents/pdf/printable-document";
import { documentCurrency, documentWritingReads, salesDocumentLanguage } from "../sales/document-writing";
import { isZero, legalOf, logoOf } from "../sales/sales-document-pdf";
import { readPdfSettings } from "../settings/pdf-settings/pdf-settings-shared";
import type { Ctx } from "../shared/ctx";
import { Decimal } from "../shared/decimal";
import { formatPercent, weightUnitOf } from "../shared/format";
import type { Locale } from "../shared/locale";
import type { PurchaseOrderView } from "./purchase-order-views";

const t = tenantSchema;

/**
 * What a purchase order's PDF prints (the renderer is every document's: documents/pdf): the
 * supplier as the party it goes to, the location the goods are expected at, the lines priced in
 * the supplier's currency and the expected date. Suppliers keep no language: the PDF settings'
 * language, else the company's first.
 */
export async function printPurchaseOrder(
  ctx: Ctx,
  doc: PurchaseOrderView,
  asked?: Locale,
): Promise<{ printable: PrintableDocument; settings: PdfSettings; language: Locale }> {
  const { db } = ctx;
  const lines = doc.lines ?? [];
  const taxIds = [...new Set([...lines.flatMap((l) => l.taxes), ...doc.shipping_taxes].map((x) => x.id))];
  const [[company], [currency], taxRows, [location]] = await db.batch([
    ...documentWritingReads(db, doc.currency),
    db.select({ id: t.taxes.id, label: t.taxes.label }).from(t.taxes).where(inArray(t.taxes.id, taxIds)),
    db.select().from(t.locations).where(eq(t.locations.id, doc.location_id)),
  ]);
  const settings = await readPdfSettings(db);
  const language = asked ?? salesDocumentLanguage(settings, company!, null, ctx.locale);
  const logo = settings.show_logo && company!.logoKey ? await logoOf(ctx, company!.logoKey) : null;
  const printed: PrintableLine[] = lines.map((line) => {
    if (line.kind === "text") return { kind: "text", description: line.description ?? "" };
    const rates = line.taxes.map((x) => formatPercent(x.rate, company!.numberFormat));
    return {
      kind: "item",
      sku: line.sku,
      description: line.description ?? "",
      quantity: line.quantity,
      unitPrice: line.price,
      discount: isZero(line.discount) ? null : { value: line.discount, type: line.discount_type },
      tax: rates.length > 0 ? rates.join(" + ") : null,
      total: line.total,
      ecotax: null,
      weightGrams: null,
      pack: line.kind === "pack" && line.pack_label !== null ? { label: line.pack_label, units: line.units } : null,
    };
  });
  const byTax = new Map<number, { rate: string; amount: Decimal }>();
  // Per tax, lines and shipping together, as the engine summed them when the order was saved.
  for (const tax of [...lines.flatMap((l) => l.taxes), ...doc.shipping_taxes]) {
    const seen = byTax.get(tax.id);
    byTax.set(tax.id, { rate: tax.rate, amount: (seen?.amount ?? Decimal.zero()).add(Decimal.parse(tax.amount)) });
  }
  const c = company!;
  const addressOf = (a: {
    address1?: string | null;
    address2?: string | null;
    postalCode?: string | null;
    city?: string | null;
    province?: string | null;
  }) =>
    [a.address1, a.address2, [a.postalCode, a.city].filter(Boolean).join(" "), a.province].filter((l): l is string =>
      Boolean(l && l.trim()),
    );
  const printable: PrintableDocument = {
    kind: "purchase_order",
    number: doc.number,
    reference: doc.label ?? doc.supplier_reference,
    date: doc.date,
    dates: doc.expected_date ? [{ key: "shipping_date", date: doc.expected_date }] : [],
    company: {
      label: c.label,
      addressLines: addressOf(c),
      contactLines: [c.phone, c.email, c.website].filter((l): l is string => Boolean(l)),
    },
    legal: legalOf(c),
    paymentTerms: null,
    logo,
    billTo: doc.billing_address
      ? { label: doc.billing_address.label || doc.supplier.label, lines: doc.billing_address.lines }
      : { label: doc.supplier.label, lines: [] },
    // The goods go to the order's location.
    shipTo: location ? { label: `${c.label} — ${location.label}`, lines: addressOf(location) } : null,
    customerNumber: null,
    priced: true,
    currency: documentCurrency(currency, doc.currency),
    numberFormat: c.numberFormat,
    taxModel: "global",
    weightUnit: weightUnitOf(c.country),
    lines: printed,
    totals: {
      subtotal: doc.subtotal,
      discount: isZero(doc.global_discount_amount) ? null : doc.global_discount_amount,
      shipping: isZero(doc.shipping_cost) ? null : doc.shipping_cost,
      shippingTax: isZero(doc.shipping_tax_amount) ? null : doc.shipping_tax_amount,
      taxes: [...byTax.entries()]
        .sort(([a], [b]) => a - b)
        .map(([id, { rate, amount }]) => ({
          label: taxRows.find((x) => x.id === id)?.label ?? formatPercent(rate, c.numberFormat),
          rate,
          amount: amount.toString(),
        })),
      taxTotal: doc.tax_total,
      ecotax: null,
      totalExclTax: doc.total_excl_tax,
      total: doc.total,
      weightGrams: null,
    },
    notes: doc.notes,
    terms: null,
  };
  return { printable, settings, language };
}
