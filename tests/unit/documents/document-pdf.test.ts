import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_PDF_SETTINGS, PdfSettings } from "../../../worker/domain/documents/pdf/pdf-settings";
import type { PrintableDocument, PrintableLine } from "../../../worker/domain/documents/pdf/printable-document";
import { renderDocumentPdf } from "../../../worker/domain/documents/pdf/render-document-pdf";

// Read back with poppler (pdftotext, pdfinfo, pdftoppm), as a person's PDF reader would.
const dir = mkdtempSync(join(tmpdir(), "document-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
function save(bytes: Uint8Array): string {
  const path = join(dir, `doc-${files++}.pdf`);
  writeFileSync(path, bytes);
  return path;
}
const text = (path: string) => execFileSync("pdftotext", ["-layout", path, "-"]).toString();
const info = (path: string) => execFileSync("pdfinfo", [path]).toString();

// A 2×2 red PNG, for the logo.
const PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxAAEEBoAAA0ABFxJzR8AAAAASUVORK5CYII=", "base64"),
);

// Currencies as companies saved them (their sign and template no longer decide how money is written).
const EUR = { iso: "EUR", sign: "€", symbol_template: "{amount} {sign}" };
const USD = { iso: "USD", sign: "$", symbol_template: "{sign}{amount}" };

function item(overrides: Partial<Extract<PrintableLine, { kind: "item" }>> = {}): PrintableLine {
  return {
    kind: "item",
    sku: "TSH-RED-M",
    description: "T-shirt rouge, taille M",
    quantity: "3",
    unitPrice: "12.5",
    discount: { value: "10", type: "percentage" },
    tax: "20 %",
    total: "33.75",
    ecotax: null,
    weightGrams: "540",
    ...overrides,
  };
}

function estimate(overrides: Partial<PrintableDocument> = {}): PrintableDocument {
  return {
    kind: "estimate",
    number: "DEV-000042",
    reference: "Chantier Lyon",
    date: "2026-11-24",
    dates: [{ key: "expiration_date", date: "2026-12-24" }],
    company: {
      label: "Maison Durand Distribution",
      addressLines: ["12 rue des Halles", "69002 Lyon", "France"],
      contactLines: ["+33 4 78 00 00 00"],
    },
    logo: { bytes: PNG, type: "png" },
    billTo: { label: "Boulangerie Martin", lines: ["3 place Bellecour", "69002 Lyon"] },
    shipTo: { label: "Boulangerie Martin (atelier)", lines: ["8 rue Mercière", "69002 Lyon"] },
    customerNumber: "C-0007",
    priced: true,
    currency: EUR,
    numberFormat: "space_comma",
    lines: [
      item(),
      { kind: "text", description: "Livraison en deux fois" },
      item({
        sku: "KIT-1",
        description: "Coffret découverte",
        quantity: "2",
        unitPrice: "617283.945",
        discount: null,
        total: "1234567.89",
        weightGrams: null,
      }),
      { kind: "component", sku: "EPI-001", description: "Épices du monde", quantity: "4", weightGrams: "200" },
    ],
    totals: {
      subtotal: "1234601.64",
      discount: null,
      shipping: "15",
      taxes: [{ label: "TVA 20 %", amount: "246923.33" }],
      taxTotal: "246923.33",
      ecotax: null,
      total: "1481539.97",
      weightGrams: "740",
    },
    notes: "Merci pour votre confiance.",
    terms: "Paiement à 30 jours.",
    ...overrides,
  };
}

describe("a document's PDF", () => {
  it("prints a French estimate on A4 with the company's number format and the euro: '1 234 567,89 €'", async () => {
    const path = save(await renderDocumentPdf(estimate(), { ...DEFAULT_PDF_SETTINGS, language: "fr" }, "en"));
    const printed = text(path);
    expect(info(path)).toMatch(/Page size:\s+595\.28 x 841\.89/);
    for (const expected of [
      "Devis",
      "DEV-000042",
      "24/11/2026",
      "24/12/2026",
      "Désignation",
      "Boulangerie Martin",
      "LIVRER À",
      "1 234 567,89 €",
      "10 %",
      "TVA 20 %",
      "1 481 539,97 €",
      "Merci pour votre confiance.",
      "Paiement à 30 jours.",
      "Page 1 sur 1",
    ])
      expect(printed).toContain(expected);
  });

  it("prints in the customer's language when the settings name none, on letter paper with a title of the company's own", async () => {
    const settings = PdfSettings.parse({ paper_size: "letter", titles: { estimate: "Quote" } });
    const path = save(await renderDocumentPdf(estimate({ numberFormat: "comma_point", currency: USD }), settings, "en"));
    const printed = text(path);
    expect(info(path)).toMatch(/Page size:\s+612 x 792/);
    expect(printed).toContain("Quote");
    expect(printed).not.toContain("Estimate");
    expect(printed).toContain("$1,234,567.89");
    expect(printed).toContain("Valid until: 2026-12-24");
  });

  it("leaves out what the display toggles turn off", async () => {
    const settings = PdfSettings.parse({
      show_sku: false,
      show_notes: false,
      show_terms: false,
      show_discount: false,
      show_page_numbers: false,
    });
    const printed = text(save(await renderDocumentPdf(estimate(), settings, "en")));
    expect(printed).not.toContain("TSH-RED-M");
    expect(printed).not.toContain("Merci pour votre confiance.");
    expect(printed).not.toContain("Paiement à 30 jours.");
    expect(printed).not.toContain("Discount");
    expect(printed).not.toContain("Page 1 of 1");
    expect(printed).toContain("T-shirt rouge, taille M");
  });

  it("prints the French seller's legal details at the foot, HT / TVA / TTC totals, '9,50 €' and the payment terms", async () => {
    // The euro as a company that signed up in English saved it: '{sign}{amount}'. French still writes it after.
    const savedInEnglish = { iso: "EUR", sign: "€", symbol_template: "{sign}{amount}" };
    const doc = estimate({
      kind: "sales_order",
      currency: savedInEnglish,
      lines: [item({ quantity: "1", unitPrice: "9.5", discount: null, total: "9.5" })],
      dates: [{ key: "due_date", date: "2026-12-24" }],
      legal: {
        legalForm: "SAS",
        shareCapital: { amount: "10000", currency: "EUR" },
        siren: "732829320",
        siret: "73282932000074",
        rcsCity: "Lille",
        vatNumber: "FR44732829320",
      },
      paymentTerms: { type: "net", days: 30 },
      taxModel: "global",
      totals: {
        subtotal: "9.5",
        discount: null,
        shipping: null,
        taxes: [{ label: "VAT 20%", rate: "20", amount: "1.9" }],
        taxTotal: "1.9",
        ecotax: null,
        totalExclTax: "9.5",
        total: "11.4",
        weightGrams: "1234.5",
      },
    });
    const printed = text(save(await renderDocumentPdf(doc, { ...DEFAULT_PDF_SETTINGS, language: "fr" }, "en")));
    for (const expected of [
      "9,50 €",
      "Total HT",
      "TVA 20 %",
      "Total TTC",
      "11,40 €",
      "Échéance : 24/12/2026",
      "Conditions de paiement : 30 jours net",
      "Poids total",
      "1,23 kg",
      "Maison Durand Distribution, SAS au capital de 10 000,00 € · 12 rue des Halles, 69002 Lyon, France",
      "SIRET 732 829 320 00074 · RCS Lille 732 829 320 · N° TVA intracommunautaire FR44732829320",
    ])
      expect(printed).toContain(expected);
    expect(printed).not.toContain("€9");
    expect(printed).not.toContain("Sous-total");

    // In English, with the company's comma_point format.
    const english = text(
      save(await renderDocumentPdf({ ...doc, numberFormat: "comma_point" }, { ...DEFAULT_PDF_SETTINGS, language: "en" }, "en")),
    );
    for (const expected of [
      "€9.50",
      "Total excl. tax",
      "VAT 20 %",
      "Total incl. tax",
      "Payment terms: net 30 days",
      "SIRET 732 829 320 00074",
    ])
      expect(english).toContain(expected);
  });

  it("prints the legal foot on every page", async () => {
    const lines = Array.from({ length: 120 }, (_, i) => item({ sku: `SKU-${i}`, description: `Article numéro ${i}` }));
    const legal = { legalForm: "SARL", shareCapital: null, siren: "732829320", siret: null, rcsCity: "Lyon", vatNumber: null };
    const path = save(await renderDocumentPdf(estimate({ lines, legal }), DEFAULT_PDF_SETTINGS, "fr"));
    const pages = Number(/Pages:\s+(\d+)/.exec(info(path))![1]);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) {
      const onPage = execFileSync("pdftotext", ["-layout", "-f", String(page), "-l", String(page), path, "-"]).toString();
      expect(onPage, `page ${page}`).toContain("SIREN 732 829 320 · RCS Lyon 732 829 320");
    }
  });

  it("names the order a delivery note ships", async () => {
    const printed = text(
      save(
        await renderDocumentPdf(
          estimate({ kind: "shipping_order", priced: false, totals: null, references: [{ key: "sales_order", number: "CMD-000012" }] }),
          DEFAULT_PDF_SETTINGS,
          "fr",
        ),
      ),
    );
    expect(printed).toContain("Commande : CMD-000012");
  });

  it("prints a delivery note with quantities and no amounts", async () => {
    const printed = text(
      save(await renderDocumentPdf(estimate({ kind: "shipping_order", priced: false, totals: null }), DEFAULT_PDF_SETTINGS, "fr")),
    );
    expect(printed).toContain("Bon de livraison");
    expect(printed).toContain("Qté");
    expect(printed).not.toContain("€");
    expect(printed).not.toContain("Prix unitaire");
  });

  it("runs over several pages with the table's heading on each page of lines, and the pages numbered", async () => {
    const lines = Array.from({ length: 120 }, (_, i) => item({ sku: `SKU-${i}`, description: `Article numéro ${i}` }));
    const path = save(await renderDocumentPdf(estimate({ lines }), DEFAULT_PDF_SETTINGS, "en"));
    const pages = Number(/Pages:\s+(\d+)/.exec(info(path))![1]);
    expect(pages).toBeGreaterThan(1);
    const printed = text(path);
    expect(printed).toContain(`Page ${pages} of ${pages}`);
    expect(printed).toContain("SKU-119");
    for (let page = 1; page <= pages; page++) {
      const onPage = execFileSync("pdftotext", ["-layout", "-f", String(page), "-l", String(page), path, "-"]).toString();
      if (/SKU-\d+/.test(onPage)) expect(onPage, `page ${page}`).toContain("Description");
    }
  });

  it("draws characters the standard fonts lack as '?' instead of failing", async () => {
    const printed = text(save(await renderDocumentPdf(estimate({ notes: "Livré à 東京 ✓" }), DEFAULT_PDF_SETTINGS, "fr")));
    expect(printed).toContain("Livré à ?? ?");
    expect(printed).toContain("– Épices du monde");
  });

  it("gives the same file for the same document", async () => {
    const a = await renderDocumentPdf(estimate(), DEFAULT_PDF_SETTINGS, "fr");
    const b = await renderDocumentPdf(estimate(), DEFAULT_PDF_SETTINGS, "fr");
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("renders to an image that is not blank", async () => {
    const path = save(await renderDocumentPdf(estimate(), { ...DEFAULT_PDF_SETTINGS, language: "fr" }, "en"));
    execFileSync("pdftoppm", ["-png", "-r", "50", path, join(dir, "page")]);
    const png = readdirSync(dir).find((f) => f.startsWith("page") && f.endsWith(".png"))!;
    // A blank A4 page at 50 dpi compresses to a few hundred bytes; text and a table make it larger.
    expect(readFileSync(join(dir, png)).length).toBeGreaterThan(5_000);
  });
});
