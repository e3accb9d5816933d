import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { FacturX, type ComfortProfile } from "factur-x-kit";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { ctxForPublicInvoice } from "../../worker/ctx";
import { publicInvoicePdf } from "../../worker/domain/invoices/public-invoice";
import { parseEnv, type Bindings } from "../../worker/env";
import { callApi } from "../support/fetch-app";
import { checkFacturX, extractFacturX } from "../support/factur-x";
import { makeCustomer } from "../support/isolation/sales";
import { api, makeTax, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;

/**
 * A French company (identifiers and address), a customer with a billing address and a VAT number,
 * and an invoice of two VAT rates (20 % and 5.5 %) with a line discount, a global discount of 5 %
 * and shipping taxed at 20 %.
 */
async function frenchInvoice(options: { finalize?: boolean; country?: string } = {}) {
  const w = await salesWorld();
  await w.db
    .update(t.companySettings)
    .set({ country: options.country ?? "FR" })
    .where(eq(t.companySettings.id, 1));
  const settings = await api(w.token, "PATCH", "/company-settings", {
    siren: "732829320",
    siret: "73282932000074",
    vat_number: "FR44732829320",
    legal_form: "SARL",
    address1: "12 rue des Lilas",
    postal_code: "59000",
    city: "Lille",
  });
  expect(settings.status).toBe(200);
  const customer = await makeCustomer(w.db, { priceLevelId: w.level, taxNumber: "FR40303265045", label: "Épicerie Dupont" });
  await w.db.insert(t.customerAddresses).values({
    customerId: customer.id,
    type: "both",
    defaultBilling: true,
    defaultShipping: true,
    address1: "3 place du Marché",
    postalCode: "69002",
    city: "Lyon",
    country: "FR",
  });
  const vat20 = await makeTax(w.db, "20");
  const vat55 = await makeTax(w.db, "5.5");
  const mug = await pricedVariant(w.db, w.level, "12.5", [vat20]);
  const tea = await pricedVariant(w.db, w.level, "7.3", [vat55]);
  const created = await api(w.token, "POST", "/invoices", {
    customer_id: customer.id,
    location_id: w.location,
    lines: [
      { variant_id: mug.id, quantity: "3", discount: "10", discount_type: "percentage" },
      { variant_id: tea.id, quantity: "4" },
      { variant_id: tea.id, quantity: "1", price: "3.33" },
    ],
    global_discount: "5",
    global_discount_type: "percentage",
    shipping_cost: "8.9",
    document_tax_ids: [vat20],
    due_date: "2031-03-15",
    notes: "Merci de votre confiance",
    finalize: options.finalize ?? true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...w, customer, invoice: created.body };
}

async function pdfOf(token: string, id: number) {
  const response = await callApi("GET", `/invoices/${id}/pdf`, token);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe("a French company's invoice as Factur-X", () => {
  it("carries its EN 16931 XML in its PDF, whose totals are the invoice's to the cent", async () => {
    const w = await frenchInvoice();
    const invoice = w.invoice;
    expect(invoice.status).toBe("unpaid");
    // Two rates, a discount and shipping: the figures the XML has to say.
    expect(invoice.global_discount_amount).not.toBe("0.00");
    expect(invoice.shipping_cost).toBe("8.90");

    const bytes = await pdfOf(w.token, invoice.id);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { xml, relationship, inAF, xmp } = await extractFacturX(bytes);
    expect(xml).toContain("urn:cen.eu:en16931:2017");
    expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
    expect(relationship).toBe("Alternative");
    expect(inAF).toBe(true);
    // The XMP names the Factur-X file and profile, and PDF/A-3.
    expect(xmp).toContain("factur-x.xml");
    expect(xmp).toContain("EN 16931");
    expect(xmp).toMatch(/pdfaid:part>3</);

    const data = (await FacturX.fromXML(xml)).object as ComfortProfile;
    checkFacturX(data, invoice);
    expect(data.document.id).toBe(invoice.number);
    expect(data.seller.taxIdentification?.vatId).toBe("FR44732829320");
    expect(data.seller.specifiedLegalOrganization?.id).toMatchObject({ id: "732829320", scheme: "0002" });
    expect(data.buyer).toMatchObject({ name: "Épicerie Dupont", taxIdentification: { vatId: "FR40303265045" } });
    expect(data.buyer.postalAddress).toMatchObject({ addressLineOne: "3 place du Marché", country: "FR" });
    const rates = data.totals.taxBreakdown.map((b) => [b.categoryCode, b.rateApplicablePercent]).sort();
    expect(rates).toEqual([
      ["S", 20],
      ["S", 5.5],
    ]);
    // The line discount is the line's allowance; the global discount one allowance per rate; the shipping a charge at 20 %.
    expect(data.invoiceLines[0]!.settlement.lineLevelAllowancesAndCharges?.allowances?.[0]?.actualAmount).toBe(
      Number(invoice.lines[0].discount_amount),
    );
    expect(data.totals.allowanceTotalAmount).toBe(Number(invoice.global_discount_amount));
    expect(data.totals.documentLevelAllowancesAndCharges?.charges).toEqual([
      expect.objectContaining({ actualAmount: 8.9, categoryTradeTax: expect.objectContaining({ rateApplicablePercent: 20 }) }),
    ]);

    // The XML alone, from the API, is the one the PDF carries.
    const alone = await callApi("GET", `/invoices/${invoice.id}/factur-x.xml`, w.token);
    expect(alone.status).toBe(200);
    expect(alone.headers.get("content-type")).toContain("application/xml");
    checkFacturX((await FacturX.fromXML(await alone.text())).object as ComfortProfile, invoice);
  });

  it("is a credit note's too (type 381): its PDF carries its XML, whose totals are the credit note's to the cent", async () => {
    const w = await frenchInvoice();
    const note = await api(w.token, "POST", "/credit-notes", { invoice_id: w.invoice.id });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const response = await callApi("GET", `/credit-notes/${note.body.id}/pdf`, w.token);
    expect(response.status).toBe(200);
    const { xml, relationship } = await extractFacturX(new Uint8Array(await response.arrayBuffer()));
    expect(relationship).toBe("Alternative");
    expect(xml).toContain("<ram:TypeCode>381</ram:TypeCode>");
    const data = (await FacturX.fromXML(xml)).object as ComfortProfile;
    expect(data.document.id).toBe(note.body.number);
    // What it owes is due on its date.
    checkFacturX(data, { ...note.body, due_date: note.body.date });
    // Two rates and the global discount, no shipping: a credit note of the goods.
    expect(data.totals.taxBreakdown).toHaveLength(2);
    expect(data.totals.documentLevelAllowancesAndCharges?.charges).toBeUndefined();
  });

  it("is the emailed PDF too: the outputs row makes it for every way out", async () => {
    const w = await frenchInvoice();
    const { documentPdf } = await import("../../worker/domain/documents/outputs");
    const { ctxOf } = await import("../support/factories");
    const pdf = await documentPdf(await ctxOf(w.company), { type: "invoice", id: w.invoice.id, language: "fr" });
    const { xml } = await extractFacturX(pdf.bytes);
    checkFacturX((await FacturX.fromXML(xml)).object as ComfortProfile, w.invoice);
  });

  it("is the public link's PDF too: the customer's copy is the same invoice", async () => {
    const w = await frenchInvoice();
    const url: string = w.invoice.public_url;
    const publicId = decodeURIComponent(url.slice("/public/invoices/".length));
    const workerEnv = parseEnv(env as unknown as Bindings);
    const pdf = await publicInvoicePdf((companyId) => ctxForPublicInvoice(workerEnv, companyId), publicId, "fr");
    const { xml } = await extractFacturX(pdf.bytes);
    checkFacturX((await FacturX.fromXML(xml)).object as ComfortProfile, w.invoice);
  });

  it("is never a draft's: its PDF carries no XML and the XML route answers 409", async () => {
    const w = await frenchInvoice({ finalize: false });
    expect(w.invoice.status).toBe("draft");
    await expect(extractFacturX(await pdfOf(w.token, w.invoice.id))).rejects.toThrow();
    const alone = await api(w.token, "GET", `/invoices/${w.invoice.id}/factur-x.xml`);
    expect(alone.status).toBe(409);
    expect(alone.body.error.code).toBe("factur_x_not_available");
  });

  it("needs the company's VAT number: without it the invoice stays a plain PDF", async () => {
    const w = await frenchInvoice();
    expect((await api(w.token, "PATCH", "/company-settings", { vat_number: null })).status).toBe(200);
    await expect(extractFacturX(await pdfOf(w.token, w.invoice.id))).rejects.toThrow();
    expect((await api(w.token, "GET", `/invoices/${w.invoice.id}/factur-x.xml`)).status).toBe(409);
  });

  it("is only a French company's: another's invoice stays a plain PDF", async () => {
    const w = await frenchInvoice({ country: "BE" });
    await expect(extractFacturX(await pdfOf(w.token, w.invoice.id))).rejects.toThrow();
    expect((await api(w.token, "GET", `/invoices/${w.invoice.id}/factur-x.xml`)).status).toBe(409);
  });
});
