import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { getCart } from "../../worker/domain/store/get-cart";
import { getStoreProduct } from "../../worker/domain/store/get-store-product";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { makeTax, pricedVariant, salesWorld } from "./sales-fixtures";
import { buyer, openStore, storeVariant } from "./store-fixtures";

const t = tenantSchema;
const QTY = 10_000_000;

describe("the cart's totals", () => {
  it("are those of the order it becomes: shipping, total excluding tax, taxes and total including tax, by the order's line engine", async () => {
    const w = await salesWorld();
    await w.db
      .update(t.customers)
      .set({ discountRate: 10 * 10_000 })
      .where(eq(t.customers.id, w.customer.id));
    const vat = await makeTax(w.db, "20");
    const reduced = await makeTax(w.db, "5.5");
    const mug = await storeVariant(w, 50, "12.5");
    await w.db.insert(t.variantTaxes).values({ variantId: mug.id, taxId: vat });
    const tea = await pricedVariant(w.db, w.level, "4", [reduced]);
    await w.db.update(t.variants).set({ b2bPublished: true }).where(eq(t.variants.id, tea.id));
    await w.db.update(t.products).set({ b2bPublished: true }).where(eq(t.products.id, tea.productId));
    await w.db.update(t.variants).set({ trackInventory: false }).where(eq(t.variants.id, tea.id));
    const [box] = await w.db
      .insert(t.packs)
      .values({ variantId: mug.id, label: "Box of 6", quantity: 6 * QTY })
      .returning({ id: t.packs.id });
    const b = await buyer(w);
    await openStore(w, { shipping_cost: "9.9", automatically_confirm_order: true });
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 3 } });
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, pack_id: box!.id, quantity: 1 } });
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: tea.id, quantity: 5 } });
    const cart = await getCart(b.ctx, { cart: b.cart() });
    // 3 mugs and a box of 6 at 12.50 less 10 % (101.25, VAT 20 %), 5 teas at 4 less 10 % (18, VAT 5.5 %), shipping 9.90 untaxed.
    expect(cart).toMatchObject({
      total: "119.2500",
      shipping_cost: "9.90",
      total_excl_tax: "129.15",
      tax_total: "21.24",
      total_incl_tax: "150.39",
    });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    expect({
      shipping_cost: order.shipping_cost,
      total_excl_tax: order.total_excl_tax,
      tax_total: order.tax_total,
      total_incl_tax: order.total,
    }).toEqual({
      shipping_cost: cart.shipping_cost,
      total_excl_tax: cart.total_excl_tax,
      tax_total: cart.tax_total,
      total_incl_tax: cart.total_incl_tax,
    });
  });

  it("take the customer's last shipping cost when the store charges it again, and the customer's own tax type", async () => {
    const w = await salesWorld();
    const vat = await makeTax(w.db, "20");
    const mug = await storeVariant(w, 10, "12");
    await w.db.insert(t.variantTaxes).values({ variantId: mug.id, taxId: vat });
    const b = await buyer(w);
    await openStore(w, { shipping_cost: "9.9", automatically_confirm_order: true });
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } });
    const first = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    await w.db.update(t.salesDocuments).set({ shippingCost: 42_000 }).where(eq(t.salesDocuments.id, first.id));
    await openStore(w, { get_last_customer_ship_cost: true });
    // Prices include the tax for this customer: 2 × 12 = 24 with tax, of which 4 is VAT.
    await w.db.update(t.customers).set({ taxType: "tax_inclusive" }).where(eq(t.customers.id, w.customer.id));
    const cart = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 2 } });
    expect(cart).toMatchObject({ shipping_cost: "4.20", tax_total: "4.00", total_incl_tax: "28.20", total_excl_tax: "24.20" });
    const second = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    expect([second.shipping_cost, second.total_excl_tax, second.tax_total, second.total]).toEqual(["4.20", "24.20", "4.00", "28.20"]);
  });
});

describe("the cart's lines", () => {
  it("say the most each may hold by the stock, a pack's in whole packs, and nothing when the store sells below zero", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 20, "2");
    const [box] = await w.db
      .insert(t.packs)
      .values({ variantId: mug.id, label: "Box of 6", quantity: 6 * QTY })
      .returning({ id: t.packs.id });
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 5 } });
    let view = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, pack_id: box!.id, quantity: 2 } });
    // 20 units: the 2 boxes leave 8 for single mugs; the 5 single mugs leave 15, 2 whole boxes.
    expect(view.items.map((i) => [i.id, i.quantity, i.maximum_quantity])).toEqual([
      [String(mug.id), "5", "8"],
      [`${mug.id}_${box!.id}`, "2", "2"],
    ]);
    await openStore(w, { allow_negative_stock: true });
    view = await getCart(b.ctx, { cart: b.cart() });
    expect(view.items.map((i) => i.maximum_quantity)).toEqual([null, null]);
  });
});

describe("the store's product page", () => {
  it("counts a pack line's stock in whole packs, ⌊available / pack quantity⌋, and a variant's in units", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 20, "2");
    const [box] = await w.db
      .insert(t.packs)
      .values({ variantId: mug.id, label: "Box of 6", quantity: 6 * QTY })
      .returning({ id: t.packs.id });
    const b = await buyer(w);
    const product = await getStoreProduct(b.ctx, { id: mug.productId });
    expect(product.lines.map((l) => [l.key, l.available, l.in_stock])).toEqual([
      [String(mug.id), "20", "20"],
      [`${mug.id}_${box!.id}`, "20", "3"],
    ]);
  });
});
