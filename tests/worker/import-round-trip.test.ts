import { env } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import type { Bindings } from "../../worker/env";
import { importHistory, importTemplate, startExport, startImport, uploadImportFile } from "../../worker/domain/operations/start";
import { listOperations, revertOperation, type OperationView } from "../../worker/domain/operations/operations";
import { readSpreadsheet, writeCsv } from "../../worker/domain/operations/spreadsheets";
import { priceAccess } from "../../worker/domain/products/price-access";
import { loadProductView, type ProductView } from "../../worker/domain/products/product-view";
import { ctxOf, makeCompany } from "../support/factories";
import { runQueuedOperations } from "../support/outbox";

const bindings = env as unknown as Bindings;
const t = tenantSchema;
type World = Awaited<ReturnType<typeof world>>;

/** A company with two locations, two selling price levels, a brand, a supplier and a colour attribute. */
async function world() {
  const company = await makeCompany({ locations: ["Lyon", "Paris"] });
  const ctx = await ctxOf(company);
  const [retail] = await company.db.select().from(t.priceLevels).where(eq(t.priceLevels.type, "selling")).orderBy(t.priceLevels.id);
  await company.db.insert(t.priceLevels).values({ label: "Wholesale", type: "selling" });
  const [colour] = await company.db.insert(t.attributes).values({ label: "Colour" }).returning();
  await company.db.insert(t.attributeOptions).values([
    { attributeId: colour!.id, label: "Red", position: 1 },
    { attributeId: colour!.id, label: "Blue", position: 2 },
  ]);
  await company.db.insert(t.brands).values({ label: "Acme" });
  await company.db.insert(t.suppliers).values([{ name: "Atelier Nord" }, { name: "Sud Textiles" }]);
  return { company, ctx, retail: retail! };
}

async function runQueued(w: World, pushed: OperationView[] = []) {
  await runQueuedOperations(w.company, { publish: async (_user, operation) => void pushed.push(operation) });
  return pushed;
}

const file = (name: string, bytes: Uint8Array) => new File([new Uint8Array(bytes)], name);

async function importFile(w: World, name: string, bytes: Uint8Array, options: { kind?: string; mode?: string } = {}) {
  const kind = options.kind ?? "products";
  const preview = await uploadImportFile(w.ctx, { kind, file: file(name, bytes) });
  const operation = await startImport(w.ctx, {
    kind,
    file_id: preview.file_id,
    file_name: preview.file_name,
    mapping: preview.mapping,
    ...(options.mode ? { mode: options.mode } : {}),
  });
  const pushed = await runQueued(w);
  const [after] = (await listOperations(w.ctx)).filter((o) => o.batch_id === operation.batch_id);
  return { operation: after!, pushed };
}

/** A file of a kind in its template's columns: `rows` give cells by header. */
async function kindCsv(w: World, kind: string, rows: Record<string, string>[]) {
  const header = (await readSpreadsheet("csv", (await importTemplate(w.ctx, kind, "csv")).bytes))[0]!;
  return writeCsv(
    header,
    rows.map((r) => header.map((h) => r[h] ?? "")),
  );
}

/** The products list exported (its whole list), as the file the user downloads. */
async function exportProducts(w: World, format: "csv" | "xlsx") {
  const started = await startExport(w.ctx, { list: "products", format, query: "sort=label", columns: [{ key: "label", label: "Name" }] });
  await runQueued(w);
  const [row] = await w.company.db.select().from(t.backgroundOperations).where(eq(t.backgroundOperations.batchId, started.batch_id));
  expect([row!.status, row!.errors]).toEqual(["completed", []]);
  return new Uint8Array(await (await bindings.FILES.get(row!.fileKey!))!.arrayBuffer());
}

/** Every product's view (what the screens and the API show), in id order. */
async function views(w: World): Promise<ProductView[]> {
  const ids = (await w.company.db.select({ id: t.products.id }).from(t.products).orderBy(asc(t.products.id))).map((p) => p.id);
  const out: ProductView[] = [];
  for (let at = 0; at < ids.length; at += 50)
    out.push(...(await Promise.all(ids.slice(at, at + 50).map((id) => loadProductView(w.company.db, id, priceAccess(w.ctx.actor))))));
  return out;
}

/** A view without what a company numbers for itself (ids, dates): references by their labels, by SKU. */
function portable(list: ProductView[]) {
  return list
    .map((p) => ({
      label: p.label,
      kind: p.kind,
      description: p.description,
      brand: p.brand?.label ?? null,
      attributes: p.attributes.map((a) => a.label),
      variants: p.variants.map((v) => ({
        sku: v.sku,
        label: v.label,
        barcode: v.barcode,
        supplier: v.supplier?.label ?? null,
        options: v.options.map((o) => o.label),
        initial_cost: v.initial_cost,
        moving_average_cost: v.moving_average_cost,
        minimum_quantity: v.minimum_quantity,
        prices: v.prices.map((x) => [x.price_level_label, x.currency_iso, x.amount]),
        stock: v.stock_levels.map((l) => [l.location_label, l.on_hand]),
      })),
    }))
    .sort((a, b) => a.variants[0]!.sku.localeCompare(b.variants[0]!.sku));
}

