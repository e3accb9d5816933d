import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { StockBatch } from "../../worker/domain/stock/ledger";
import { countsLevelsAlone, stockLevelListRegistry } from "../../worker/domain/stock/stock-levels";
import { parseListQuery } from "../../worker/domain/shared/list-query";
import { DomainError } from "../../worker/domain/shared/domain-error";
import { addUser, ctxOf, makeCompany } from "../support/factories";
import { firstLocation, makeLocation, makeVariant } from "../support/isolation/stock";
import { callApi as call } from "../support/fetch-app";

const t = tenantSchema;
const U = 10_000_000;

async function json<T>(response: Response, status = 200): Promise<T> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

interface Level {
  id: number;
  variant_id: number;
  sku: string;
  location_id: number;
  on_hand: string;
  available: string;
  reserved: string;
  reorder_point: string;
  bin_location: string | null;
  below_reorder_point: boolean;
  batches: { batch_id: number; number: string; quantity: string }[];
  unallocated: string | null;
}
interface Page<T> {
  items: T[];
  totalCount?: number;
}
interface ErrorBody {
  error: { code: string; params?: Record<string, string>; fields?: Record<string, { code: string }> };
}

async function onHand(db: TenantDb, variantId: number, locationId: number) {
  const [row] = await db
    .select({ onHand: t.stockLevels.onHand })
    .from(t.stockLevels)
    .where(and(eq(t.stockLevels.variantId, variantId), eq(t.stockLevels.locationId, locationId)));
  return row?.onHand ?? 0;
}

async function counts(db: TenantDb) {
  const [row] = await db.all<Record<string, number>>(
    sql`select (select count(*) from stock_documents) as docs, (select count(*) from inventory_logs) as logs, (select count(*) from batch_stock where quantity <> 0) as held,
      (select coalesce(sum(on_hand), 0) from stock_levels) as onhand, (select count(*) from batches) as batches`,
  );
  return row!;
}

async function world() {
  const company = await makeCompany();
  const db = company.db;
  const main = await firstLocation(db);
  const shop = await makeLocation(db, { label: "Shop" });
  return { company, db, token: company.token, main, shop };
}

async function enter(token: string, locationId: number, lines: unknown[]) {
  return json(await call("POST", "/stock-entries", token, { location_id: locationId, lines }), 201);
}

