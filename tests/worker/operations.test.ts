import { env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { readSheet } from "read-excel-file/universal";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import type { Bindings } from "../../worker/env";
import { cancelOperation, listOperations, revertOperation } from "../../worker/domain/operations/operations";
import { EXPORT_LISTS } from "../../worker/domain/operations/export-lists";
import { readSpreadsheet, writeCsv, writeXlsx } from "../../worker/domain/operations/spreadsheets";
import { importKindsFor, importTemplate, startExport, startImport, uploadImportFile } from "../../worker/domain/operations/start";
import type { OperationView } from "../../worker/domain/operations/operations";
import { ctxOf, makeCompany } from "../support/factories";
import { runQueuedOperations } from "../support/outbox";

const bindings = env as unknown as Bindings;
const t = tenantSchema;
type World = Awaited<ReturnType<typeof world>>;
// Quantities are stored at 7 decimals.
const QUANTITY = 10_000_000;

async function world() {
  const company = await makeCompany({ locations: ["Lyon", "Paris"] });
  const ctx = await ctxOf(company);
  const [lyon, paris] = await company.db.select().from(t.locations).orderBy(t.locations.id);
  const [retail] = await company.db.select().from(t.priceLevels).where(eq(t.priceLevels.type, "selling")).orderBy(t.priceLevels.id);
  const [colour] = await company.db.insert(t.attributes).values({ label: "Colour" }).returning();
  await company.db.insert(t.attributeOptions).values([
    { attributeId: colour!.id, label: "Red", position: 1 },
    { attributeId: colour!.id, label: "Blue", position: 2 },
  ]);
  await company.db.insert(t.brands).values({ label: "Acme" });
  return { company, ctx, lyon: lyon!, paris: paris!, retail: retail! };
}

/** Runs the operations the verbs queued, as the queue would, recording what was pushed live. */
async function runQueued(w: World, pushed: OperationView[] = []) {
  await runQueuedOperations(w.company, { publish: async (_user, operation) => void pushed.push(operation) });
  return pushed;
}

const file = (name: string, bytes: Uint8Array | string) =>
  new File([typeof bytes === "string" ? new TextEncoder().encode(bytes) : new Uint8Array(bytes)], name);

async function templateHeader(w: World) {
  const template = await importTemplate(w.ctx, "products", "csv");
  return (await readSpreadsheet("csv", template.bytes))[0]!;
}

/** A products file in the template's columns: `rows` give cells by header. */
async function productsCsv(w: World, rows: Record<string, string>[]) {
  const header = await templateHeader(w);
  return writeCsv(
    header,
    rows.map((r) => header.map((h) => r[h] ?? "")),
  );
}

/** The same, written by hand: what a person's spreadsheet program would save (no quoting of formulas). */
async function rawCsv(w: World, rows: Record<string, string>[]) {
  const header = await templateHeader(w);
  return new TextEncoder().encode([header, ...rows.map((r) => header.map((h) => r[h] ?? ""))].map((cells) => cells.join(",")).join("\n"));
}

async function importFile(w: World, name: string, bytes: Uint8Array, kind = "products") {
  const preview = await uploadImportFile(w.ctx, { kind, file: file(name, bytes) });
  const operation = await startImport(w.ctx, {
    kind,
    file_id: preview.file_id,
    file_name: preview.file_name,
    mapping: preview.mapping,
  });
  const pushed = await runQueued(w);
  const [after] = (await listOperations(w.ctx)).filter((o) => o.batch_id === operation.batch_id);
  return { preview, operation: after!, pushed };
}

describe("imports", () => {
  it("imports the filled template: products with variants, prices and stock in several locations, with live progress", async () => {
    const w = await world();
    const header = await templateHeader(w);
    expect(header).toEqual(
      expect.arrayContaining([
        "Product",
        "SKU",
        "Variant name",
        "Brand",
        "Attribute 1",
        "Value 1",
        `Price: ${w.retail.label}`,
        "Stock: Lyon",
        "Stock: Paris",
      ]),
    );
    const rows: Record<string, string>[] = [
      {
        Product: "Mug",
        SKU: "MUG-1",
        Brand: "acme",
        Cost: "2,5",
        [`Price: ${w.retail.label}`]: "9.90",
        "Stock: Lyon": "10",
        "Stock: Paris": "4",
      },
      { Product: "Shirt", SKU: "SHIRT-R", "Attribute 1": "Colour", "Value 1": "Red", [`Price: ${w.retail.label}`]: "1 234,50" },
      { Product: "Shirt", SKU: "SHIRT-B", "Attribute 1": "colour", "Value 1": "blue", "Stock: Paris": "3", Cost: "3.75" },
      ...Array.from({ length: 600 }, (_, i) => ({ Product: `Bulk ${i}`, SKU: `BULK-${i}` })),
    ];
    const { preview, operation, pushed } = await importFile(w, "products.csv", await productsCsv(w, rows));
    expect(preview.row_count).toBe(603);
    expect(preview.mapping).toMatchObject({ product: 0, sku: 1 });
    expect(operation).toMatchObject({
      status: "completed",
      progress: 100,
      errors: [],
      result: { created: 602, rows: 603 },
      revertable: true,
    });
    // The bar moved in steps the menu was told of: checked, then written (one chunk of up to 1,000).
    expect(pushed.map((p) => p.progress)).toEqual([20, 100]);
    const [shirt] = await w.company.db.select().from(t.products).where(eq(t.products.label, "Shirt"));
    expect(shirt!.kind).toBe("variants");
    const variants = await w.company.db.select().from(t.variants).where(eq(t.variants.productId, shirt!.id));
    expect(variants.map((v) => v.sku).sort()).toEqual(["SHIRT-B", "SHIRT-R"]);
    const [mug] = await w.company.db.select().from(t.variants).where(eq(t.variants.sku, "MUG-1"));
    const levels = await w.company.db.select().from(t.stockLevels).where(eq(t.stockLevels.variantId, mug!.id));
    expect(levels.map((l) => [l.locationId, l.onHand]).sort()).toEqual(
      [
        [w.lyon.id, 10 * QUANTITY],
        [w.paris.id, 4 * QUANTITY],
      ].sort(),
    );
    // Amounts in both decimal styles, at 4 decimals: "9.90", "2,5", "1 234,50" (a space between thousands), "3.75".
    const priceOf = async (sku: string) => {
      const [variant] = await w.company.db.select().from(t.variants).where(eq(t.variants.sku, sku));
      const prices = await w.company.db.select().from(t.prices).where(eq(t.prices.variantId, variant!.id));
      return prices.filter((p) => p.priceLevelId === w.retail.id).map((p) => p.amount);
    };
    expect(await priceOf("MUG-1")).toEqual([99_000]);
    expect(await priceOf("SHIRT-R")).toEqual([12_345_000]);
    const costOf = async (sku: string) =>
      (await w.company.db.select().from(t.variants).where(eq(t.variants.sku, sku)))[0]!.movingAverageCost;
    expect(await costOf("MUG-1")).toBe(25_000);
    expect(await costOf("SHIRT-B")).toBe(37_500);

    // Revert: everything it made goes, its stock entries with it.
    await revertOperation(w.ctx, operation.batch_id);
    await runQueued(w);
    const [reverted] = await listOperations(w.ctx);
    expect(reverted).toMatchObject({ status: "reverted", progress: 100, errors: [], revertable: false });
    expect(await w.company.db.select().from(t.products)).toEqual([]);
    expect(await w.company.db.select().from(t.stockLevels)).toEqual([]);
    expect(await w.company.db.select().from(t.stockDocuments)).toEqual([]);
  });

  it("checks every row before writing anything, and names the row and column of each error", async () => {
    const w = await world();
    await w.company.db.insert(t.products).values({ label: "Old", kind: "single" });
    const [old] = await w.company.db.select().from(t.products);
    await w.company.db.insert(t.variants).values({ productId: old!.id, sku: "TAKEN", label: "Old" });
    const csv = await rawCsv(w, [
      { Product: "Fine", SKU: "FINE-1" },
      { Product: "Dup", SKU: "fine-1" },
      { Product: "Taken", SKU: "taken" },
      { Product: "Bad price", SKU: "BP", [`Price: ${w.retail.label}`]: "abc" },
      { Product: "Formula", SKU: "=1+1" },
      { Product: "No brand", SKU: "NB", Brand: "Nope" },
      { Product: "", SKU: "NOLABEL" },
    ]);
    const { operation } = await importFile(w, "bad.csv", csv);
    expect(operation.status).toBe("cancelled");
    expect(operation.errors).toEqual(
      expect.arrayContaining([
        { message: "import_duplicate_in_file", row: 3, column: "SKU", params: { row: 2 } },
        { message: "import_formula", row: 6, column: "SKU" },
        { message: "import_unknown_value", row: 7, column: "Brand", params: { value: "Nope" } },
        { message: "required", row: 8, column: "Product" },
      ]),
    );
    expect(await w.company.db.select().from(t.products)).toHaveLength(1);
    // The verb's own checks, once the file's are passed: a sku taken, an amount that is not one.
    const second = await importFile(
      w,
      "bad2.csv",
      await productsCsv(w, [
        { Product: "Taken", SKU: "taken" },
        { Product: "Bad price", SKU: "BP", [`Price: ${w.retail.label}`]: "abc" },
        // "1,234" is 1.234 in French and 1234 in English: refused rather than guessed.
        { Product: "Ambiguous", SKU: "AMB", [`Price: ${w.retail.label}`]: "1,234" },
      ]),
    );
    expect(second.operation.status).toBe("cancelled");
    expect(second.operation.errors).toEqual([
      { row: 2, column: "SKU", message: "duplicate_sku" },
      { row: 3, column: `Price: ${w.retail.label}`, message: "invalid_number" },
      { row: 4, column: `Price: ${w.retail.label}`, message: "ambiguous_number" },
    ]);
    expect(await w.company.db.select().from(t.products)).toHaveLength(1);
  });

  it("refuses bad files whole with their own message: type, encoding, size, emptiness, a zip bomb", async () => {
    const w = await world();
    const upload = (name: string, bytes: Uint8Array | string) => uploadImportFile(w.ctx, { kind: "products", file: file(name, bytes) });
    // Each refusal names the file field.
    const refusal = (code: string) => ({ code: "validation_failed", fields: { file: { code } } });
    await expect(upload("p.txt", "a,b")).rejects.toMatchObject(refusal("import_file_type"));
    await expect(upload("p.xlsx", "a,b")).rejects.toMatchObject(refusal("import_file_type"));
    await expect(upload("p.csv", new Uint8Array([0x50, 0x72, 0xe9, 0x0a]))).rejects.toMatchObject(refusal("import_file_encoding"));
    await expect(upload("p.csv", "\n\n")).rejects.toMatchObject(refusal("import_file_empty"));
    await expect(upload("p.csv", new Uint8Array(21 * 1024 * 1024).fill(0x61))).rejects.toMatchObject(refusal("import_file_too_large"));
    await expect(uploadImportFile(w.ctx, { kind: "products", file: null })).rejects.toMatchObject({
      fields: { file: { code: "import_file_required" } },
    });
    await expect(uploadImportFile(w.ctx, { kind: "nope", file: file("p.csv", "a") })).rejects.toMatchObject({
      fields: { kind: { code: "invalid" } },
    });
    // A small .xlsx whose sheet says it unpacks to 300 MB.
    const bomb = writeXlsx(["a"], [["b"]], "s");
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    for (let at = 0; at < bomb.length - 4; at++)
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 300 * 1024 * 1024, true);
    await expect(upload("bomb.xlsx", bomb)).rejects.toMatchObject(refusal("import_file_unpacked_too_large"));
    // Too many rows: the preview reads the first ones only, the import reads them all and refuses the file.
    const { preview, operation } = await importFile(w, "p.csv", new TextEncoder().encode(`a\n${"x\n".repeat(100_001)}`));
    expect(preview).toMatchObject({ row_count: 1000, more: true });
    expect(operation).toMatchObject({ status: "cancelled", errors: [{ message: "import_too_many_rows", params: { max: 100_000 } }] });
    // A file another company uploaded cannot be imported by its name.
    const other = await makeCompany();
    const theirs = await uploadImportFile(await ctxOf(other), { kind: "products", file: file("p.csv", "Product,SKU\nA,B") });
    await expect(startImport(w.ctx, { kind: "products", file_id: theirs.file_id, file_name: "p.csv", mapping: {} })).rejects.toMatchObject({
      code: "import_file_expired",
    });
  });

  it("reads an .xlsx the same as a .csv", async () => {
    const w = await world();
    const header = await templateHeader(w);
    const xlsx = writeXlsx(
      header,
      [header.map((h) => (h === "Product" ? "Lamp" : h === "SKU" ? "LAMP-1" : h === "Stock: Lyon" ? 7 : null))],
      "Products",
    );
    const { operation } = await importFile(w, "p.xlsx", xlsx);
    expect(operation).toMatchObject({ status: "completed", result: { created: 1 } });
    const [lamp] = await w.company.db.select().from(t.variants).where(eq(t.variants.sku, "LAMP-1"));
    expect((await w.company.db.select().from(t.stockLevels).where(eq(t.stockLevels.variantId, lamp!.id)))[0]?.onHand).toBe(7 * QUANTITY);
  });
});