/** 1,000 products: most of one variant, some of two colours; prices in two levels, stock in two locations, barcodes, suppliers. */
function catalogue(w: World) {
  const rows: Record<string, string>[] = [];
  for (let i = 0; i < 980; i++)
    rows.push({
      Product: `Product ${String(i).padStart(4, "0")}`,
      SKU: `P-${i}`,
      Barcode: `3000000${String(i).padStart(6, "0")}`,
      Brand: i % 2 ? "Acme" : "",
      Supplier: i % 3 ? "Atelier Nord" : "Sud Textiles",
      Description: i % 5 ? "" : `Line one of ${i}\nline two, with "quotes"; and a semicolon`,
      Cost: `${(i % 40) + 1}.25`,
      "Minimum quantity": i % 7 ? "" : "2.5",
      [`Price: ${w.retail.label}`]: `${(i % 90) + 10}.9`,
      "Price: Wholesale": i % 4 ? `${(i % 90) + 5}.1234` : "",
      "Stock: Lyon": String((i % 11) + 1),
      "Stock: Paris": i % 2 ? "3.5" : "",
    });
  for (let i = 0; i < 20; i++)
    for (const colour of ["Red", "Blue"])
      rows.push({
        Product: `Shirt ${i}`,
        SKU: `SHIRT-${i}-${colour}`,
        "Variant name": `Shirt ${i} ${colour.toLowerCase()}`,
        "Attribute 1": "Colour",
        "Value 1": colour,
        Supplier: "Atelier Nord",
        Cost: "4",
        [`Price: ${w.retail.label}`]: "19.99",
        "Price: Wholesale": "12",
        "Stock: Paris": colour === "Red" ? "6" : "",
      });
  return rows;
}

