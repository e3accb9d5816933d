import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { salesLineFacts } from "../../worker/domain/sales/sales-line-facts";
import { availableSql, availableUnits, pooledAvailableSql, pooledAvailableUnits } from "../../worker/domain/stock/availability";
import { getStoreProduct } from "../../worker/domain/store/get-store-product";
import { listStoreCatalogue } from "../../worker/domain/store/list-store-catalogue";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { ctxOf, makeCompany } from "../support/factories";
import { makeLocation } from "../support/isolation/stock";
import { api, orderFor, salesWorld, stockLevel, type SalesWorld } from "./sales-fixtures";
import { buyer, openStore, storeVariant } from "./store-fixtures";

type Variant = Awaited<ReturnType<typeof storeVariant>>;

/** A stock document through the API, checked saved. */
async function stockDocument(w: SalesWorld, path: string, locationId: number, variantId: number, quantity: string) {
  const answer = await api(w.token, "POST", path, { location_id: locationId, lines: [{ variant_id: variantId, quantity }] });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** A store order of the world's customer reserving `quantity` at the world's location, through the API. */
async function reserve(w: SalesWorld, variantId: number, quantity: string) {
  const answer = await orderFor(w, variantId, quantity);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/**
 * The available figure of one variant as each reader reports it, as numbers: the API's stock
 * level at the world's location, the product list and product page (all locations), the store's
 * catalogue, product page and cart limit, and the sales line editor's facts at the location.
 */
async function everyReader(w: SalesWorld, variant: Variant) {
  const n = (text: string | null | undefined) => (text === null || text === undefined ? text : Number(text));
  const level = await api(w.token, "GET", `/stock-levels?variant_id=${variant.id}&location_id=${w.location}`);
  const list = await api(w.token, "GET", `/products?id=${variant.productId}`);
  const product = await api(w.token, "GET", `/products/${variant.productId}`);
  const b = await buyer(w);
  const catalogue = await listStoreCatalogue(b.ctx, { search: variant.sku });
  const page = await getStoreProduct(b.ctx, { id: variant.productId });
  // One unit asked: the cart's line says how many it may hold at most; none available, the click is ignored.
  const cart = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: variant.id, quantity: 1 } });
  const facts = await salesLineFacts(await ctxOf(w.company), { customer_id: w.customer.id, location_id: w.location, text: variant.sku });
  return {
    stockLevelApi: n(level.body.items?.[0]?.available),
    productList: n(list.body.items?.[0]?.available),
    productPage: n(product.body.variants?.[0]?.available),
    storeCatalogue: n(catalogue.items.find((i) => i.variant_id === variant.id)?.available),
    storeProduct: n(page.lines[0]?.available),
    cartLimit: cart.items.length ? n(cart.items[0]!.maximum_quantity) : 0,
    salesLineFacts: n(facts.lines[0]?.available),
  };
}

const all = (value: number) => ({
  stockLevelApi: value,
  productList: value,
  productPage: value,
  storeCatalogue: value,
  storeProduct: value,
  cartLimit: value,
  salesLineFacts: value,
});