describe("/api/v1/stock-levels and /api/v1/inventory-logs", () => {
  it("lists levels by variant label ascending unless asked otherwise (platform spec §9)", async () => {
    const { db, token, main } = await world();
    const first = await makeVariant(db, { sku: `Z-${Date.now()}` });
    const second = await makeVariant(db, { sku: `A-${Date.now()}` });
    await db.update(t.variants).set({ label: "apple crate" }).where(eq(t.variants.id, first.id));
    await db.update(t.variants).set({ label: "Banana crate" }).where(eq(t.variants.id, second.id));
    await enter(token, main, [
      { variant_id: second.id, quantity: "1" },
      { variant_id: first.id, quantity: "1" },
    ]);
    const page = await json<Page<Level>>(await call("GET", "/stock-levels", token));
    expect(page.items.map((l) => l.variant_id)).toEqual([first.id, second.id]);
  });

  it("lists levels with their quantities and filters them by location, variant, product, brand, tag and reorder point", async () => {
    const { db, token, main, shop } = await world();
    const [brand] = await db.insert(t.brands).values({ label: "Acme" }).returning();
    const [tag] = await db.insert(t.productTags).values({ label: "Fragile" }).returning();
    const a = await makeVariant(db, { sku: "A-1" });
    const b = await makeVariant(db, { sku: "B-1" });
    const c = await makeVariant(db, { sku: "C-1" });
    await db.update(t.products).set({ brandId: brand!.id }).where(eq(t.products.id, a.productId));
    await db.insert(t.productTagLinks).values({ productId: b.productId, tagId: tag!.id });
    await enter(token, main, [
      { variant_id: a.id, quantity: "5" },
      { variant_id: b.id, quantity: "2" },
    ]);
    await enter(token, shop, [{ variant_id: c.id, quantity: "1" }]);
    const all = await json<Page<Level>>(await call("GET", "/stock-levels?total_count=true", token));
    expect(all.totalCount).toBe(3);
    expect(all.items.map((l) => l.sku)).toEqual(["A-1", "B-1", "C-1"]);
    expect(all.items[0]).toMatchObject({
      variant_id: a.id,
      location_id: main,
      on_hand: "5.0000000",
      available: "5.0000000",
      reserved: "0.0000000",
      batches: [],
      unallocated: null,
    });
    const skus = async (query: string) =>
      (await json<Page<Level>>(await call("GET", `/stock-levels?${query}`, token))).items.map((l) => l.sku);
    expect(await skus(`location_id=${shop}`)).toEqual(["C-1"]);
    expect(await skus(`variant_id__In=${a.id},${c.id}`)).toEqual(["A-1", "C-1"]);
    expect(await skus(`product_id=${b.productId}`)).toEqual(["B-1"]);
    expect(await skus(`brand_id=${brand!.id}`)).toEqual(["A-1"]);
    expect(await skus(`tag_id=${tag!.id}`)).toEqual(["B-1"]);
    expect(await skus("sort=-on_hand")).toEqual(["A-1", "B-1", "C-1"]);
    expect(await skus("search=b-")).toEqual(["B-1"]);
    const levelB = all.items[1]!;
    const patched = await json<Level>(
      await call("PATCH", `/stock-levels/${levelB.id}`, token, { reorder_point: "3", bin_location: " R1-04 " }),
    );
    expect(patched).toMatchObject({ reorder_point: "3.0000000", bin_location: "R1-04", below_reorder_point: true, on_hand: "2.0000000" });
    expect(await skus("below_reorder_point=true")).toEqual(["B-1"]);
    expect((await json<Level>(await call("GET", `/stock-levels/${levelB.id}`, token))).bin_location).toBe("R1-04");
  });

  it("counts what it lists, whatever the filters: the levels alone when the filters read only their own columns", async () => {
    const { db, token, main, shop } = await world();
    const [brand] = await db.insert(t.brands).values({ label: "Acme" }).returning();
    const variants = [];
    for (let i = 0; i < 6; i++) variants.push(await makeVariant(db, { sku: `CNT-${i}` }));
    await db.update(t.products).set({ brandId: brand!.id }).where(eq(t.products.id, variants[0]!.productId));
    await enter(
      token,
      main,
      variants.map((v, i) => ({ variant_id: v.id, quantity: String(i + 1) })),
    );
    await enter(
      token,
      shop,
      variants.slice(0, 3).map((v) => ({ variant_id: v.id, quantity: "2" })),
    );
    const cases: [string, boolean][] = [
      ["", true],
      [`location_id=${shop}`, true],
      ["on_hand__Gte=3", true],
      ["available__Lte=2", true],
      ["below_reorder_point=false", true],
      [`variant_id__In=${variants[0]!.id},${variants[5]!.id}`, true],
      [`product_id=${variants[1]!.productId}`, false],
      [`brand_id=${brand!.id}`, false],
      ["sku__Contains=CNT-2", false],
      ["search=CNT-1", false],
      [`location_id=${main}&search=Variant CNT`, false],
    ];
    for (const [query, alone] of cases) {
      expect(countsLevelsAlone(parseListQuery(new URLSearchParams(query), stockLevelListRegistry)), query).toBe(alone);
      const page = await json<Page<Level>>(await call("GET", `/stock-levels?${query}&total_count=true&page_size=-1`, token));
      expect(page.items.length, query).toBeGreaterThan(0);
      expect(page.totalCount, query).toBe(page.items.length);
    }
    // A page counts the whole list, not itself.
    const first = await json<Page<Level>>(await call("GET", "/stock-levels?total_count=true&page_size=2", token));
    expect(first.items).toHaveLength(2);
    expect(first.totalCount).toBe(9);
  });

  it("never changes on hand through a stock level edit", async () => {
    const { db, token, main } = await world();
    const a = await makeVariant(db);
    await enter(token, main, [{ variant_id: a.id, quantity: "5" }]);
    const [level] = (await json<Page<Level>>(await call("GET", "/stock-levels", token))).items;
    const response = await call("PATCH", `/stock-levels/${level!.id}`, token, { on_hand: "50" });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.fields?.on_hand?.code).toBe("unknown_field");
    expect(await onHand(db, a.id, main)).toBe(5 * U);
    expect((await call("PATCH", `/stock-levels/${level!.id}`, token, { reorder_point: "-1" })).status).toBe(422);
    expect((await call("PATCH", "/stock-levels/999999", token, { reorder_point: "1" })).status).toBe(404);
  });

  it("lists the ledger newest first, filtered by variant, location and document type", async () => {
    const { db, token, main, shop } = await world();
    const a = await makeVariant(db, { sku: "LOG-A" });
    await enter(token, main, [{ variant_id: a.id, quantity: "5" }]);
    await json(
      await call("POST", "/stock-movements", token, {
        location_id: main,
        arrival_location_id: shop,
        lines: [{ variant_id: a.id, quantity: "2" }],
      }),
      201,
    );
    const logs = await json<
      Page<{
        change: string;
        location_id: number;
        document_type: string;
        document_number: string;
        quantity_before: string;
        quantity_after: string;
      }>
    >(await call("GET", `/inventory-logs?variant_id=${a.id}&total_count=true`, token));
    expect(logs.totalCount).toBe(3);
    expect(logs.items.map((l) => [l.document_type, l.location_id, l.change])).toEqual([
      ["movement", main, "-2.0000000"],
      ["movement", shop, "2.0000000"],
      ["entry", main, "5.0000000"],
    ]);
    expect(logs.items[0]).toMatchObject({ quantity_before: "5.0000000", quantity_after: "3.0000000", document_number: "MOV-000001" });
    const entries = await json<Page<unknown>>(await call("GET", `/inventory-logs?document_type=entry&location_id=${main}`, token));
    expect(entries.items).toHaveLength(1);
    expect((await call("GET", "/inventory-logs?document_type=sale", token)).status).toBe(422);
  });

  it("a stock count sets each level to the counted quantity and logs the difference", async () => {
    const { db, token, main } = await world();
    const a = await makeVariant(db);
    const b = await makeVariant(db);
    await enter(token, main, [{ variant_id: a.id, quantity: "5" }]);
    const count = await json<{ number: string; type: string }>(
      await call("POST", "/inventory-bulk-updates", token, {
        location_id: main,
        lines: [
          { variant_id: a.id, counted: "3.5" },
          { variant_id: b.id, counted: 7 },
        ],
      }),
      201,
    );
    expect(count).toMatchObject({ number: "CNT-000001", type: "bulk_update" });
    expect(await onHand(db, a.id, main)).toBe(3.5 * U);
    expect(await onHand(db, b.id, main)).toBe(7 * U);
    const logs = await db.select().from(t.inventoryLogs).where(eq(t.inventoryLogs.documentType, "bulk_update"));
    expect(logs.map((l) => [l.variantId, l.quantityBefore, l.quantityAfter, l.change])).toEqual([
      [a.id, 5 * U, 3.5 * U, -1.5 * U],
      [b.id, 0, 7 * U, 7 * U],
    ]);
    const before = await counts(db);
    const bad = await call("POST", "/inventory-bulk-updates", token, {
      location_id: main,
      lines: [
        { variant_id: a.id, counted: "1" },
        { variant_id: 999_999, counted: "1" },
      ],
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).error.fields?.["lines.1.variant_id"]?.code).toBe("unknown_variant");
    const negative = await call("POST", "/inventory-bulk-updates", token, {
      location_id: main,
      lines: [{ variant_id: a.id, counted: "-1" }],
    });
    expect(((await negative.json()) as ErrorBody).error.fields?.["lines.0.counted"]?.code).toBe("too_small");
    expect(await counts(db)).toEqual(before);
  });

  it("a count whose level changed since it was read fails with stock_changed and saves nothing", async () => {
    const { company, db, token, main } = await world();
    const a = await makeVariant(db);
    await enter(token, main, [{ variant_id: a.id, quantity: "5" }]);
    const before = await counts(db);
    // As if 4 had been read just before another change took the level to 5.
    const batch = new StockBatch(await ctxOf(company)).addChanges(
      [{ variantId: a.id, locationId: main, batchId: null, delta: 6 * U, expected: 4 * U, field: "lines.0.counted" }],
      { documentType: "bulk_update", documentId: null, author: { userId: null, forbidsNegative: false } },
    );
    const error = await batch.run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "stock_changed", fields: { "lines.0.counted": { code: "stock_changed" } } });
    expect(await counts(db)).toEqual(before);
  });

  it("answers 403 without the inventory permissions", async () => {
    const { company, db, token, main } = await world();
    const a = await makeVariant(db);
    await enter(token, main, [{ variant_id: a.id, quantity: "5" }]);
    const [level] = (await json<Page<Level>>(await call("GET", "/stock-levels", token))).items;
    const viewer = await addUser(company.companyId, { permissions: ["view_products_inventory"] });
    expect((await call("GET", "/stock-levels", viewer.token)).status).toBe(200);
    expect((await call("GET", "/inventory-logs", viewer.token)).status).toBe(200);
    expect((await call("PATCH", `/stock-levels/${level!.id}`, viewer.token, { reorder_point: "1" })).status).toBe(403);
    expect(
      (await call("POST", "/inventory-bulk-updates", viewer.token, { location_id: main, lines: [{ variant_id: a.id, counted: "1" }] }))
        .status,
    ).toBe(403);
    const stranger = await addUser(company.companyId, { permissions: ["view_stock_entries"] });
    expect((await call("GET", "/stock-levels", stranger.token)).status).toBe(403);
    expect(await onHand(db, a.id, main)).toBe(5 * U);
  });
});