describe("imports that round-trip", () => {
  it(
    "exports products in the import template's columns; the file imported back in update mode changes nothing, and in create mode makes the same products",
    { timeout: 240_000 },
    async () => {
      const w = await world();
      const made = await importFile(w, "catalogue.csv", await kindCsv(w, "products", catalogue(w)));
      expect(made.operation).toMatchObject({ status: "completed", errors: [], result: { created: 1000 } });
      const before = await views(w);
      expect(before).toHaveLength(1000);

      const csv = await exportProducts(w, "csv");
      const sheet = await readSpreadsheet("csv", csv);
      // The template's own header, one row per variant.
      expect(sheet[0]).toEqual((await readSpreadsheet("csv", (await importTemplate(w.ctx, "products", "csv")).bytes))[0]);
      expect(sheet).toHaveLength(1 + 980 + 40);
      const header = sheet[0]!;
      const mug = Object.fromEntries(header.map((h, i) => [h, sheet.find((r) => r[1] === "P-3")![i]]));
      expect(mug).toMatchObject({
        Product: "Product 0003",
        Barcode: "3000000000003",
        Brand: "Acme",
        Supplier: "Sud Textiles",
        Cost: "4.25",
        [`Price: ${w.retail.label}`]: "13.9",
        "Price: Wholesale": "8.1234",
        "Stock: Lyon": "4",
        "Stock: Paris": "3.5",
      });

      for (const [name, bytes] of [
        ["export.csv", csv],
        ["export.xlsx", await exportProducts(w, "xlsx")],
      ] as const) {
        const { operation } = await importFile(w, name, bytes, { mode: "update" });
        expect([name, operation.status, operation.errors]).toEqual([name, "completed", []]);
        // Nothing differed, so nothing was written: not even a date moved.
        expect(operation.result).toMatchObject({ rows: 1020, created: 0, updated: 0 });
        expect(await views(w)).toEqual(before);
      }

      // The same file into another company with the same levels, locations and names: the same products.
      const other = await world();
      const copied = await importFile(other, "export.csv", csv, { mode: "create" });
      expect(copied.operation).toMatchObject({ status: "completed", errors: [], result: { created: 1000, rows: 1020 } });
      expect(portable(await views(other))).toEqual(portable(before));
    },
  );

  it(
    "updates products by SKU: filled cells change, empty ones are left, stock cells are set aside and said; such an import cannot be reverted",
    { timeout: 60_000 },
    async () => {
      const w = await world();
      await importFile(
        w,
        "p.csv",
        await kindCsv(w, "products", [
          {
            Product: "Mug",
            SKU: "MUG-1",
            Barcode: "111",
            Cost: "2",
            [`Price: ${w.retail.label}`]: "9.90",
            "Price: Wholesale": "7",
            "Stock: Lyon": "10",
          },
          { Product: "Cup", SKU: "CUP-1", Supplier: "Atelier Nord", [`Price: ${w.retail.label}`]: "5" },
        ]),
      );
      const [mugBefore, cupBefore] = await views(w);
      const bytes = await kindCsv(w, "products", [
        // A new retail price and a supplier; the wholesale price and the barcode are left as they are; the stock cell is set aside.
        { SKU: "mug-1", [`Price: ${w.retail.label}`]: "11,50", Supplier: "Sud Textiles", "Stock: Lyon": "99" },
        // The same values as now: nothing to write.
        { SKU: "CUP-1", Product: "Cup", [`Price: ${w.retail.label}`]: "5.0000" },
      ]);
      const { operation, pushed } = await importFile(w, "u.csv", bytes, { mode: "update" });
      expect(operation).toMatchObject({
        status: "completed",
        errors: [],
        result: { rows: 2, created: 0, updated: 1, stock_ignored: 1 },
        revertable: false,
      });
      // What the import page's history shows is what its user was pushed last.
      const [history] = await importHistory(w.ctx);
      expect(pushed.at(-1)).toEqual({ ...history, mine: undefined });
      await expect(revertOperation(w.ctx, operation.batch_id)).rejects.toMatchObject({ code: "operation_not_revertable" });

      const [mug, cup] = await views(w);
      expect(mug!.label).toBe("Mug");
      expect(mug!.variants[0]).toMatchObject({ barcode: "111", initial_cost: "2.0000", supplier: { label: "Sud Textiles" } });
      expect(mug!.variants[0]!.prices.map((p) => [p.price_level_label, p.amount])).toEqual([
        [w.retail.label, "11.5000"],
        ["Wholesale", "7.0000"],
      ]);
      expect(mug!.variants[0]!.stock_levels.map((l) => l.on_hand)).toEqual(["10.0000000"]);
      expect(mug!.updated_at).toBe(mugBefore!.updated_at);
      expect(mug!.variants[0]!.updated_at).toBeGreaterThan(mugBefore!.variants[0]!.updated_at - 1);
      expect(cup).toEqual(cupBefore);

      // Update only: a SKU found nowhere is the row's error, and nothing is written.
      const missing = await importFile(
        w,
        "m.csv",
        await kindCsv(w, "products", [
          { SKU: "MUG-1", Barcode: "222" },
          { SKU: "NOPE", Product: "Nope" },
        ]),
        { mode: "update" },
      );
      expect(missing.operation).toMatchObject({
        status: "cancelled",
        errors: [{ row: 3, column: "SKU", message: "import_no_match", params: { value: "NOPE" } }],
      });
      expect((await views(w))[0]!.variants[0]!.barcode).toBe("111");

      // Both: the known SKU updated, the new one created; a revert would delete nothing it did not make, but it updated, so none.
      const both = await importFile(
        w,
        "b.csv",
        await kindCsv(w, "products", [
          { SKU: "MUG-1", Barcode: "333" },
          { SKU: "BOWL-1", Product: "Bowl", "Stock: Paris": "4" },
        ]),
        { mode: "upsert" },
      );
      expect(both.operation).toMatchObject({ status: "completed", result: { created: 1, updated: 1 }, revertable: false });
      const after = await views(w);
      expect(after.map((p) => [p.label, p.variants[0]!.barcode, p.variants[0]!.on_hand])).toEqual([
        ["Mug", "333", "10.0000000"],
        ["Cup", null, "0.0000000"],
        ["Bowl", null, "4.0000000"],
      ]);
    },
  );

  it("checks every update by the update verbs' rules before writing any, naming the row and column", async () => {
    const w = await world();
    await importFile(
      w,
      "p.csv",
      await kindCsv(w, "products", [
        { Product: "Mug", SKU: "MUG-1", [`Price: ${w.retail.label}`]: "9" },
        { Product: "Cup", SKU: "CUP-1" },
      ]),
    );
    const before = await views(w);
    const { operation } = await importFile(
      w,
      "bad.csv",
      await kindCsv(w, "products", [
        { SKU: "MUG-1", Barcode: "444", "Price: Wholesale": "abc" },
        { SKU: "CUP-1", Cost: "-2", Brand: "Nope" },
        { SKU: "CUP-1", Barcode: "555" },
      ]),
      { mode: "update" },
    );
    expect(operation.status).toBe("cancelled");
    expect(operation.errors).toEqual([
      { row: 3, column: "Brand", message: "import_unknown_value", params: { value: "Nope" } },
      { row: 4, column: "SKU", message: "import_duplicate_in_file", params: { row: 3 } },
    ]);
    const second = await importFile(
      w,
      "bad2.csv",
      await kindCsv(w, "products", [
        { SKU: "MUG-1", Barcode: "444", "Price: Wholesale": "abc" },
        { SKU: "CUP-1", Cost: "-2" },
      ]),
      { mode: "update" },
    );
    expect(second.operation.errors).toEqual([
      { row: 2, column: "Price: Wholesale", message: "invalid_number" },
      { row: 3, column: "Cost", message: "too_small" },
    ]);
    expect(await views(w)).toEqual(before);
  });

  it("updates customers found by number or email and suppliers by email, creates the others when asked, and refuses a key that names several", async () => {
    const w = await world();
    await importFile(
      w,
      "c.csv",
      await kindCsv(w, "customers", [
        { Name: "Café Lumière", "Customer number": "500", Emails: "hello@cafe.fr", City: "Lyon", "Country (ISO code)": "FR" },
        { Name: "Bistro", Emails: "bistro@example.fr" },
        { Name: "Twin A", Emails: "same@example.fr" },
        { Name: "Twin B", Emails: "same@example.fr" },
      ]),
      { kind: "customers" },
    );
    const customersFile = await kindCsv(w, "customers", [
      // By number: a new phone and a new city, the address's country kept.
      { "Customer number": "500", Phone: "+33 4 00 00 00 00", City: "Villeurbanne" },
      // By email (no number): a new name.
      { Name: "Bistro du Port", Emails: "BISTRO@example.fr" },
      // Found nowhere: created in "both" mode.
      { Name: "Épicerie", Emails: "epicerie@example.fr" },
    ]);
    const only = await importFile(w, "c2.csv", customersFile, { kind: "customers", mode: "update" });
    expect(only.operation).toMatchObject({
      status: "cancelled",
      errors: [{ row: 4, column: "Emails", message: "import_no_match", params: { value: "epicerie@example.fr" } }],
    });
    const both = await importFile(w, "c2.csv", customersFile, { kind: "customers", mode: "upsert" });
    expect(both.operation).toMatchObject({ status: "completed", errors: [], result: { created: 1, updated: 2 }, revertable: false });
    const customers = await w.company.db.select().from(t.customers).orderBy(t.customers.id);
    expect(customers.map((c) => [c.label, c.number, c.phone])).toEqual([
      ["Café Lumière", 500, "+33 4 00 00 00 00"],
      ["Bistro du Port", 501, null],
      ["Twin A", 502, null],
      ["Twin B", 503, null],
      ["Épicerie", 504, null],
    ]);
    const addresses = await w.company.db.select().from(t.customerAddresses).where(eq(t.customerAddresses.customerId, customers[0]!.id));
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatchObject({ city: "Villeurbanne", country: "FR", defaultBilling: true });

    const twins = await importFile(w, "c3.csv", await kindCsv(w, "customers", [{ Emails: "same@example.fr", Phone: "0400" }]), {
      kind: "customers",
      mode: "update",
    });
    expect(twins.operation.errors).toEqual([
      { row: 2, column: "Emails", message: "import_ambiguous_value", params: { value: "same@example.fr" } },
    ]);

    await importFile(w, "s.csv", await kindCsv(w, "suppliers", [{ Name: "Nord", Email: "nord@example.fr" }]), { kind: "suppliers" });
    const suppliers = await importFile(
      w,
      "s2.csv",
      await kindCsv(w, "suppliers", [{ Email: "NORD@example.fr", "Lead time (days)": "9" }]),
      { kind: "suppliers", mode: "update" },
    );
    expect(suppliers.operation).toMatchObject({ status: "completed", result: { updated: 1, created: 0 } });
    const [nord] = await w.company.db.select().from(t.suppliers).where(eq(t.suppliers.name, "Nord"));
    expect([nord!.name, nord!.defaultLeadTimeDays]).toEqual(["Nord", 9]);
  });

  it("takes the mode from a closed list, each kind its own", async () => {
    const w = await world();
    const preview = await uploadImportFile(w.ctx, { kind: "stock_counts", file: file("c.csv", await kindCsv(w, "stock_counts", [])) });
    const start = (kind: string, mode: unknown) =>
      startImport(w.ctx, { kind, file_id: preview.file_id, file_name: "c.csv", mapping: preview.mapping, mode });
    await expect(start("products", "merge")).rejects.toMatchObject({ code: "validation_failed", fields: { mode: { code: "invalid" } } });
    // A stock count is a new document each time: there is nothing to update.
    await expect(start("stock_counts", "update")).rejects.toMatchObject({
      code: "validation_failed",
      fields: { mode: { code: "invalid" } },
    });
    expect(await start("products", "upsert")).toMatchObject({ type: "import", status: "in_progress" });
  });
});
