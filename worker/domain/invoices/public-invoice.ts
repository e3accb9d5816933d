import { and, eq, isNotNull, ne } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import type { DocumentPdf } from "../documents/outputs";
import type { PdfSettings } from "../documents/pdf/pdf-settings";
import type { PrintableDocument } from "../documents/pdf/printable-document";
import { renderDocumentPdf } from "../documents/pdf/render-document-pdf";
import { withFacturX } from "./factur-x";
import { requirePublic, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { formatDate, formatMoney, formatPercent, formatQuantity } from "../shared/format";
import type { Locale } from "../shared/locale";
import { invoicePrintable } from "./invoice-pdf";
import { readInvoice, type InvoiceView } from "./invoice-views";

const { salesDocuments } = tenantSchema;

/**
 * An invoice's public id: its company's id (26 characters of lower-case Crockford base32, ids.ts)
 * and 128 random bits in base64url (22 characters), joined by a dot (invoice-writes.ts newPublicId).
 */
const PUBLIC_ID = /^([0-9a-hjkmnp-tv-z]{26})\.[A-Za-z0-9_-]{22}$/;

/** The company a public id names, or null for anything that is not the shape of one. */
export function publicIdCompany(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length !== 49) return null;
  return PUBLIC_ID.exec(raw)?.[1] ?? null;
}

/**
 * Opens the company a public id names for its public page: a Ctx whose actor is a visitor holding
 * the `public_invoice` capability and no permission (worker/ctx.ts ctxForPublicInvoice), or
 * `not_found` when there is no such company.
 */
export type OpenPublicCompany = (companyId: string) => Promise<Ctx>;

/** The one answer to every public id that shows no invoice: the same code, status and text, whatever the reason. */
const notFound = () => new DomainError("not_found");

/**
 * The invoice behind a public id, with the Ctx of its company's visitor. Every failure is the same
 * `not_found`: an id that is not the shape of one, a company that does not exist or is frozen, a
 * token no invoice holds, a link switched off, a draft (which has no public face). The last three
 * are one query (the token, the switch, the type and the status in one WHERE), so they cost the
 * same work. A malformed id is refused before any read: its shape is no secret.
 */
