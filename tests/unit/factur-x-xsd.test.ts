import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as kit from "factur-x-kit";
import { FacturX, type ComfortProfile } from "factur-x-kit";
import { XmlDocument, XsdValidator } from "libxml2-wasm";
import { xmlRegisterFsInputProviders } from "libxml2-wasm/lib/nodejs.mjs";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { facturXData } from "../../worker/domain/invoices/factur-x";
import type { InvoiceView } from "../../worker/domain/invoices/invoice-views";
import { checkFacturX, extractFacturX } from "../support/factur-x";

// libxml2 cannot run in workerd (no WebAssembly compiled at run time there), so the schema check
// runs here, in Node, on the XML the builder writes for an invoice as the Worker test made it:
// tests/fixtures/factur-x/invoice.json is that test's invoice (two VAT rates, a line discount, a
// global discount and shipping), as the API answered it, with its company's settings row.
// The XSD files are the official Factur-X EN 16931 (Comfort) schemas of the FNFE-MPE (Factur-X
// 1.07.3), as factur-x-kit's repository ships them for its own tests.

const fixtures = new URL("../fixtures/factur-x/", import.meta.url);
const fixture = JSON.parse(readFileSync(new URL("invoice.json", fixtures), "utf8")) as {
  invoice: InvoiceView;
  company: Parameters<typeof facturXData>[1];
};

xmlRegisterFsInputProviders();

/** The XSD errors of an XML against the EN 16931 schema (none when valid). */
function xsdErrors(xml: string): string[] {
  const schemaPath = fileURLToPath(new URL("Factur-X_1.07.3_EN16931.xsd", fixtures));
  const schema = XmlDocument.fromString(readFileSync(schemaPath, "utf8"), { url: schemaPath });
  const validator = XsdValidator.fromDoc(schema);
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (error) {
    const details = (error as { details?: { message: string }[] }).details;
    return details?.map((d) => d.message) ?? [String(error)];
  } finally {
    doc.dispose();
    validator.dispose();
    schema.dispose();
  }
}

async function xmlOf(invoice: InvoiceView, taxNumber: string | null = "FR40303265045") {
  return (await FacturX.fromObject(facturXData(invoice, fixture.company, taxNumber, kit))).getXML();
}

describe("an invoice's Factur-X XML", () => {
  it("is valid against the official Factur-X EN 16931 XSD, and keeps the business rules and the invoice's totals", async () => {
    const xml = await xmlOf(fixture.invoice);
    expect(xsdErrors(xml)).toEqual([]);
    checkFacturX((await FacturX.fromXML(xml)).object as ComfortProfile, fixture.invoice);
  });

  it("as a credit note (381, due on its date) is valid against the same XSD and keeps the same rules", async () => {
    const note = { ...fixture.invoice, due_date: fixture.invoice.date, is_deposit: false };
    const xml = await (await FacturX.fromObject(facturXData(note, fixture.company, "FR40303265045", kit, "credit_note"))).getXML();
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    expect(xsdErrors(xml)).toEqual([]);
    checkFacturX((await FacturX.fromXML(xml)).object as ComfortProfile, note);
  });

  it("with a deposit and its deduction (one unit taken back, never a negative price) is valid and keeps the rules", async () => {
    const [first] = fixture.invoice.lines!;
    const deposit = (sign: "" | "-", lid: string) => ({
      ...first!,
      id: 0,
      lid,
      kind: "deposit" as const,
      variant_id: null,
      sku: null,
      description: sign ? "Deposit invoice FAC-0001 deducted" : "Deposit of 30 % on order CMD-0001",
      quantity: "1.0000000",
      units: "1.0000000",
      price: `${sign}30.0000`,
      discount: "0.00",
      discount_amount: "0.00",
      taxes: [{ id: 1, rate: "20.0000", amount: `${sign}6.00` }],
      tax_amount: `${sign}6.00`,
      total: `${sign}30.00`,
      total_excl_tax: `${sign}30.00`,
      total_incl_tax: `${sign}36.00`,
    });
    // The two cancel out: the invoice's totals stay what they were.
    const invoice = { ...fixture.invoice, lines: [...fixture.invoice.lines!, deposit("", "d1"), deposit("-", "d2")] };
    const xml = await xmlOf(invoice);
    expect(xsdErrors(xml)).toEqual([]);
    const data = (await FacturX.fromXML(xml)).object as ComfortProfile;
    checkFacturX(data, invoice);
    const deducted = data.invoiceLines.at(-1)!;
    expect([deducted.productPriceAgreement.productNetPricing.netPricePerItem, deducted.delivery.itemQuantity.quantity]).toEqual([30, -1]);
    expect(deducted.settlement.lineTotals.netTotal).toBe(-30);
  });

  it("is still valid embedded: the PDF made of it carries the same XML", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const facturX = await FacturX.fromObject(facturXData(fixture.invoice, fixture.company, null, kit));
    const bytes = await facturX.getPDF({ existingNonConformantPdf: await pdf.save() });
    const { xml } = await extractFacturX(bytes);
    expect(xsdErrors(xml)).toEqual([]);
  });

  it("the schema check finds an XML that breaks it", () => {
    expect(
      xsdErrors("<rsm:CrossIndustryInvoice xmlns:rsm='urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100'/>").length,
    ).toBeGreaterThan(0);
  });

  it("writes a line without VAT as exempt (E), with its reason, still valid", async () => {
    const invoice = structuredClone(fixture.invoice);
    const line = invoice.lines![2]!;
    // The tea at 3.33 without tax: its base is untaxed, the 5.5 % VAT drops by its 0.17.
    line.taxes = [];
    line.tax_amount = "0.00";
    invoice.tax_total = "9.72";
    invoice.total = "81.59";
    const xml = await xmlOf(invoice, null);
    expect(xsdErrors(xml)).toEqual([]);
    const data = (await FacturX.fromXML(xml)).object as ComfortProfile;
    expect(data.totals.taxBreakdown.find((b) => b.categoryCode === "E")).toMatchObject({ basisAmount: 3.16, calculatedAmount: 0 });
    checkFacturX(data, invoice);
  });
});
