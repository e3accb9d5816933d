import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { openCompanyDatabase } from "../../db/tenants";
import { signUp } from "../../worker/domain/companies/sign-up";
import { listOperations } from "../../worker/domain/operations/operations";
import { readSpreadsheet, writeCsv } from "../../worker/domain/operations/spreadsheets";
import { importTemplate, startImport, uploadImportFile } from "../../worker/domain/operations/start";
import { productFormOptions } from "../../worker/domain/products/product-options";
import { salesDocumentPrintable } from "../../worker/domain/sales/sales-document-pdf";
import { control, ctxOf, makeCompany, provisioner } from "../support/factories";
import { runQueuedOperations } from "../support/outbox";
import { api, fieldCodes, makeTax, orderFor, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;
const bindings = env as unknown as Record<string, string>;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.test`;

/** A visitor's signup through the domain verb, as the signup page sends it (the browser's zone in `timezone`). */
async function signUpIn(country: string, currency: string, extra: Record<string, unknown> = {}, locale: "en" | "fr" = "fr") {
  const { companyId } = await signUp(
    { control, provisioner, pepper: bindings.PASSWORD_PEPPER!, locale },
    {
      email: unique("signup"),
      first_name: "Léa",
      last_name: "Roux",
      company_name: "Boulangerie Roux",
      password: "Secret-pass-2026!",
      phone: "+33 3 20 00 00 00",
      country,
      currency,
      ...extra,
    },
  );
  const company = (await control.query.companies.findFirst({ where: eq(controlSchema.companies.id, companyId) }))!;
  const db = await openCompanyDatabase(control, provisioner, company);
  const [settings] = await db.select().from(t.companySettings);
  const taxes = await db.select({ id: t.taxes.id, label: t.taxes.label, rate: t.taxes.rate, active: t.taxes.active }).from(t.taxes);
  const admin = await control.query.users.findFirst({ where: eq(controlSchema.users.currentCompanyId, companyId) });
  return { companyId, db, settings: settings!, taxes, admin: admin! };
}

describe("a company signing up", () => {
  it("in France with EUR starts with TVA 20 %, 10 %, 5,5 % and 2,1 %, the 20 % one its default tax, and the browser's time zone", async () => {
    const signed = await signUpIn("FR", "EUR", { timezone: "Europe/Paris" });
    expect(signed.taxes.map((x) => [x.label, x.rate, x.active])).toEqual([
      ["TVA 20 %", 200_000, true],
      ["TVA 10 %", 100_000, true],
      ["TVA 5,5 %", 55_000, true],
      ["TVA 2,1 %", 21_000, true],
    ]);
    expect(signed.settings.defaultTaxId).toBe(signed.taxes[0]!.id);
    expect(signed.settings.timezone).toBe("Europe/Paris");
    expect(signed.admin.timezone).toBe("Europe/Paris");
  });

  it("gives its first product the default tax (no more 'No active tax')", async () => {
    const signed = await signUpIn("FR", "EUR");
    const company = (await control.query.companies.findFirst({ where: eq(controlSchema.companies.id, signed.companyId) }))!;
    const ctx = await ctxOf({ db: signed.db, companyId: signed.companyId, userId: signed.admin.id, company } as unknown as Parameters<
      typeof ctxOf
    >[0]);
    const options = await productFormOptions(ctx);
    expect(options.taxes.map((x) => x.label)).toContain("TVA 20 %");
    expect(options.defaultTaxIds).toEqual([signed.settings.defaultTaxId]);
  });

  it.each([
    ["BE", "en", ["VAT 21 %", "VAT 12 %", "VAT 6 %"]],
    ["DE", "en", ["VAT 19 %", "VAT 7 %"]],
    ["CH", "fr", ["TVA 8,1 %", "TVA 3,8 %", "TVA 2,6 %"]],
    ["GB", "en", ["VAT 20 %", "VAT 5 %", "VAT 0 %"]],
    ["US", "en", []],
    ["JP", "en", []],
  ] as const)("in %s (%s) starts with %j", async (country, locale, labels) => {
    const signed = await signUpIn(country, country === "US" ? "USD" : "EUR", {}, locale);
    expect(signed.taxes.map((x) => x.label)).toEqual(labels);
    expect(signed.settings.defaultTaxId).toBe(labels.length ? signed.taxes[0]!.id : null);
  });

  it.each([[undefined], [""], ["+01:00"], ["Mars/Olympus"], [42], ["Europe/Paris; drop table"]])(
    "with the time zone %j (absent or not an IANA zone) is in UTC",
    async (timezone) => {
      const signed = await signUpIn("FR", "EUR", timezone === undefined ? {} : { timezone });
      expect(signed.settings.timezone).toBe("UTC");
      expect(signed.admin.timezone).toBe("UTC");
    },
  );

  it("takes a zone by its canonical name", async () => {
    expect((await signUpIn("FR", "EUR", { timezone: "europe/paris" })).settings.timezone).toBe("Europe/Paris");
  });
});

describe("a French company's legal identifiers", () => {
  it("are saved through the API as typed (spaces dropped) and read back", async () => {
    const w = await salesWorld();
    const saved = await api(w.token, "PATCH", "/company-settings", {
      legal_form: "SAS",
      share_capital: "10 000",
      siren: "732 829 320",
      siret: "732 829 320 00074",
      rcs_city: "Lille",
      vat_number: "FR 44 732 829 320",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      legal_form: "SAS",
      share_capital: "10000.0000",
      siren: "732829320",
      siret: "73282932000074",
      rcs_city: "Lille",
      vat_number: "FR44732829320",
    });
    expect((await api(w.token, "GET", "/company-settings")).body).toMatchObject({ siren: "732829320", vat_number: "FR44732829320" });
    // La Poste's establishments follow their own rule.
    const post = await api(w.token, "PATCH", "/company-settings", { siren: "356000000", siret: "35600000000010", vat_number: null });
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({ siren: "356000000", siret: "35600000000010", vat_number: null });
  });

  it.each([
    [{ siren: "123456789" }, { siren: "invalid_siren" }],
    [{ siret: "73282932000075" }, { siret: "invalid_siret" }],
    [{ vat_number: "FR45732829320" }, { vat_number: "invalid_vat_number" }],
    [{ vat_number: "XX123" }, { vat_number: "invalid_vat_number" }],
    [{ siren: "732829320", siret: "44306184100047" }, { siret: "siret_not_of_siren" }],
    [{ siren: "732829320", vat_number: "FR64443061841" }, { vat_number: "vat_number_not_of_siren" }],
    [{ share_capital: "-1" }, { share_capital: "too_small" }],
    [{ default_tax_id: 999_999 }, { default_tax_id: "unknown_tax" }],
  ])("refuse %j with a 422 naming the field", async (body, fields) => {
    const w = await salesWorld();
    const refused = await api(w.token, "PATCH", "/company-settings", body);
    expect(refused.status).toBe(422);
    expect(fieldCodes(refused)).toEqual(fields);
  });
});

describe("the customer's language", () => {
  it("is the company's unless set, and the API takes en or fr", async () => {
    const w = await salesWorld();
    const plain = await api(w.token, "POST", "/customers", { label: "Acme" });
    expect(plain.body.language).toBeNull();
    const lille = await api(w.token, "POST", "/customers", { label: "Boulangerie de Lille", language: "fr" });
    expect(lille.status).toBe(201);
    expect(lille.body.language).toBe("fr");
    expect((await api(w.token, "PATCH", `/customers/${lille.body.id}`, { language: "" })).body.language).toBeNull();
    const refused = await api(w.token, "PATCH", `/customers/${lille.body.id}`, { language: "de" });
    expect(refused.status).toBe(422);
    expect(fieldCodes(refused)).toEqual({ language: "invalid_language" });
  });

  it("is a column of the customers import ('fr', 'Français', 'English'; blank: the company's)", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company, { locale: "fr" });
    const header = (await readSpreadsheet("csv", (await importTemplate(ctx, "customers", "csv")).bytes))[0]!;
    expect(header).toContain("Langue");
    const rows = [
      { Nom: "Café de Lille", Langue: "Français" },
      { Nom: "Pub in York", Langue: "English" },
      { Nom: "Bistro", Langue: "fr" },
      { Nom: "Sans langue" },
    ];
    const bytes = writeCsv(
      header,
      rows.map((row) => header.map((h) => (row as Record<string, string>)[h] ?? "")),
    );
    const preview = await uploadImportFile(ctx, { kind: "customers", file: new File([new Uint8Array(bytes)], "clients.csv") });
    const started = await startImport(ctx, {
      kind: "customers",
      file_id: preview.file_id,
      file_name: preview.file_name,
      mapping: preview.mapping,
    });
    await runQueuedOperations(company, { publish: async () => {} });
    const [done] = (await listOperations(ctx)).filter((o) => o.batch_id === started.batch_id);
    expect(done).toMatchObject({ status: "completed" });
    const customers = await company.db
      .select({ label: t.customers.label, language: t.customers.language })
      .from(t.customers)
      .orderBy(t.customers.id);
    expect(customers).toEqual([
      { label: "Café de Lille", language: "fr" },
      { label: "Pub in York", language: "en" },
      { label: "Bistro", language: "fr" },
      { label: "Sans langue", language: null },
    ]);
  });

  it("chooses the PDF's language when the PDF settings leave it to the customer", async () => {
    const w = await salesWorld();
    // An English-speaking company; its PDF settings print in the customer's language (none set).
    await api(w.token, "PATCH", "/company-settings", { languages: ["en"] });
    const variant = await pricedVariant(w.db, w.level, "9.5");
    const order = await orderFor(w, variant.id, "1");
    const ctx = await ctxOf(w.company);
    expect((await salesDocumentPrintable(ctx, { type: "sales_order", id: order.body.id })).language).toBe("en");
    await w.db.update(t.customers).set({ language: "fr" }).where(eq(t.customers.id, w.customer.id));
    expect((await salesDocumentPrintable(ctx, { type: "sales_order", id: order.body.id })).language).toBe("fr");
    // A language set in the PDF settings wins.
    await api(w.token, "PATCH", "/pdf-settings", { language: "en" });
    expect((await salesDocumentPrintable(ctx, { type: "sales_order", id: order.body.id })).language).toBe("en");
  });
});

describe("a sales document's PDF", () => {
  it("carries the seller's identifiers, the VAT model, the payment terms and due date, and the order's weight", async () => {
    const w = await salesWorld();
    await api(w.token, "PATCH", "/company-settings", {
      legal_form: "SARL",
      share_capital: "5000",
      siren: "732829320",
      siret: "73282932000074",
      rcs_city: "Lille",
      vat_number: "FR44732829320",
      payment_terms: { type: "net", days: 30 },
    });
    const vat = await makeTax(w.db, "20");
    const variant = await pricedVariant(w.db, w.level, "9.5", [vat]);
    await w.db.update(t.variants).set({ weightAmount: 12_345, weightUnit: "kg" }).where(eq(t.variants.id, variant.id));
    const order = await orderFor(w, variant.id, "2", { date: "2026-11-24" });
    expect(order.status).toBe(201);
    const { printable } = await salesDocumentPrintable(await ctxOf(w.company), { type: "sales_order", id: order.body.id });
    expect(printable.legal).toEqual({
      legalForm: "SARL",
      shareCapital: { amount: "5000.0000", currency: "EUR" },
      siren: "732829320",
      siret: "73282932000074",
      rcsCity: "Lille",
      vatNumber: "FR44732829320",
    });
    // The customer has the default terms (net, 0 days): the company's 30 days apply.
    expect(printable.paymentTerms).toEqual({ type: "net", days: 30 });
    expect(printable.dates).toContainEqual({ key: "due_date", date: "2026-12-24" });
    expect(printable.taxModel).toBe("global");
    expect(printable.totals).toMatchObject({ totalExclTax: "19.00", total: "22.80", taxes: [{ rate: "20.0000", amount: "3.80" }] });
    // 2 × 1.2345 kg
    expect(printable.totals!.weightGrams).toMatch(/^2469(\.0+)?$/);
    expect(printable.weightUnit).toBe("kg");

    // The customer's own terms win over the company's.
    await w.db.update(t.customers).set({ paymentTermsType: "eom", paymentTermsDays: 0 }).where(eq(t.customers.id, w.customer.id));
    const eom = await salesDocumentPrintable(await ctxOf(w.company), { type: "sales_order", id: order.body.id });
    expect(eom.printable.paymentTerms).toEqual({ type: "eom", days: 0 });
    expect(eom.printable.dates).toContainEqual({ key: "due_date", date: "2026-12-31" });
  });

  it("of a delivery note names the order it ships", async () => {
    const w = await salesWorld();
    const variant = await pricedVariant(w.db, w.level, "10");
    await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: variant.id, quantity: "5" }] });
    const order = await orderFor(w, variant.id, "2");
    const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
    expect(shipment.status).toBe(201);
    const { printable } = await salesDocumentPrintable(await ctxOf(w.company), { type: "shipping_order", id: shipment.body.id });
    expect(printable.references).toEqual([{ key: "sales_order", number: order.body.number }]);
    expect(printable.paymentTerms).toBeNull();
  });
});