async function findPublicInvoice(open: OpenPublicCompany, rawId: unknown): Promise<{ ctx: Ctx; invoice: InvoiceView }> {
  const companyId = publicIdCompany(rawId);
  if (companyId === null) throw notFound();
  const publicId = rawId as string;
  let ctx: Ctx;
  try {
    ctx = await open(companyId);
  } catch (error) {
    if (error instanceof DomainError) throw notFound();
    throw error;
  }
  // A frozen company shows nothing to anyone outside; the visitor holds only this page's capability.
  if (ctx.actor.company.frozen) throw notFound();
  requirePublic(ctx, "public_invoice");
  const [row] = await ctx.db
    .select({ id: salesDocuments.id })
    .from(salesDocuments)
    .where(
      and(
        eq(salesDocuments.publicId, publicId),
        eq(salesDocuments.publicLink, true),
        eq(salesDocuments.type, "invoice"),
        ne(salesDocuments.status, "draft"),
        isNotNull(salesDocuments.number),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return { ctx, invoice: await readInvoice(ctx.db, row.id, ctx.now()) };
}

/** A line of the public page, written in the reader's language. */
export type PublicInvoiceLine =
  | {
      kind: "item";
      sku: string | null;
      description: string;
      quantity: string;
      unit_price: string;
      discount: string;
      tax: string;
      total: string;
    }
  | { kind: "component"; sku: string | null; description: string; quantity: string }
  | { kind: "text"; description: string };

/**
 * What the public page shows of an invoice, every figure already written in the reader's language
 * and the company's number format, as its PDF writes them (the same printable).
 */
export interface PublicInvoiceView {
  company: { label: string; address_lines: string[]; contact_lines: string[]; logo: string | null };
  /** "invoice" or "deposit_invoice": the page's title. */
  title: "invoice" | "deposit_invoice";
  number: string;
  date: string;
  due_date: string | null;
  /** The stored status, or overdue (derived). */
  status: string;
  bill_to: { label: string; lines: string[] };
  lines: PublicInvoiceLine[];
  /** Label keys (pdf.<label>, with `values`) or, when `key` is false, a tax's own label; the amount written. */
  totals: { label: string; key: boolean; values?: Record<string, string>; amount: string; strong: boolean }[];
  amount_paid: string;
  remaining_to_pay: string;
  paid: boolean;
  notes: string | null;
  terms: string | null;
}

/**
 * The public page of an invoice (domain spec §3 "public link"; platform spec §2
 * /public/invoices/{id}): no sign-in, the company's visitor holding no permission. Any id that
 * shows no invoice is `not_found` (findPublicInvoice).
 */
export async function readPublicInvoice(open: OpenPublicCompany, publicId: unknown, language: Locale): Promise<PublicInvoiceView> {
  const { ctx, invoice } = await findPublicInvoice(open, publicId);
  const { printable, settings } = await invoicePrintable(ctx, invoice, language);
  return publicView(printable, invoice, language, settings);
}

/**
 * The public page's PDF: the invoice's own printable (invoice-pdf.ts), as the back office prints
 * it, reached through the public link instead of a permission (documentPdf asks view_invoices,
 * which the visitor does not hold). In the PDF settings' language, else the reader's.
 */
export async function publicInvoicePdf(open: OpenPublicCompany, publicId: unknown, language: Locale): Promise<DocumentPdf> {
  const { ctx, invoice } = await findPublicInvoice(open, publicId);
  const { printable, settings, language: printed } = await invoicePrintable(ctx, invoice, language);
  // Factur-X as the back office's and the email's (factur-x.ts): the customer's copy is the same invoice.
  const bytes = await withFacturX(ctx.db, invoice, await renderDocumentPdf(printable, settings, printed));
  return { bytes, filename: `${invoice.number}.pdf`.replace(/[^\w.-]+/g, "_") };
}

/** The page shows what the PDF shows: its logo, notes and terms as the PDF settings say. */
function publicView(doc: PrintableDocument, invoice: InvoiceView, language: Locale, settings: PdfSettings): PublicInvoiceView {
  const money = (amount: string) => formatMoney(amount, doc.currency, doc.numberFormat, language);
  const vat = (doc.taxModel ?? "global") === "global";
  const totals: PublicInvoiceView["totals"] = [];
  const t = doc.totals;
  if (t) {
    const row = (label: string, amount: string, strong = false, key = true, values?: Record<string, string>) =>
      totals.push({ label, key, amount, strong, ...(values ? { values } : {}) });
    const exclTax = vat && t.totalExclTax !== undefined ? t.totalExclTax : null;
    // As the PDF: the lines' sum has its own row only when something comes between it and the total before tax.
    if (exclTax === null || t.discount || t.shipping || exclTax !== t.subtotal) row("subtotal", money(t.subtotal));
    if (t.discount) row("discount", `-${money(t.discount)}`);
    if (t.shipping) row("shipping", money(t.shipping));
    if (exclTax !== null) row("total_excl_tax", money(exclTax));
    for (const tax of t.taxes)
      if (vat && tax.rate) row("vat_rate", money(tax.amount), false, true, { rate: formatPercent(tax.rate, doc.numberFormat) });
      else row(tax.label, money(tax.amount), false, false);
    row(vat ? "total_incl_tax" : "total", money(t.total), true);
  }
  return {
    company: {
      label: doc.company.label,
      address_lines: doc.company.addressLines,
      contact_lines: doc.company.contactLines,
      logo: settings.show_logo && doc.logo ? `data:image/${doc.logo.type};base64,${base64(doc.logo.bytes)}` : null,
    },
    title: doc.deposit ? "deposit_invoice" : "invoice",
    number: doc.number,
    date: formatDate(doc.date, language),
    due_date: invoice.due_date ? formatDate(invoice.due_date, language) : null,
    status: invoice.shown_status,
    bill_to: doc.billTo ?? { label: "", lines: [] },
    lines: doc.lines.map((line): PublicInvoiceLine => {
      if (line.kind === "text") return line;
      const quantity = formatQuantity(line.quantity, doc.numberFormat);
      if (line.kind === "component") return { kind: "component", sku: line.sku, description: line.description, quantity };
      return {
        kind: "item",
        sku: line.sku,
        description: line.description,
        quantity,
        unit_price: line.unitPrice === null ? "" : money(line.unitPrice),
        discount: !line.discount
          ? ""
          : line.discount.type === "percentage"
            ? formatPercent(line.discount.value, doc.numberFormat)
            : money(line.discount.value),
        tax: line.tax ?? "",
        total: line.total === null ? "" : money(line.total),
      };
    }),
    totals,
    amount_paid: money(invoice.amount_paid),
    remaining_to_pay: money(invoice.remaining_to_pay),
    paid: invoice.status === "paid",
    notes: settings.show_notes ? doc.notes : null,
    terms: settings.show_terms ? doc.terms : null,
  };
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
