import { PageSizes, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import { createI18n } from "../../../../locales";
import { formatDate, formatMoney, formatPercent, formatQuantity, formatWeight } from "../../shared/format";
import { spacedIdentifier } from "../../settings/company-settings/legal-identifiers";
import type { Locale } from "../../shared/locale";
import type { PdfSettings, PdfToggle } from "./pdf-settings";
import type { PrintableDocument, PrintableLine } from "./printable-document";

/**
 * A document's PDF (pdf-lib, in the Worker): the company and the customer, the lines, the totals,
 * the payment terms, the printed notes and terms, and at the foot of every page the company's
 * address and legal identifiers; in the PDF settings' paper size and language with the company's
 * number format and the document's currency written as the language writes money. Decision 020.
 */
export async function renderDocumentPdf(doc: PrintableDocument, settings: PdfSettings, fallbackLanguage: Locale): Promise<Uint8Array> {
  const language = settings.language ?? fallbackLanguage;
  const pdf = await PDFDocument.create();
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const logo = settings.show_logo && doc.logo ? await embedLogo(pdf, doc.logo) : null;
  const i18n = createI18n(language);
  // A deposit invoice says so whatever the company titles its invoices.
  const title = doc.deposit ? i18n._("pdf.title.deposit_invoice") : settings.titles[doc.kind] || i18n._(`pdf.title.${doc.kind}`);
  const numbered = doc.draft ? i18n._("pdf.draft") : `${i18n._("pdf.number")} ${doc.number}`;
  pdf.setTitle(`${title} ${doc.draft ? i18n._("pdf.draft") : doc.number}`);
  pdf.setLanguage(language);
  pdf.setCreator("Comptoir");
  pdf.setProducer("Comptoir");
  // Fixed, so the same document gives the same file.
  pdf.setCreationDate(new Date(`${doc.date}T00:00:00Z`));
  pdf.setModificationDate(new Date(`${doc.date}T00:00:00Z`));

  const t = (id: string, values?: Record<string, unknown>) => i18n._(`pdf.${id}`, values);
  const money = (amount: string) => formatMoney(amount, doc.currency, doc.numberFormat, language);
  const footer = footerLines(doc, t, language);
  const writer = new Writer(pdf, fonts, settings.paper_size === "letter" ? PageSizes.Letter : PageSizes.A4, footerHeight(footer.length));
  const on = (toggle: PdfToggle) => settings[toggle];
  const vat = (doc.taxModel ?? "global") === "global";

  // ── Header: the company on the left, the document on the right.
  const top = writer.y;
  let left = top;
  if (logo) {
    const scale = Math.min(150 / logo.width, 60 / logo.height, 1);
    writer.page.drawImage(logo, { x: MARGIN, y: top - logo.height * scale, width: logo.width * scale, height: logo.height * scale });
    left -= logo.height * scale + 8;
  }
  left = writer.textAt(doc.company.label, MARGIN, left, { font: "bold", size: 11 });
  if (on("show_company_address")) for (const line of doc.company.addressLines) left = writer.textAt(line, MARGIN, left);
  if (on("show_company_contact")) for (const line of doc.company.contactLines) left = writer.textAt(line, MARGIN, left);

  const right = writer.width - MARGIN;
  let r = writer.textAt(title, right, top, { font: "bold", size: 18, align: "right" }) - 4;
  r = writer.textAt(numbered, right, r, { font: "bold", align: "right" });
  if (doc.reference) r = writer.textAt(doc.reference, right, r, { align: "right" });
  r = writer.textAt(`${t("date")} ${formatDate(doc.date, language)}`, right, r, { align: "right" });
  for (const extra of doc.dates) r = writer.textAt(`${t(extra.key)} ${formatDate(extra.date, language)}`, right, r, { align: "right" });
  for (const ref of doc.references ?? []) r = writer.textAt(`${t(`ref.${ref.key}`)} ${ref.number}`, right, r, { align: "right" });
  if (on("show_customer_number") && doc.customerNumber)
    r = writer.textAt(`${t("customer_number")} ${doc.customerNumber}`, right, r, { align: "right" });
  writer.y = Math.min(left, r) - 16;

  // ── The parties.
  const parties = [
    // A refund bills no one: it is paid to the customer.
    // A refund is paid to its customer and a purchase order goes to its supplier: neither bills them.
    doc.billTo
      ? { heading: t(doc.kind === "refund" ? "refund_to" : doc.kind === "purchase_order" ? "supplier" : "bill_to"), party: doc.billTo }
      : null,
    doc.shipTo ? { heading: t("ship_to"), party: doc.shipTo } : null,
  ].filter((p) => p !== null);
  if (parties.length > 0) {
    const columnWidth = (writer.contentWidth - 20) / 2;
    let lowest = writer.y;
    parties.forEach(({ heading, party }, i) => {
      const x = MARGIN + i * (columnWidth + 20);
      let y = writer.textAt(heading, x, writer.y, { font: "bold", size: 8, colour: MUTED });
      y = writer.textAt(party.label, x, y, { font: "bold" });
      for (const line of party.lines) y = writer.textAt(line, x, y);
      lowest = Math.min(lowest, y);
    });
    writer.y = lowest - 16;
  }

  // ── The lines.
  const columns = lineColumns(doc, on, writer.contentWidth);
  const header = () =>
    writer.row(
      columns.map((c) => ({ text: t(c.key === "tax" && vat ? "col.vat" : `col.${c.key}`), width: c.width, align: c.align })),
      { font: "bold", size: 8, rule: true },
    );
  header();
  for (const line of doc.lines) {
    const cells = columns.map((c) => ({ text: cellText(line, c.key, { money, doc, on }), width: c.width, align: c.align }));
    if (line.kind === "component") cells.find((c, i) => columns[i]!.key === "description")!.text = `– ${line.description}`;
    // A pack line's quantity counts packs: the pack and its units are printed under the description.
    if (line.kind === "item" && line.pack) {
      const values = { pack: line.pack.label, units: formatQuantity(line.pack.units, doc.numberFormat), count: Number(line.pack.units) };
      cells.find((c, i) => columns[i]!.key === "description")!.text += `\n${t("pack", values)}`;
    }
    writer.row(cells, {
      size: line.kind === "component" ? 8 : 9,
      colour: line.kind === "component" ? MUTED : undefined,
      onNewPage: header,
    });
  }
  writer.rule();

  // ── Totals: with VAT (the global model), "Total HT", one row per rate ("TVA 20 %"), "Total TTC".
  if (doc.priced && doc.totals) {
    const totals = doc.totals;
    const rows: [string, string, boolean][] = [];
    const discounted = Boolean((totals.discount && !isZero(totals.discount)) || (totals.shipping && !isZero(totals.shipping)));
    const exclTax = vat && totals.totalExclTax !== undefined ? totals.totalExclTax : null;
    // The lines' sum needs its own row only when something comes between it and the total before tax.
    if (exclTax === null || discounted || exclTax !== totals.subtotal) rows.push([t("subtotal"), money(totals.subtotal), false]);
    if (totals.discount && !isZero(totals.discount)) rows.push([t("discount"), `-${money(totals.discount)}`, false]);
    if (totals.shipping && !isZero(totals.shipping)) rows.push([t("shipping"), money(totals.shipping), false]);
    if (exclTax !== null) rows.push([t("total_excl_tax"), money(exclTax), false]);
    if (on("show_tax_summary")) {
      for (const tax of totals.taxes)
        rows.push([
          vat && tax.rate ? t("vat_rate", { rate: formatPercent(tax.rate, doc.numberFormat) }) : tax.label,
          money(tax.amount),
          false,
        ]);
      if (totals.shippingTax && !isZero(totals.shippingTax)) rows.push([t("shipping_tax"), money(totals.shippingTax), false]);
    } else rows.push([t(vat ? "vat_total" : "tax_total"), money(totals.taxTotal), false]);
    rows.push([t(vat ? "total_incl_tax" : "total"), money(totals.total), true]);
    // An invoice: what was paid and what remains to pay.
    if (doc.payment) {
      rows.push([t("amount_paid"), money(doc.payment.amountPaid), false]);
      rows.push([t("remaining_to_pay"), money(doc.payment.remainingToPay), true]);
    }
    // A refund with a discrepancy (a restocking fee held back): the discrepancy and what is paid back in all.
    if (doc.refund && !isZero(doc.refund.discrepancy)) {
      rows.push([t("discrepancy"), money(doc.refund.discrepancy), false]);
      rows.push([t("amount_refunded"), money(doc.refund.amount), true]);
    }
    if (on("show_ecotax") && totals.ecotax && !isZero(totals.ecotax)) rows.push([t("ecotax_included"), money(totals.ecotax), false]);
    if (weighs(doc, on)) rows.push([t("weight_total"), weight(totals.weightGrams!, doc), false]);
    writer.y -= 6;
    for (const [label, amount, strong] of rows) {
      writer.ensure(16);
      writer.textAt(label, writer.width - MARGIN - 110, writer.y, {
        font: strong ? "bold" : "regular",
        size: strong ? 11 : 9,
        align: "right",
      });
      writer.y = writer.textAt(amount, writer.width - MARGIN, writer.y, {
        font: strong ? "bold" : "regular",
        size: strong ? 11 : 9,
        align: "right",
      });
    }
  } else if (doc.totals && weighs(doc, on)) {
    // A delivery note weighs what it carries.
    writer.y -= 6;
    writer.textAt(t("weight_total"), writer.width - MARGIN - 110, writer.y, { align: "right" });
    writer.y = writer.textAt(weight(doc.totals.weightGrams!, doc), writer.width - MARGIN, writer.y, { align: "right" });
  }

  // ── Payment terms.
  if (doc.paymentTerms) {
    writer.y -= 10;
    writer.ensure(14);
    writer.y = writer.textAt(`${t("payment_terms")} ${paymentTermsText(doc.paymentTerms, t)}`, MARGIN, writer.y);
  }

  // ── Printed notes and terms (internal notes are not part of a printable document).
  for (const [toggle, heading, text] of [
    ["show_notes", t("notes"), doc.notes],
    ["show_terms", t("terms"), doc.terms],
  ] as const) {
    if (!on(toggle) || !text?.trim()) continue;
    writer.y -= 14;
    writer.ensure(30);
    writer.y = writer.textAt(heading, MARGIN, writer.y, { font: "bold", size: 8, colour: MUTED });
    for (const paragraph of text.split(/\r?\n/)) writer.paragraph(paragraph, writer.contentWidth);
  }

  const pages = pdf.getPages();
  pages.forEach((page, i) => {
    // The company's address and identifiers, centred at the foot of every page.
    footer.forEach((line, k) => {
      const clean = writer.clean(line, fonts.regular);
      const size = Math.min(FOOTER_SIZE, ((page.getWidth() - 2 * MARGIN) / Math.max(1, fonts.regular.widthOfTextAtSize(clean, 1))) * 0.98);
      page.drawText(clean, {
        x: (page.getWidth() - fonts.regular.widthOfTextAtSize(clean, size)) / 2,
        y: FOOTER_BOTTOM + (footer.length - 1 - k) * FOOTER_LINE,
        size,
        font: fonts.regular,
        color: MUTED,
      });
    });
    if (!on("show_page_numbers")) return;
    const text = t("page", { page: i + 1, pages: pages.length });
    const clean = writer.clean(text, fonts.regular);
    page.drawText(clean, {
      x: page.getWidth() - MARGIN - fonts.regular.widthOfTextAtSize(clean, 8),
      y: footer.length ? FOOTER_BOTTOM + footer.length * FOOTER_LINE + 2 : MARGIN / 2,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    });
  });
  return pdf.save({ useObjectStreams: false });
}

const FOOTER_SIZE = 7;
const FOOTER_LINE = 9;
const FOOTER_BOTTOM = 16;
/** The room the foot of a page keeps under the content: its lines and the page number above them. */
const footerHeight = (lines: number) => (lines ? FOOTER_BOTTOM + lines * FOOTER_LINE + 14 : MARGIN);

type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * The foot of every page: the company, its legal form and share capital, its address; then its
 * identifiers ("SIRET 732 829 320 00074 · RCS Lille 732 829 320 · TVA FR40732829320").
 */
function footerLines(doc: PrintableDocument, t: Translate, language: Locale): string[] {
  const legal = doc.legal;
  const capital = legal?.shareCapital
    ? formatMoney(legal.shareCapital.amount, legal.shareCapital.currency, doc.numberFormat, language)
    : null;
  const name = [doc.company.label, legal?.legalForm].filter(Boolean).join(", ");
  const first = [capital ? t("footer.capital", { name, capital }) : name, doc.company.addressLines.join(", ")].filter(Boolean).join(" · ");
  const ids = [
    legal?.siret
      ? t("footer.siret", { number: spacedIdentifier(legal.siret) })
      : legal?.siren
        ? t("footer.siren", { number: spacedIdentifier(legal.siren) })
        : null,
    legal?.rcsCity && legal.siren ? t("footer.rcs", { city: legal.rcsCity, number: spacedIdentifier(legal.siren) }) : null,
    legal?.vatNumber ? t("footer.vat", { number: legal.vatNumber }) : null,
  ].filter((part): part is string => part !== null);
  // Without any identifier, the address alone is not repeated at the foot (the header has it).
  if (!legal || (ids.length === 0 && !legal.legalForm && !capital)) return [];
  return [first, ids.join(" · ")].filter(Boolean);
}

/** "30 jours net", "à réception", "fin du mois suivant" in the PDF's language. */
function paymentTermsText(terms: NonNullable<PrintableDocument["paymentTerms"]>, t: Translate): string {
  return t(terms.type === "eom" ? "terms_eom" : "terms_net", { days: terms.days });
}

const MARGIN = 40;
const MUTED = rgb(0.37, 0.42, 0.46);

type ColumnKey = "sku" | "description" | "quantity" | "unit_price" | "discount" | "tax" | "total" | "weight";
interface Column {
  key: ColumnKey;
  width: number;
  align: "left" | "right";
}

/** The table's columns for this document and these toggles; the description takes what is left. */
function lineColumns(doc: PrintableDocument, on: (toggle: PdfToggle) => boolean, contentWidth: number): Column[] {
  const fixed: Column[] = [];
  if (on("show_sku")) fixed.push({ key: "sku", width: 80, align: "left" });
  fixed.push({ key: "description", width: 0, align: "left" }, { key: "quantity", width: 50, align: "right" });
  if (doc.priced) {
    if (on("show_unit_price")) fixed.push({ key: "unit_price", width: 72, align: "right" });
    if (on("show_discount")) fixed.push({ key: "discount", width: 52, align: "right" });
    if (on("show_tax_column")) fixed.push({ key: "tax", width: 48, align: "right" });
    fixed.push({ key: "total", width: 80, align: "right" });
  }
  if (on("show_weight")) fixed.push({ key: "weight", width: 56, align: "right" });
  const used = fixed.reduce((sum, c) => sum + c.width, 0);
  return fixed.map((c) => (c.key === "description" ? { ...c, width: contentWidth - used } : c));
}

function cellText(
  line: PrintableLine,
  key: ColumnKey,
  { money, doc, on }: { money: (amount: string) => string; doc: PrintableDocument; on: (toggle: PdfToggle) => boolean },
): string {
  if (line.kind === "text") return key === "description" ? line.description : "";
  switch (key) {
    case "sku":
      return line.sku ?? "";
    case "description":
      return line.description;
    case "quantity":
      return formatQuantity(line.quantity, doc.numberFormat);
    case "weight":
      return line.weightGrams ? weight(line.weightGrams, doc) : "";
  }
  if (line.kind === "component") return "";
  switch (key) {
    case "unit_price":
      return line.unitPrice === null ? "" : money(line.unitPrice);
    case "discount":
      if (!line.discount || isZero(line.discount.value)) return "";
      return line.discount.type === "percentage" ? formatPercent(line.discount.value, doc.numberFormat) : money(line.discount.value);
    case "tax":
      return line.tax ?? "";
    case "total": {
      const total = line.total === null ? "" : money(line.total);
      return on("show_ecotax") && line.ecotax && !isZero(line.ecotax) ? `${total}\n(${money(line.ecotax)})` : total;
    }
  }
}

function weight(grams: string, doc: PrintableDocument): string {
  return formatWeight(grams, doc.weightUnit ?? "kg", doc.numberFormat);
}

/** Orders and delivery notes print their total weight whenever they weigh something; other documents when the weight is shown. */
function weighs(doc: PrintableDocument, on: (toggle: PdfToggle) => boolean): boolean {
  const grams = doc.totals?.weightGrams;
  if (!grams || isZero(grams)) return false;
  return on("show_weight") || doc.kind === "sales_order" || doc.kind === "shipping_order";
}

function isZero(value: string): boolean {
  return /^-?0*(\.0*)?$/.test(value.trim());
}

async function embedLogo(pdf: PDFDocument, logo: NonNullable<PrintableDocument["logo"]>): Promise<PDFImage | null> {
  try {
    return logo.type === "png" ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes);
  } catch {
    // A logo the library cannot read leaves the document without one rather than without a PDF.
    return null;
  }
}