describe("available stock, one figure for every reader", () => {
  it("10 on hand and an order reserving 3: the API, the product list and page, the store's pages and cart, and the sales line all say 7", async () => {
    const w = await salesWorld();
    await openStore(w);
    const shirt = await storeVariant(w, 10);
    await reserve(w, shirt.id, "3");
    expect(await stockLevel(w.db, shirt.id, w.location)).toEqual({ onHand: 10, committed: 3 });
    expect(await everyReader(w, shirt)).toEqual(all(7));
    const level = await api(w.token, "GET", `/stock-levels?variant_id=${shirt.id}`);
    // reserved is the spec's name of committed: the same figure, never a column nobody writes.
    expect(level.body.items[0]).toMatchObject({ on_hand: "10.0000000", committed: "3.0000000", reserved: "3.0000000" });
    // The list filters and sorts on the same figure.
    const filtered = await api(w.token, "GET", `/stock-levels?variant_id=${shirt.id}&available__Gte=7`);
    expect(filtered.body.items).toHaveLength(1);
    expect((await api(w.token, "GET", `/stock-levels?variant_id=${shirt.id}&available__Gte=8`)).body.items).toHaveLength(0);
    expect((await api(w.token, "GET", `/products?id=${shirt.productId}&available__Gte=8`)).body.items).toHaveLength(0);
    expect((await api(w.token, "GET", `/products?id=${shirt.productId}&available=7`)).body.items).toHaveLength(1);
  });

  it("a negative on hand counts as 0: 5 below zero with 3 reserved, every reader says 0 and the store takes none", async () => {
    const w = await salesWorld();
    await openStore(w);
    const shirt = await storeVariant(w, 10);
    await reserve(w, shirt.id, "3");
    await stockDocument(w, "/stock-removals", w.location, shirt.id, "15");
    expect(await stockLevel(w.db, shirt.id, w.location)).toEqual({ onHand: -5, committed: 3 });
    expect(await everyReader(w, shirt)).toEqual(all(0));
  });

  it("a store selling from every location counts them together: what one reserves is taken from the others' stock", async () => {
    const w = await salesWorld();
    await openStore(w, { use_stock_from_all_locations: true });
    const shirt = await storeVariant(w, 0);
    const depot = await makeLocation(w.db, { label: "Depot" });
    await stockDocument(w, "/stock-entries", depot, shirt.id, "6");
    await stockDocument(w, "/stock-removals", w.location, shirt.id, "5");
    // The store's own location is 5 below zero (counted as 0); an order reserved 3 there.
    await reserve(w, shirt.id, "3");
    const b = await buyer(w);
    const catalogue = await listStoreCatalogue(b.ctx, { search: shirt.sku });
    const product = await api(w.token, "GET", `/products/${shirt.productId}`);
    const list = await api(w.token, "GET", `/products?id=${shirt.productId}`);
    // 0 + 6 held, 3 reserved: 3 left, in the store, on the product page and in the list.
    expect([catalogue.items[0]?.available, Number(product.body.variants[0].available), Number(list.body.items[0].available)]).toEqual([
      "3",
      3,
      3,
    ]);
    const cart = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: shirt.id, quantity: "100" } });
    expect(cart.items.map((i) => [i.quantity, i.maximum_quantity])).toEqual([]);
    const three = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: shirt.id, quantity: "3" } });
    expect(three.items.map((i) => [i.quantity, i.maximum_quantity])).toEqual([["3", "3"]]);
    // The order of what the cart allowed goes through: the rule in the order's batch counts the same way.
    await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    expect(await stockLevel(w.db, shirt.id, w.location)).toEqual({ onHand: -5, committed: 6 });
    expect((await listStoreCatalogue(b.ctx, { search: shirt.sku })).items[0]?.available).toBe("0");
  });

  it("the SQL expressions and the pure functions agree on any levels, negative on hand included", async () => {
    const { db } = await makeCompany();
    const level = fc.record({
      onHand: fc.integer({ min: -2_000_000_000_000, max: 2_000_000_000_000 }),
      committed: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000_000_000_000 })),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(level, { minLength: 1, maxLength: 8 }), async (levels) => {
        const rows = sql.join(
          levels.map((l) => sql`(${BigInt(l.onHand)}, ${BigInt(l.committed)})`),
          sql`, `,
        );
        const columns = { onHand: sql`l.on_hand`, committed: sql`l.committed` };
        const [one, pooled] = await db.batch([
          db.all<{ available: number }>(
            sql`with l(on_hand, committed) as (values ${rows}) select ${availableSql(columns)} as available from l`,
          ),
          db.all<{ available: number }>(
            sql`with l(on_hand, committed) as (values ${rows}) select ${pooledAvailableSql(columns)} as available from l`,
          ),
        ]);
        expect(one.map((r) => Number(r.available))).toEqual(levels.map(availableUnits));
        expect(Number(pooled[0]!.available)).toBe(pooledAvailableUnits(levels));
        // Bound values (no columns) say the same.
        const [bound] = await db.all<{ available: number }>(sql`select ${availableSql(levels[0]!)} as available`);
        expect(Number(bound!.available)).toBe(availableUnits(levels[0]!));
      }),
      { numRuns: 60 },
    );
  });
});
