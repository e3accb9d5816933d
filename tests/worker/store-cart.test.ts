import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { clearCart } from "../../worker/domain/store/clear-cart";
import { getCart } from "../../worker/domain/store/get-cart";
import { quickOrder } from "../../worker/domain/store/quick-order";
import { removeCartItem } from "../../worker/domain/store/remove-cart-item";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { ctxOf } from "../support/factories";
import { pricedVariant, salesWorld } from "./sales-fixtures";
import { buyer, storeVariant } from "./store-fixtures";

const t = tenantSchema;
const QTY = 10_000_000;

describe("the storefront cart", () => {
  it("adds a published variant at the buyer's price, raises a quantity under the minimum to it, and ignores a click over the stock", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 8, "12.5", { minimum: 2 });
    const b = await buyer(w);
    let view = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } });
    expect(view.items).toEqual([
      expect.objectContaining({ id: String(mug.id), quantity: "2", minimum_quantity: "2", calculated_price: "12.5000", available: "6" }),
    ]);
    expect(view.total).toBe("25.0000");
    view = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 8 } });
    expect(view.items[0]).toMatchObject({ quantity: "8", available: "0" });
    // Over the stock, or not a number: nothing changes, and nothing is said.
    view = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 9 } });
    expect(view.items[0]).toMatchObject({ quantity: "8" });
    view = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: "lots" } });
    expect(view.items[0]).toMatchObject({ quantity: "8" });
  });

  it("keys a pack line variantId_packId and holds it to ⌊available / pack quantity⌋ plus the packs in the cart", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 20, "2");
    const [pack] = await w.db
      .insert(t.packs)
      .values({ variantId: mug.id, label: "Box of 6", quantity: 6 * QTY })
      .returning({ id: t.packs.id });
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 5 } });
    let view = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, pack_id: pack!.id, quantity: 2 } });
    // 20 units: 5 single ones and 2 packs of 6 leave 3, not enough for a third pack.
    expect(view.items.map((i) => [i.id, i.quantity, i.pack_quantity, i.pack])).toEqual([
      [String(mug.id), "5", "1", null],
      [`${mug.id}_${pack!.id}`, "2", "6", "Box of 6"],
    ]);
    view = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, pack_id: pack!.id, quantity: 3 } });
    expect(view.items[1]).toMatchObject({ quantity: "2" });
    // A pack without a price of its own costs 6 units.
    expect(view.items[1]).toMatchObject({ calculated_price: "12.0000" });
    expect(view.total).toBe("34.0000");
  });

  it("takes the customer's discount percent off the total, once", async () => {
    const w = await salesWorld();
    await w.db
      .update(t.customers)
      .set({ discountRate: 10 * 10_000 })
      .where(eq(t.customers.id, w.customer.id));
    const mug = await storeVariant(w, 10, "20");
    const b = await buyer(w);
    const view = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 3 } });
    expect(view.items[0]).toMatchObject({ calculated_price: "20.0000" });
    expect(view).toMatchObject({ total: "54.0000", discount_rate: "10" });
  });

  it("is the buyer's own: read again from another device it holds the same lines, another buyer's is empty", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10);
    const first = await buyer(w);
    await updateCartItem(first.ctx, { cart: first.cart(), change: { variant_id: mug.id, quantity: 4 } });
    expect((await getCart(first.ctx, { cart: first.cart() })).items.map((i) => i.quantity)).toEqual(["4"]);
    const second = await buyer(w);
    expect((await getCart(second.ctx, { cart: second.cart() })).items).toEqual([]);
  });

  it("sells only what the store publishes, and only to a buyer", async () => {
    const w = await salesWorld();
    const hidden = await pricedVariant(w.db, w.level, "5");
    const b = await buyer(w);
    await expect(updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: hidden.id, quantity: 1 } })).rejects.toMatchObject({
      code: "not_found",
    });
    const staff = await ctxOf(w.company);
    await expect(getCart(staff, { cart: b.cart() })).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: hidden.id, quantity: 1, price: "0.01" } }),
    ).rejects.toMatchObject({
      code: "validation_failed",
    });
  });

  it("drops a line the store stopped selling when the cart is read again", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10);
    const cup = await storeVariant(w, 10);
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } });
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: cup.id, quantity: 1 } });
    await w.db.update(t.variants).set({ b2bPublished: false }).where(eq(t.variants.id, mug.id));
    expect((await getCart(b.ctx, { cart: b.cart() })).items.map((i) => i.variant_id)).toEqual([cup.id]);
    // It left the cart for good: published again, it does not come back.
    await w.db.update(t.variants).set({ b2bPublished: true }).where(eq(t.variants.id, mug.id));
    expect((await getCart(b.ctx, { cart: b.cart() })).items.map((i) => i.variant_id)).toEqual([cup.id]);
  });

  it("removes one line, then clears the rest, giving the stock back to the view at once", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10);
    const cup = await storeVariant(w, 10);
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 3 } });
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: cup.id, quantity: 2 } });
    const view = await removeCartItem(b.ctx, { cart: b.cart(), change: { id: String(mug.id) } });
    expect(view.items.map((i) => [i.variant_id, i.available])).toEqual([[cup.id, "8"]]);
    expect((await clearCart(b.ctx, { cart: b.cart() })).items).toEqual([]);
    expect((await getCart(b.ctx, { cart: b.cart() })).items).toEqual([]);
  });

  it("keeps every one of 20 lines added at once from two devices, and never more than the stock of one variant clicked 30 times at once", async () => {
    const w = await salesWorld();
    const variants = await Promise.all(Array.from({ length: 20 }, () => storeVariant(w, 5)));
    const b = await buyer(w);
    await Promise.all(variants.map((v) => updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: v.id, quantity: 1 } })));
    expect((await getCart(b.ctx, { cart: b.cart() })).items).toHaveLength(20);
    const scarce = await storeVariant(w, 7);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: scarce.id, quantity: 1 + (i % 10) } }),
      ),
    );
    const line = (await getCart(b.ctx, { cart: b.cart() })).items.find((i) => i.variant_id === scarce.id)!;
    expect(Number(line.quantity)).toBeGreaterThanOrEqual(1);
    expect(Number(line.quantity)).toBeLessThanOrEqual(7);
  });

  it("quick order adds a typed list of SKUs and quantities to what the cart holds, and names what the stock cannot take", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10);
    const cup = await storeVariant(w, 3);
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 2 } });
    const view = await quickOrder(b.ctx, { cart: b.cart(), order: { quick_order: `${mug.sku.toLowerCase()} 5\n\n${cup.sku};4\n` } });
    expect(view.items.map((i) => [i.variant_id, i.quantity])).toEqual([[mug.id, "7"]]);
    expect(view.not_added).toEqual([cup.sku]);
  });

  it("quick order names each line it cannot read or whose SKU the store does not sell, and adds nothing", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10);
    const hidden = await pricedVariant(w.db, w.level, "5");
    const b = await buyer(w);
    await expect(
      quickOrder(b.ctx, { cart: b.cart(), order: { quick_order: `${mug.sku} 2\nno quantity\n${hidden.sku} 1\nGHOST-1 3` } }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      fields: {
        "quick_order.1": { code: "quick_order_line_invalid", params: { line: 2 } },
        "quick_order.2": { code: "quick_order_sku_unknown", params: { line: 3, sku: hidden.sku } },
        "quick_order.3": { code: "quick_order_sku_unknown", params: { line: 4, sku: "GHOST-1" } },
      },
    });
    expect((await getCart(b.ctx, { cart: b.cart() })).items).toEqual([]);
    await expect(quickOrder(b.ctx, { cart: b.cart(), order: { quick_order: "  \n" } })).rejects.toMatchObject({
      code: "validation_failed",
    });
  });
});