/** A file of another kind in its template's columns: `rows` give cells by header. */
async function kindCsv(w: World, kind: string, rows: Record<string, string>[]) {
  const header = (await readSpreadsheet("csv", (await importTemplate(w.ctx, kind, "csv")).bytes))[0]!;
  return {
    header,
    bytes: writeCsv(
      header,
      rows.map((r) => header.map((h) => r[h] ?? "")),
    ),
  };
}

describe("imports of customers, suppliers and stock counts", () => {
  it("imports customers through the customer verb: numbers, emails, price level and currency by name, an address; checks first; reverts what was not used", async () => {
    const w = await world();
    const [currency] = await w.company.db.select().from(t.currencies).where(eq(t.currencies.isDefault, true));
    const bad = await kindCsv(w, "customers", [
      { Name: "Fine", "Customer number": "500" },
      { Name: "Twice", "Customer number": "500" },
      { Name: "No level", "Price level": "Gold" },
      { Name: "", Emails: "x@y.fr" },
      { Name: "Bad email", Emails: "not-an-email" },
      { Name: "Bad country", "Country (ISO code)": "Atlantis" },
    ]);
    expect(bad.header).toEqual(expect.arrayContaining(["Name", "Customer number", "Emails", "Price level", "Currency", "City"]));
    const refused = await importFile(w, "customers.csv", bad.bytes, "customers");
    expect(refused.operation.status).toBe("cancelled");
    expect(refused.operation.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: "Customer number", message: "import_duplicate_in_file", params: { row: 2 } },
        { row: 4, column: "Price level", message: "import_unknown_value", params: { value: "Gold" } },
        { row: 5, column: "Name", message: "required" },
      ]),
    );
    // The file's own faults first; the verb's (an email, a country) once those are mended.
    const second = await importFile(
      w,
      "customers.csv",
      (
        await kindCsv(w, "customers", [
          { Name: "Bad email", Emails: "not-an-email" },
          { Name: "Bad country", "Country (ISO code)": "Atlantis" },
        ])
      ).bytes,
      "customers",
    );
    expect(second.operation.errors).toEqual([
      { row: 2, column: "Emails", message: "invalid_email" },
      { row: 3, column: "Country (ISO code)", message: "invalid_country" },
    ]);
    expect(await w.company.db.select().from(t.customers)).toEqual([]);

    const good = await kindCsv(w, "customers", [
      {
        Name: "Café Lumière",
        "Customer number": "500",
        Emails: "a@cafe.fr; b@cafe.fr",
        "Price level": w.retail.label.toUpperCase(),
        Currency: currency!.iso.toLowerCase(),
        "Payment terms (days)": "30",
        City: "Lyon",
        "Country (ISO code)": "fr",
      },
      { Name: "Bistro" },
      { Name: "Épicerie", "Discount (%)": "2,5" },
    ]);
    const { operation } = await importFile(w, "customers.csv", good.bytes, "customers");
    expect(operation).toMatchObject({ status: "completed", result: { created: 3, rows: 3 }, revertable: true });
    const customers = await w.company.db.select().from(t.customers).orderBy(t.customers.id);
    expect(customers.map((c) => [c.label, c.number])).toEqual([
      ["Café Lumière", 500],
      ["Bistro", 501],
      ["Épicerie", 502],
    ]);
    expect(customers[0]).toMatchObject({
      emails: ["a@cafe.fr", "b@cafe.fr"],
      priceLevelId: w.retail.id,
      currencyId: currency!.id,
      paymentTermsType: "net",
      paymentTermsDays: 30,
    });
    const [address] = await w.company.db.select().from(t.customerAddresses).where(eq(t.customerAddresses.customerId, customers[0]!.id));
    expect(address).toMatchObject({ city: "Lyon", country: "FR", defaultBilling: true, defaultShipping: true });

    // A customer given store access since is kept; the others go.
    await w.company.db.update(t.customers).set({ b2bAccess: "granted" }).where(eq(t.customers.number, 501));
    await revertOperation(w.ctx, operation.batch_id);
    await runQueued(w);
    const [reverted] = (await listOperations(w.ctx)).filter((o) => o.batch_id === operation.batch_id);
    expect(reverted).toMatchObject({ status: "reverted", errors: [{ message: "import_revert_kept", params: { count: 1 } }] });
    expect((await w.company.db.select().from(t.customers)).map((c) => c.label)).toEqual(["Bistro"]);
    expect(await w.company.db.select().from(t.customerAddresses)).toEqual([]);
  });

  it("offers each user the kinds they may create, and refuses the others' templates and uploads", async () => {
    const w = await world();
    expect(importKindsFor(w.ctx)).toEqual(["products", "customers", "suppliers", "stock_counts"]);
    const clerk = await ctxOf(w.company, { permissions: ["view_customers", "edit_customers"] });
    expect(importKindsFor(clerk)).toEqual(["customers"]);
    await expect(importTemplate(clerk, "products", "csv")).rejects.toMatchObject({ code: "forbidden" });
    await expect(uploadImportFile(clerk, { kind: "stock_counts", file: file("c.csv", "SKU\nA") })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("imports suppliers, and a revert keeps the one a product names since", async () => {
    const w = await world();
    const good = await kindCsv(w, "suppliers", [
      { Name: "Atelier Nord", Email: "hello@nord.fr", "Lead time (days)": "12", Website: "https://nord.fr" },
      { Name: "Sud Textiles", "Payment terms (days)": "45" },
    ]);
    const { operation } = await importFile(w, "suppliers.csv", good.bytes, "suppliers");
    expect(operation).toMatchObject({ status: "completed", result: { created: 2 } });
    const suppliers = await w.company.db.select().from(t.suppliers).orderBy(t.suppliers.id);
    expect(suppliers.map((s) => [s.name, s.email, s.defaultLeadTimeDays, s.defaultPaymentTermsDays])).toEqual([
      ["Atelier Nord", "hello@nord.fr", 12, null],
      ["Sud Textiles", null, null, 45],
    ]);
    const bad = await importFile(
      w,
      "s.csv",
      (await kindCsv(w, "suppliers", [{ Name: "X", "Lead time (days)": "soon" }])).bytes,
      "suppliers",
    );
    expect(bad.operation.errors).toEqual([{ row: 2, column: "Lead time (days)", message: "invalid_number" }]);

    const [product] = await w.company.db.insert(t.products).values({ label: "Scarf", kind: "single" }).returning();
    await w.company.db.insert(t.variants).values({ productId: product!.id, sku: "SCARF", label: "Scarf", supplierId: suppliers[1]!.id });
    await revertOperation(w.ctx, operation.batch_id);
    await runQueued(w);
    expect((await w.company.db.select().from(t.suppliers)).map((s) => s.name)).toEqual(["Sud Textiles"]);
  });

  it("imports stock counts by SKU and location as counts of the count verb, which cannot be reverted", async () => {
    const w = await world();
    await importFile(
      w,
      "p.csv",
      await productsCsv(w, [
        { Product: "Mug", SKU: "MUG-1", "Stock: Lyon": "10" },
        { Product: "Cup", SKU: "CUP-1" },
      ]),
    );
    const bad = await kindCsv(w, "stock_counts", [
      { SKU: "MUG-1", Location: "Lyon", "Counted quantity": "7" },
      { SKU: "mug-1", Location: "lyon", "Counted quantity": "8" },
      { SKU: "MUG-1", Location: "Berlin", "Counted quantity": "1" },
    ]);
    expect(bad.header).toEqual(["SKU", "Location", "Counted quantity", "Batch number"]);
    const refused = await importFile(w, "c.csv", bad.bytes, "stock_counts");
    expect(refused.operation.errors).toEqual([
      { row: 3, column: "SKU", message: "import_duplicate_in_file", params: { row: 2 } },
      { row: 4, column: "Location", message: "import_unknown_value", params: { value: "Berlin" } },
    ]);
    const unknown = await importFile(
      w,
      "c.csv",
      (await kindCsv(w, "stock_counts", [{ SKU: "NOPE", Location: "Lyon", "Counted quantity": "1" }])).bytes,
      "stock_counts",
    );
    expect(unknown.operation.errors).toEqual([{ row: 2, column: "SKU", message: "unknown_variant" }]);

    const good = await kindCsv(w, "stock_counts", [
      { SKU: "MUG-1", Location: "Lyon", "Counted quantity": "7" },
      { SKU: "CUP-1", Location: "Paris", "Counted quantity": "2,5" },
      { SKU: "MUG-1", Location: "Paris", "Counted quantity": "0" },
    ]);
    const { operation } = await importFile(w, "c.csv", good.bytes, "stock_counts");
    expect(operation).toMatchObject({ status: "completed", result: { created: 3, rows: 3 }, revertable: false });
    const levels = await w.company.db
      .select({ sku: t.variants.sku, locationId: t.stockLevels.locationId, onHand: t.stockLevels.onHand })
      .from(t.stockLevels)
      .innerJoin(t.variants, eq(t.variants.id, t.stockLevels.variantId));
    expect(levels.map((l) => [l.sku, l.locationId, l.onHand / QUANTITY]).sort()).toEqual(
      [
        ["MUG-1", w.lyon.id, 7],
        ["CUP-1", w.paris.id, 2.5],
      ].sort(),
    );
    const counts = await w.company.db.select().from(t.stockDocuments).where(eq(t.stockDocuments.type, "bulk_update"));
    expect(counts.map((c) => c.locationId).sort()).toEqual([w.lyon.id, w.paris.id].sort());
    await expect(revertOperation(w.ctx, operation.batch_id)).rejects.toMatchObject({ code: "operation_not_revertable" });
  });
});

describe("spreadsheets", () => {
  it("writes and reads an .xlsx whose sheet is too large to be packed or unpacked in one go (no Web Worker here)", async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`Row ${i}`, i * 1.5, i % 2 === 0]);
    const bytes = writeXlsx(["Name", "Amount", "Even"], rows, "Big: sheet/1");
    const read = await readSpreadsheet("xlsx", bytes);
    expect(read).toHaveLength(20_001);
    expect(read[0]).toEqual(["Name", "Amount", "Even"]);
    expect(read[20_000]).toEqual(["Row 19999", "29998.5", "false"]);
  });
});

