import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { call, makeSingle, productWorld, rowCounts, unique } from "./products-fixtures";

const t = tenantSchema;

async function locations(db: Awaited<ReturnType<typeof productWorld>>["db"]) {
  const [shop, closed] = await db
    .insert(t.locations)
    .values([
      { label: `Shop ${unique()}`, type: "store" },
      { label: `Closed ${unique()}`, active: false },
    ])
    .returning();
  return { shop: shop!, closed: closed! };
}

describe("/api/v1/products: initial stock and supplier", () => {
  it("receives the initial stock of each variant at its location through a stock entry, at the initial cost, with its ledger row", async () => {
    const w = await productWorld();
    const { shop } = await locations(w.db);
    const [supplier] = await w.db
      .insert(t.suppliers)
      .values({ name: `Mill ${unique()}` })
      .returning();
    const u = unique();
    const created = await call("POST", "/products", w.token, {
      label: "Sweat",
      kind: "variants",
      attribute_ids: [w.size.id],
      variants: [
        {
          sku: `SW-${u}-S`,
          option_ids: [w.size.options.S],
          initial_cost: "12.5",
          initial_stock: "7.5",
          initial_location_id: shop.id,
          supplier_id: supplier!.id,
        },
        { sku: `SW-${u}-M`, option_ids: [w.size.options.M] },
      ],
    });
    expect(created.status).toBe(201);
    const [small, medium] = created.body.variants;
    expect(small).toMatchObject({
      supplier_id: supplier!.id,
      on_hand: "7.5000000",
      stock_levels: [{ location_id: shop.id, on_hand: "7.5000000", available: "7.5000000" }],
    });
    expect(medium).toMatchObject({ on_hand: "0.0000000", stock_levels: [] });

    const logs = await w.db.select().from(t.inventoryLogs).where(eq(t.inventoryLogs.variantId, small.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      locationId: shop.id,
      quantityBefore: 0,
      quantityAfter: 75_000_000,
      change: 75_000_000,
      documentType: "entry",
    });
    const [entry] = await w.db.select().from(t.stockDocuments).where(eq(t.stockDocuments.id, logs[0]!.documentId!));
    expect(entry).toMatchObject({ type: "entry", locationId: shop.id });
    const [line] = await w.db
      .select()
      .from(t.stockDocumentLines)
      .where(and(eq(t.stockDocumentLines.documentId, entry!.id), eq(t.stockDocumentLines.variantId, small.id)));
    expect(line).toMatchObject({ quantity: 75_000_000, unitCost: 125_000 });

    // A variant added later gets its initial stock the same way.
    const added = await call("POST", `/products/${created.body.id}/variants`, w.token, {
      sku: `SW-${u}-L`,
      option_ids: [w.size.options.L],
      initial_stock: "3",
      initial_location_id: shop.id,
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ on_hand: "3.0000000" });
  });

  it("refuses initial stock without a location, at an unknown or inactive location, on a kit or a batch-tracked product, and an unknown supplier; nothing is saved", async () => {
    const w = await productWorld();
    const { closed } = await locations(w.db);
    const u = unique();
    const before = await rowCounts(w.db);
    const single = (extra: Record<string, unknown>, kind = "single") =>
      call("POST", "/products", w.token, { label: "Soap", kind, variants: [{ sku: `SO-${u}-${kind}`, ...extra }] });

    const noLocation = await single({ initial_stock: "5" });
    expect(noLocation.status).toBe(422);
    expect(noLocation.body.error.fields).toMatchObject({ "variants.0.initial_location_id": { code: "required" } });
    const inactive = await single({ initial_stock: "5", initial_location_id: closed.id });
    expect(inactive.body.error.fields).toMatchObject({ "variants.0.initial_location_id": { code: "unknown_location" } });
    const unknown = await single({ initial_stock: "5", initial_location_id: 987_654 });
    expect(unknown.body.error.fields).toMatchObject({ "variants.0.initial_location_id": { code: "unknown_location" } });
    const negative = await single({ initial_stock: "-1", initial_location_id: closed.id });
    expect(negative.status).toBe(422);
    expect(negative.body.error.fields).toMatchObject({ "variants.0.initial_stock": { code: "too_small" } });
    const batches = await single({ initial_stock: "5", initial_location_id: closed.id }, "batches");
    expect(batches.body.error.fields).toMatchObject({ "variants.0.initial_stock": { code: "batch_required" } });
    const supplier = await single({ supplier_id: 424_242 });
    expect(supplier.body.error.fields).toMatchObject({ "variants.0.supplier_id": { code: "unknown_supplier" } });
    expect(supplier.body.error.fields["variants.0.supplier_id"].message).toBe("Unknown supplier");

    expect(await rowCounts(w.db)).toEqual(before);
    const [levels] = await w.db.all<{ n: number }>(sql`select count(*) as n from stock_levels`);
    expect(Number(levels!.n)).toBe(0);
  });

  it("counts a location below zero as 0 in the variant's total on hand, and shows that location's own figure", async () => {
    const w = await productWorld();
    const [shop, depot] = await w.db
      .insert(t.locations)
      .values([{ label: `Shop ${unique()}` }, { label: `Depot ${unique()}` }])
      .returning();
    const { id, variantId } = await makeSingle(w);
    await w.db.insert(t.stockLevels).values([
      { variantId, locationId: shop!.id, onHand: 50_000_000 },
      { variantId, locationId: depot!.id, onHand: -20_000_000 },
    ]);
    const product = await call("GET", `/products/${id}`, w.token);
    const variant = product.body.variants[0];
    expect(variant.on_hand).toBe("5.0000000");
    expect(variant.stock_levels).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ location_id: depot!.id, on_hand: "-2.0000000", available: "0.0000000" }),
        expect.objectContaining({ location_id: shop!.id, on_hand: "5.0000000" }),
      ]),
    );
  });
});
