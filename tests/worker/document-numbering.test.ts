import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { migrations } from "../../migrations/tenant/bundle";
import { saveDocumentAction } from "../../app/routes/inventory/documents.server";
import { action as settingsAction } from "../../app/routes/settings/company-settings";
import { makeCompany } from "../support/factories";
import { fetchApp } from "../support/fetch-app";
import { formPost, pageContext } from "../support/page-context";
import { firstLocation, makeLocation, makeVariant } from "../support/isolation/stock";
import { pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;

interface Answer {
  status: number;
  body: { id?: number; number?: string | number; error?: { code: string; fields?: Record<string, { code: string }> } };
}

async function post(token: string, path: string, body: unknown): Promise<Answer> {
  const response = await fetchApp(`/api/v1${path}`, { method: "POST", token, json: body });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

async function world() {
  const company = await makeCompany();
  const main = await firstLocation(company.db);
  const variant = await makeVariant(company.db);
  const entry = (number?: string, location = main) =>
    post(company.token, "/stock-entries", {
      ...(number ? { number } : {}),
      location_id: location,
      lines: [{ variant_id: variant.id, quantity: "1" }],
    });
  return { company, db: company.db, token: company.token, main, variant, entry };
}

const padded = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, "0")}`;
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe("document numbers", () => {
  it("200 entries created at once through the Worker take the first 200 free numbers, with no gap and no duplicate", async () => {
    const { entry } = await world();
    // A number typed in the sequence's own shape leaves the sequence alone; the generated ones skip it.
    expect((await entry("ENT-000007")).body.number).toBe("ENT-000007");
    const answers = await Promise.all(range(0, 200).map(() => entry()));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const numbers = answers.map((a) => a.body.number!).sort();
    expect(numbers).toEqual(
      range(1, 201)
        .filter((n) => n !== 7)
        .map((n) => padded("ENT-", n)),
    );
  });

  it("a removal refused for want of stock takes no number: the saved ones are numbered 1 to 50 without a gap", async () => {
    const { company, db, token, main, variant } = await world();
    await db.update(t.companySettings).set({ preventNegativeInventory: true });
    expect((await post(token, "/stock-entries", { location_id: main, lines: [{ variant_id: variant.id, quantity: "50" }] })).status).toBe(
      201,
    );
    const answers = await Promise.all(
      range(0, 80).map(() =>
        post(company.token, "/stock-removals", { location_id: main, lines: [{ variant_id: variant.id, quantity: "1" }] }),
      ),
    );
    const saved = answers.filter((a) => a.status === 201);
    expect(saved).toHaveLength(50);
    expect(answers.filter((a) => a.status === 422).map((a) => a.body.error?.code)).toEqual(range(0, 30).map(() => "insufficient_stock"));
    expect(saved.map((a) => a.body.number).sort()).toEqual(range(1, 50).map((n) => padded("SOR-", n)));
    // The next one carries on from 50.
    await post(token, "/stock-entries", { location_id: main, lines: [{ variant_id: variant.id, quantity: "1" }] });
    const next = await post(token, "/stock-removals", { location_id: main, lines: [{ variant_id: variant.id, quantity: "1" }] });
    expect(next.body.number).toBe("SOR-000051");
  });

  it("with separate numbering per location, each location counts on its own and its id is in the number", async () => {
    const { db, main, entry } = await world();
    const shop = await makeLocation(db, { label: "Shop" });
    await entry();
    await db.update(t.companySettings).set({ separateNumberingPerLocation: true });
    const numbers = [];
    for (const location of [main, shop, main, shop, shop]) numbers.push((await entry(undefined, location)).body.number);
    expect(numbers).toEqual([`ENT-${main}-000001`, `ENT-${shop}-000001`, `ENT-${main}-000002`, `ENT-${shop}-000002`, `ENT-${shop}-000003`]);
    // Back to one sequence: it went on from where the company-wide one stood.
    await db.update(t.companySettings).set({ separateNumberingPerLocation: false });
    expect((await entry()).body.number).toBe("ENT-000002");
  });

  it("a sales order's number, its format read with its prices: the company's prefix and width, per location, 30 at once without gap or duplicate", async () => {
    const w = await salesWorld();
    const variant = await pricedVariant(w.db, w.level, "10");
    const shop = await makeLocation(w.db, { label: "Shop" });
    const order = (location: number) =>
      post(w.token, "/sales-orders", {
        customer_id: w.customer.id,
        location_id: location,
        lines: [{ variant_id: variant.id, quantity: "1" }],
      });
    expect((await order(w.location)).body.number).toBe("CMD-000001");
    await w.db.update(t.companySettings).set({ documentNumbering: { sales_order: { prefix: "SO/", width: 4 } } });
    expect((await order(w.location)).body.number).toBe("SO/0002");
    await w.db.update(t.companySettings).set({ separateNumberingPerLocation: true });
    const made = await Promise.all(range(0, 30).map((i) => order(i % 2 ? shop : w.location)));
    expect(made.every((m) => m.status === 201)).toBe(true);
    const numbers = (location: number) =>
      made
        .filter((_, i) => (i % 2 ? shop : w.location) === location)
        .map((m) => m.body.number)
        .sort();
    expect(numbers(w.location)).toEqual(range(1, 15).map((n) => `SO/${w.location}-${String(n).padStart(4, "0")}`));
    expect(numbers(shop)).toEqual(range(1, 15).map((n) => `SO/${shop}-${String(n).padStart(4, "0")}`));
    // A width past 15 digits, stored before the settings refused it, is written as 15.
    await w.db
      .update(t.companySettings)
      .set({ documentNumbering: { sales_order: { prefix: "", width: 40 } }, separateNumberingPerLocation: false });
    expect((await order(w.location)).body.number).toBe("3".padStart(15, "0"));
  });

  it("follows the prefix and width the company set for a type, and leaves the other types as they were", async () => {
    const { db, token, main, variant, entry } = await world();
    await db.update(t.companySettings).set({ documentNumbering: { entry: { prefix: "E/", width: 3 } } });
    expect((await entry()).body.number).toBe("E/001");
    expect((await entry()).body.number).toBe("E/002");
    const removal = await post(token, "/stock-removals", { location_id: main, lines: [{ variant_id: variant.id, quantity: "1" }] });
    expect(removal.body.number).toBe("SOR-000001");
  });

  it("the company settings change a type's format and the per-location flag, and show every type's format", async () => {
    const { token, main, entry } = await world();
    const patch = (body: unknown) => fetchApp("/api/v1/company-settings", { method: "PATCH", token, json: body });
    const changed = await patch({ document_numbering: { entry: { prefix: "IN/", width: 4 } }, separate_numbering_per_location: true });
    expect(changed.status).toBe(200);
    const settings = (await changed.json()) as { document_numbering: Record<string, unknown>; separate_numbering_per_location: boolean };
    expect(settings.document_numbering).toMatchObject({ entry: { prefix: "IN/", width: 4 }, removal: { prefix: "SOR-", width: 6 } });
    expect(settings.separate_numbering_per_location).toBe(true);
    expect((await entry()).body.number).toBe(`IN/${main}-0001`);
    // Only what is named changes.
    await patch({ document_numbering: { entry: { width: 2 } } });
    expect((await entry()).body.number).toBe(`IN/${main}-02`);
    const refused = await patch({ document_numbering: { entry: { width: 0 }, invoice: {} } });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { fields: Record<string, { code: string }> } }).error.fields).toMatchObject({
      "document_numbering.entry.width": { code: "too_small" },
    });
  });

  it("the company settings page saves the number formats and the flag, and names a refused field", async () => {
    const { company, entry, main } = await world();
    const { context } = await pageContext(company);
    const fields = {
      label: company.label,
      country: "FR",
      number_format: "comma_point",
      default_currency: "EUR",
      languages: "en",
      timezone: "UTC",
      "payment_terms.type": "net",
      "payment_terms.days": "0",
      estimate_expiration_days: "30",
      "document_numbering.entry.prefix": "R-",
      "document_numbering.entry.width": "3",
      separate_numbering_per_location: "on",
    };
    const send = (changes: Record<string, string>) =>
      settingsAction({
        request: formPost("/settings/company-settings", { ...fields, ...changes }),
        context,
        params: {},
      } as unknown as Parameters<typeof settingsAction>[0]);
    const saved = await send({});
    expect((saved as Response).headers.get("location")).toBe("/settings/company-settings?notice=saved");
    expect((await entry()).body.number).toBe(`R-${main}-001`);
    const refused = (await send({ "document_numbering.entry.width": "99" })) as unknown as {
      data: { fields: Record<string, { code: string }> };
    };
    expect(refused.data.fields["document_numbering.entry.width"]?.code).toBe("too_large");
  });

  it("the stock entry form takes a number of one's own, blank gives the next one, and a taken one is named at its field", async () => {
    const { company, main, variant } = await world();
    const { ctx } = await pageContext(company);
    const sku = (await company.db.select({ sku: t.variants.sku }).from(t.variants).where(eq(t.variants.id, variant.id)))[0]!.sku;
    const save = (number: string) =>
      saveDocumentAction(
        ctx,
        formPost("/inventory/stock-entries/create", { number, location_id: String(main), "lines.0.sku": sku, "lines.0.quantity": "1" }),
        "entry",
      );
    await save("BL 2026/114");
    await save("");
    const numbers = await company.db.select({ number: t.stockDocuments.number }).from(t.stockDocuments).orderBy(t.stockDocuments.id);
    expect(numbers.map((d) => d.number)).toEqual(["BL 2026/114", "ENT-000001"]);
    const taken = (await save("BL 2026/114")) as unknown as { data: { error: string; fields: Record<string, { code: string }> } };
    expect(taken.data.fields.number?.code).toBe("document_number_taken");
  });

  it("keeps a typed number when it is free, refuses one already taken, and a number of another shape leaves the sequence alone", async () => {
    const { db, entry } = await world();
    expect((await entry("IMPORT-2024-17")).body.number).toBe("IMPORT-2024-17");
    const taken = await entry("IMPORT-2024-17");
    expect(taken.status).toBe(409);
    expect(taken.body.error?.code).toBe("document_number_taken");
    expect(taken.body.error?.fields?.number?.code).toBe("document_number_taken");
    expect((await entry()).body.number).toBe("ENT-000001");
    // Not the generated shape (7 digits instead of 6): kept, and the sequence does not jump.
    expect((await entry("ENT-0000500")).body.number).toBe("ENT-0000500");
    expect((await entry()).body.number).toBe("ENT-000002");
    const [docs] = await db.all<{ n: number }>(sql`select count(*) as n from stock_documents where type = 'entry'`);
    expect(Number(docs!.n)).toBe(4);
  });

  it("customer numbers come from a sequence too: 30 created at once take 1 to 30, a typed one moves it past", async () => {
    const { token } = await world();
    const answers = await Promise.all(range(0, 30).map((i) => post(token, "/customers", { label: `Customer ${i}` })));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const numbers = answers.map((a) => (a.body as { number?: number }).number!).sort((a, b) => a - b);
    expect(numbers).toEqual(range(1, 30));
    expect((await post(token, "/customers", { label: "Typed", number: 500 })).status).toBe(201);
    expect(((await post(token, "/customers", { label: "Next" })).body as { number?: number }).number).toBe(501);
  });

  it("the migration starts each sequence after the highest number of its shape already saved", async () => {
    const { db, main } = await world();
    const numbers = ["ENT-000041", "ENT-000009", "ENT-12X", "IMPORT-99", "MOV-000003"];
    for (const number of numbers) {
      const arrival = number.startsWith("MOV") ? await makeLocation(db, { label: `To ${number}` }) : null;
      await db.insert(t.stockDocuments).values({
        type: number.startsWith("MOV") ? "movement" : "entry",
        number,
        locationId: main,
        arrivalLocationId: arrival,
        date: "2026-01-01",
      });
    }
    const step = migrations.find((m) => m.tag.includes("document_numbering"))!.statements.at(-1)!;
    expect(step).toMatch(/^INSERT INTO `document_sequences`/);
    await db.delete(t.documentSequences);
    await db.run(sql.raw(step));
    const rows = await db.select().from(t.documentSequences).orderBy(t.documentSequences.documentType);
    expect(rows.map((r) => [r.documentType, r.locationId, r.nextValue])).toEqual([
      ["bulk_update", 0, 1],
      ["customer", 0, 1],
      ["entry", 0, 42],
      ["movement", 0, 4],
      ["removal", 0, 1],
    ]);
  });
});