describe("exports", () => {
  it("exports a list with its filters, sort and columns to XLSX and CSV, in chunks, for its user to download", async () => {
    const w = await world();
    await importFile(
      w,
      "p.csv",
      await productsCsv(
        w,
        Array.from({ length: 1203 }, (_, i) => ({ Product: `P${String(i).padStart(4, "0")}`, SKU: `S-${i}`, Brand: i % 3 ? "" : "Acme" })),
      ),
    );
    const columns = [
      { key: "label", label: "Nom" },
      { key: "sku", label: "SKU" },
      { key: "brand", label: "Marque" },
      { key: "nope", label: "ignored" },
    ];
    const started = await startExport(w.ctx, { list: "products", format: "xlsx", query: "sort=-label", columns });
    expect(started).toMatchObject({ type: "export", status: "in_progress", downloadable: false });
    const pushed = await runQueued(w);
    expect(pushed.map((p) => p.progress)).toEqual([expect.any(Number), expect.any(Number), 100]);
    const [done] = await listOperations(w.ctx);
    expect(done).toMatchObject({ status: "completed", downloadable: true });
    const row = (await w.company.db.select().from(t.backgroundOperations).where(eq(t.backgroundOperations.batchId, done!.batch_id)))[0]!;
    const object = await bindings.FILES.get(row.fileKey!);
    const sheet = await readSheet(await object!.arrayBuffer());
    // Products are exported in their import template's columns, whatever the screen shows (a file that imports back).
    expect(sheet[0]).toEqual(await templateHeader(w));
    const cells = (row: unknown[]) => ["Product", "SKU", "Brand"].map((h) => row[sheet[0]!.indexOf(h)]);
    expect(sheet).toHaveLength(1204);
    expect(cells(sheet[1]!)).toEqual(["P1202", "S-1202", null]);
    expect(cells(sheet[1203]!)).toEqual(["P0000", "S-0", "Acme"]);

    const csv = await startExport(w.ctx, { list: "products", format: "csv", query: "brand_id=1", columns: columns.slice(0, 2) });
    await runQueued(w);
    const csvRow = (await w.company.db.select().from(t.backgroundOperations).where(eq(t.backgroundOperations.batchId, csv.batch_id)))[0]!;
    const bytes = new Uint8Array(await (await bindings.FILES.get(csvRow.fileKey!))!.arrayBuffer());
    // A BOM first, so that spreadsheet programs read it as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    // Every cell quoted, so that a `;` or a line break in one never ends it (decision 036).
    expect(text.startsWith('"Product","SKU","Variant name"')).toBe(true);
    expect(text.split("\r\n")[1]!.startsWith('"P0000","S-0","P0000"')).toBe(true);
    expect(text.trim().split("\r\n")).toHaveLength(402);

    await expect(startExport(w.ctx, { list: "products", format: "pdf", columns })).rejects.toMatchObject({ code: "validation_failed" });
    await expect(startExport(w.ctx, { list: "products", format: "csv", query: "sort=nope", columns })).rejects.toMatchObject({
      code: "validation_failed",
    });
    const seller = await ctxOf(w.company, { permissions: ["view_customers"] });
    await expect(startExport(seller, { list: "products", format: "csv", columns })).rejects.toMatchObject({ code: "forbidden" });
  });

  it("exports every list of the back office, each column of each, with the rows the list shows", async () => {
    const w = await world();
    await importFile(w, "p.csv", await productsCsv(w, [{ Product: "Mug", SKU: "MUG-1", "Stock: Lyon": "10" }]));
    await importFile(w, "c.csv", (await kindCsv(w, "customers", [{ Name: "Bistro" }])).bytes, "customers");
    await importFile(w, "s.csv", (await kindCsv(w, "suppliers", [{ Name: "Nord" }])).bytes, "suppliers");
    for (const [list, spec] of Object.entries(EXPORT_LISTS)) {
      const columns = Object.keys(spec.columns).map((key) => ({ key, label: key }));
      const started = await startExport(w.ctx, { list, format: "csv", columns });
      await runQueued(w);
      const row = (
        await w.company.db.select().from(t.backgroundOperations).where(eq(t.backgroundOperations.batchId, started.batch_id))
      )[0]!;
      expect([list, row.status, row.errors]).toEqual([list, "completed", []]);
      const rows = await readSpreadsheet("csv", new Uint8Array(await (await bindings.FILES.get(row.fileKey!))!.arrayBuffer()));
      expect(rows[0]).toEqual(list === "products" ? await templateHeader(w) : columns.map((c) => c.label));
      const shown = await spec.run(w.ctx, new URLSearchParams("total_count=true&page_size=500"));
      expect([list, rows.length - 1]).toEqual([list, shown.totalCount]);
    }
    expect(Object.keys(EXPORT_LISTS)).toEqual(
      expect.arrayContaining([
        "products",
        "customers",
        "suppliers",
        "stock_levels",
        "inventory_logs",
        "estimates",
        "sales_orders",
        "shipping_orders",
      ]),
    );
  });

  it("cancels only a running operation, stops it before its next chunk, and keeps each user to their own operations", async () => {
    const w = await world();
    const started = await startExport(w.ctx, { list: "products", format: "csv", columns: [{ key: "label", label: "Name" }] });
    const other = await ctxOf(w.company, { permissions: ["view_products"] });
    await expect(cancelOperation(other, started.batch_id)).rejects.toMatchObject({ code: "not_found" });
    expect(await listOperations(other)).toEqual([]);
    expect(await cancelOperation(w.ctx, started.batch_id)).toMatchObject({ status: "cancelled" });
    await expect(cancelOperation(w.ctx, started.batch_id)).rejects.toMatchObject({ code: "operation_not_running" });
    const pushed = await runQueued(w);
    expect(pushed).toEqual([]);
    expect((await listOperations(w.ctx))[0]).toMatchObject({ status: "cancelled", progress: 0, downloadable: false });
    await expect(revertOperation(w.ctx, started.batch_id)).rejects.toMatchObject({ code: "operation_not_revertable" });
  });
});