describe("/api/v1/batches", () => {
  it("creates a batch once per variant number, refuses a duplicate with 409 and a variant without batches with 422", async () => {
    const { db, token } = await world();
    const lot = await makeVariant(db, { batchTracked: true });
    const plain = await makeVariant(db);
    const created = await json<{ id: number; number: string; expiration_date: string; expired: boolean; quantity: string }>(
      await call("POST", "/batches", token, { variant_id: lot.id, number: "L-001", expiration_date: "31/12/2999" }),
      201,
    );
    expect(created).toMatchObject({ number: "L-001", expiration_date: "2999-12-31", expired: false, quantity: "0.0000000" });
    const before = await counts(db);
    const duplicate = await call("POST", "/batches", token, { variant_id: lot.id, number: "L-001" });
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as ErrorBody).error).toMatchObject({
      code: "duplicate_batch",
      fields: { number: { code: "duplicate_batch" } },
    });
    const untracked = await call("POST", "/batches", token, { variant_id: plain.id, number: "L-002" });
    expect(((await untracked.json()) as ErrorBody).error.fields?.variant_id?.code).toBe("not_batch_tracked");
    const placeholder = await call("POST", "/batches", token, { variant_id: lot.id, number: "L-003", expiration_date: "1970-01-01" });
    expect(((await placeholder.json()) as ErrorBody).error.fields?.expiration_date?.code).toBe("invalid_date");
    expect(await counts(db)).toEqual(before);
    // The same number is fine for another variant.
    const other = await makeVariant(db, { batchTracked: true });
    expect((await call("POST", "/batches", token, { variant_id: other.id, number: "L-001" })).status).toBe(201);
    const renamed = await call("POST", "/batches", token, { variant_id: lot.id, number: "L-009" });
    const second = (await renamed.json()) as { id: number };
    expect((await call("PATCH", `/batches/${second.id}`, token, { number: "L-001" })).status).toBe(409);
  });

  it("a batch-tracked variant needs a batch on every line; batch stock moves with the lines and shows on the levels", async () => {
    const { db, token, main, shop } = await world();
    const lot = await makeVariant(db, { batchTracked: true });
    const batch = await json<{ id: number }>(await call("POST", "/batches", token, { variant_id: lot.id, number: "B-1" }), 201);
    const missing = await call("POST", "/stock-entries", token, { location_id: main, lines: [{ variant_id: lot.id, quantity: "1" }] });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as ErrorBody).error.fields?.["lines.0.batch_id"]?.code).toBe("batch_required");
    await enter(token, main, [{ variant_id: lot.id, batch_id: batch.id, quantity: "10" }]);
    await json(
      await call("POST", "/stock-movements", token, {
        location_id: main,
        arrival_location_id: shop,
        lines: [{ variant_id: lot.id, batch_id: batch.id, quantity: "4" }],
      }),
      201,
    );
    const levels = await json<Page<Level>>(await call("GET", `/stock-levels?variant_id=${lot.id}&sort=on_hand`, token));
    expect(levels.items.map((l) => [l.location_id, l.on_hand, l.batches.map((b) => [b.number, b.quantity]), l.unallocated])).toEqual([
      [shop, "4.0000000", [["B-1", "4.0000000"]], "0.0000000"],
      [main, "6.0000000", [["B-1", "6.0000000"]], "0.0000000"],
    ]);
    const read = await json<{ quantity: string; locations: { location_id: number; quantity: string }[] }>(
      await call("GET", `/batches/${batch.id}`, token),
    );
    expect(read.quantity).toBe("10.0000000");
    const list = await json<Page<{ id: number }>>(await call("GET", `/batches?variant_id=${lot.id}`, token));
    expect(list.items.map((b) => b.id)).toEqual([batch.id]);
  });

  it("an expired batch cannot be used until its expiration date is updated", async () => {
    const { db, token, main } = await world();
    const lot = await makeVariant(db, { batchTracked: true });
    const batch = await json<{ id: number; expired: boolean }>(
      await call("POST", "/batches", token, { variant_id: lot.id, number: "OLD-1", expiration_date: "2020-01-31" }),
      201,
    );
    expect(batch.expired).toBe(true);
    const before = await counts(db);
    const refused = await call("POST", "/stock-entries", token, {
      location_id: main,
      lines: [{ variant_id: lot.id, batch_id: batch.id, quantity: "1" }],
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).error.fields?.["lines.0.batch_id"]?.code).toBe("batch_expired");
    expect(await counts(db)).toEqual(before);
    expect(
      (await json<{ expired: boolean }>(await call("PATCH", `/batches/${batch.id}`, token, { expiration_date: "2999-01-31" }))).expired,
    ).toBe(false);
    await enter(token, main, [{ variant_id: lot.id, batch_id: batch.id, quantity: "1" }]);
    expect(await onHand(db, lot.id, main)).toBe(1 * U);
  });

  it("a batch cannot go below zero when negative stock is not allowed; otherwise its negative stock is reported as unallocated", async () => {
    const { db, token, main } = await world();
    const lot = await makeVariant(db, { batchTracked: true, sku: "NEG-1" });
    const one = await json<{ id: number }>(await call("POST", "/batches", token, { variant_id: lot.id, number: "N-1" }), 201);
    const two = await json<{ id: number }>(await call("POST", "/batches", token, { variant_id: lot.id, number: "N-2" }), 201);
    await enter(token, main, [{ variant_id: lot.id, batch_id: one.id, quantity: "5" }]);
    await db.update(t.companySettings).set({ preventNegativeInventory: true });
    const before = await counts(db);
    // The level holds 5, but batch N-2 holds nothing.
    const refused = await call("POST", "/stock-removals", token, {
      location_id: main,
      lines: [{ variant_id: lot.id, batch_id: two.id, quantity: "2" }],
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).error).toMatchObject({ code: "insufficient_stock", params: { available: "0.0000000" } });
    expect(await counts(db)).toEqual(before);
    await db.update(t.companySettings).set({ preventNegativeInventory: false });
    await json(
      await call("POST", "/stock-removals", token, { location_id: main, lines: [{ variant_id: lot.id, batch_id: two.id, quantity: "2" }] }),
      201,
    );
    const report = await json<{ items: { batch_id: number; sku: string; location_id: number; quantity: string }[] }>(
      await call("GET", "/batches/unallocated", token),
    );
    expect(report.items).toEqual([expect.objectContaining({ batch_id: two.id, sku: "NEG-1", location_id: main, quantity: "-2.0000000" })]);
  });

  it("answers 403 without the products permissions and the batch tracking feature", async () => {
    const { company, db } = await world();
    const lot = await makeVariant(db, { batchTracked: true });
    const user = await addUser(company.companyId, { permissions: ["view_products", "edit_products"] });
    expect((await call("POST", "/batches", user.token, { variant_id: lot.id, number: "X" })).status).toBe(403);
    expect((await call("GET", "/batches", user.token)).status).toBe(403);
    expect((await counts(db)).batches).toBe(0);
  });
});