interface TextOptions {
  font?: "regular" | "bold";
  size?: number;
  align?: "left" | "right";
  colour?: ReturnType<typeof rgb>;
}

/** Writes down the pages: a cursor, line wrapping in a width, and a new page when one is full. */
class Writer {
  page: PDFPage;
  y: number;
  readonly width: number;
  readonly height: number;
  private readonly charsets = new Map<PDFFont, Set<number>>();

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Record<"regular" | "bold", PDFFont>,
    size: [number, number],
    /** What the foot of each page keeps free (its footer). */
    private readonly bottom: number = MARGIN,
  ) {
    [this.width, this.height] = size;
    this.page = pdf.addPage(size);
    this.y = this.height - MARGIN;
  }

  get contentWidth(): number {
    return this.width - 2 * MARGIN;
  }

  /** The text with what the standard fonts cannot draw replaced (thin spaces become spaces). */
  clean(text: string, font: PDFFont): string {
    let charset = this.charsets.get(font);
    if (!charset) this.charsets.set(font, (charset = new Set(font.getCharacterSet())));
    return [...text.replace(/[\u2009\u202f\u00a0]/g, " ").replace(/[\u2018\u2019]/g, "'")]
      .map((c) => (charset.has(c.codePointAt(0)!) ? c : "?"))
      .join("");
  }

  /** One line of text at a place; gives the y of the next line. */
  textAt(text: string, x: number, y: number, options: TextOptions = {}): number {
    const size = options.size ?? 9;
    const font = this.fonts[options.font ?? "regular"];
    const clean = this.clean(text, font);
    const left = options.align === "right" ? x - font.widthOfTextAtSize(clean, size) : x;
    this.page.drawText(clean, { x: left, y: y - size, size, font, color: options.colour ?? rgb(0.11, 0.13, 0.15) });
    return y - size * 1.35;
  }

  /** Starts a new page unless this much height is left on this one. */
  ensure(height: number, onNewPage?: () => void): void {
    if (this.y - height >= this.bottom) return;
    this.page = this.pdf.addPage([this.width, this.height]);
    this.y = this.height - MARGIN;
    onNewPage?.();
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: this.width - MARGIN, y: this.y }, thickness: 0.5, color: MUTED });
    this.y -= 4;
  }

  /** A row of cells, each wrapped in its width; the row moves to a new page whole. */
  row(
    cells: { text: string; width: number; align: "left" | "right" }[],
    options: TextOptions & { rule?: boolean; onNewPage?: () => void } = {},
  ): void {
    const size = options.size ?? 9;
    const font = this.fonts[options.font ?? "regular"];
    const wrapped = cells.map((cell) =>
      cell.text.split("\n").flatMap((part) => this.wrap(this.clean(part, font), font, size, cell.width - 6)),
    );
    const height = Math.max(1, ...wrapped.map((lines) => lines.length)) * size * 1.35 + 4;
    this.ensure(height, options.onNewPage);
    let x = MARGIN;
    const top = this.y - 2;
    cells.forEach((cell, i) => {
      let y = top;
      for (const line of wrapped[i]!)
        y = this.textAt(line, cell.align === "right" ? x + cell.width : x, y, { ...options, size, align: cell.align });
      x += cell.width;
    });
    this.y -= height;
    if (options.rule) this.rule();
  }

  /** A paragraph across the given width. */
  paragraph(text: string, width: number): void {
    const font = this.fonts.regular;
    for (const line of this.wrap(this.clean(text, font), font, 9, width)) {
      this.ensure(13);
      this.y = this.textAt(line, MARGIN, this.y);
    }
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    if (text === "") return [""];
    const lines: string[] = [];
    let current = "";
    for (const word of text.split(" ")) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      // A word wider than the column is cut where it must be.
      current = word;
      while (font.widthOfTextAtSize(current, size) > width && current.length > 1) {
        let cut = current.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    }
    lines.push(current);
    return lines;
  }
}