describe("the live channel", () => {
  it("answers a socket that dropped without a close frame (1006) or a code (1005) without failing", async () => {
    const stub = bindings.OPERATIONS.getByName("company-dropped");
    await runInDurableObject(stub, async (instance: { webSocketClose(socket: WebSocket, code: number): void }) => {
      for (const code of [1006, 1005, 1000, 4001]) {
        const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
        server.accept();
        client.accept();
        expect(() => instance.webSocketClose(server, code)).not.toThrow();
      }
    });
  });

  it("pushes an operation's change to its user's open sockets only", async () => {
    const stub = bindings.OPERATIONS.getByName("company-live");
    const open = async (user: string) => {
      const response = await stub.fetch("http://do/live", { headers: { upgrade: "websocket", "x-operations-user": user } });
      expect(response.status).toBe(101);
      const socket = response.webSocket!;
      socket.accept();
      const messages: string[] = [];
      socket.addEventListener("message", (event) => messages.push(String(event.data)));
      return { socket, messages };
    };
    const mine = await open("user-a");
    const theirs = await open("user-b");
    expect(await stub.publish("user-a", { batch_id: "b1", progress: 40 })).toBe(1);
    await runInDurableObject(stub, async () => {});
    await new Promise((r) => setTimeout(r, 50));
    expect(mine.messages.map((m) => JSON.parse(m))).toEqual([{ type: "operation", operation: { batch_id: "b1", progress: 40 } }]);
    expect(theirs.messages).toEqual([]);
    const refused = await stub.fetch("http://do/live", { headers: { "x-operations-user": "user-a" } });
    expect(refused.status).toBe(426);
    mine.socket.close();
    theirs.socket.close();
  });
});
