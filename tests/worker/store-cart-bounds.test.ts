import { env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import type { StoredCartLine } from "../../worker/domain/store/cart-catalogue";
import { getCart } from "../../worker/domain/store/get-cart";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { quickOrder } from "../../worker/domain/store/quick-order";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import type { Bindings } from "../../worker/env";
import { ctxOf } from "../support/factories";
import { salesWorld, type SalesWorld } from "./sales-fixtures";
import { buyer, storeVariant } from "./store-fixtures";

const t = tenantSchema;
const bindings = env as unknown as Bindings;
const HUGE = "99999999999999999999999999999999999";

/** A variant the store sells without tracking its stock: nothing but the bounds holds its quantity. */
async function untracked(w: SalesWorld, price = "10") {
  const variant = await storeVariant(w, 0, price);
  await w.db.update(t.variants).set({ trackInventory: false }).where(eq(t.variants.id, variant.id));
  return variant;
}

describe("the bounds of the store's cart (quantities 100,000,000)", () => {
  it("refuses a quantity past 100,000,000 on an untracked variant, naming quantity, and the cart stays usable", async () => {
    const w = await salesWorld();
    const pen = await untracked(w);
    const b = await buyer(w, await ctxOf(w.company));
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: pen.id, quantity: 2 } });
    for (const quantity of [HUGE, "10000000000", 100_000_001])
      await expect(updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: pen.id, quantity } })).rejects.toMatchObject({
        code: "validation_failed",
        fields: { quantity: { code: "too_large" } },
      });
    expect((await b.stored()).map((l) => l.quantity)).toEqual(["2.0000000"]);
    // At the bound it is taken; the cart shows, changes and orders.
    const most = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: pen.id, quantity: "100000000" } });
    expect(most.items.map((i) => i.quantity)).toEqual(["100000000"]);
    expect((await getCart(b.ctx, { cart: b.cart() })).total).toBe("1000000000.0000");
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: pen.id, quantity: "3" } });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    expect(order.lines!.map((l) => l.quantity)).toEqual(["3.0000000"]);
  });

  it("names a quick order line past 100,000,000 and adds nothing", async () => {
    const w = await salesWorld();
    const pen = await untracked(w);
    const b = await buyer(w, await ctxOf(w.company));
    await expect(quickOrder(b.ctx, { cart: b.cart(), order: { quick_order: `${pen.sku} 2\n${pen.sku} ${HUGE}` } })).rejects.toMatchObject({
      code: "validation_failed",
      fields: { "quick_order.1": { code: "quick_order_line_invalid", params: { line: 2 } } },
    });
    expect(await b.stored()).toEqual([]);
  });

  it("refuses an order whose line multiplies past the money bound with 422 naming the line, and keeps the cart", async () => {
    const w = await salesWorld();
    const safe = await untracked(w, "10000");
    const b = await buyer(w, await ctxOf(w.company));
    // 100,000,000 × 10,000: each figure within its bound, their product past 100,000,000,000.
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: safe.id, quantity: "100000000" } });
    await expect(placeStoreOrder(b.ctx, { cart: b.cart(), order: {} })).rejects.toMatchObject({
      code: "validation_failed",
      fields: { "lines.0.total": { code: "total_too_large", params: { max: 100_000_000_000 } } },
    });
    expect((await b.stored()).map((l) => l.quantity)).toEqual(["100000000.0000000"]);
  });

  it("a cart kept with a line past the bounds (as before them) still shows, changes and orders, without that line", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10, "12.5");
    const pen = await untracked(w);
    const cap = await untracked(w);
    const b = await buyer(w, await ctxOf(w.company));
    const kept: StoredCartLine[] = [
      { key: String(mug.id), variantId: mug.id, packId: null, quantity: "2.0000000" },
      { key: String(pen.id), variantId: pen.id, packId: null, quantity: `${HUGE}.0000000` },
      { key: String(cap.id), variantId: cap.id, packId: null, quantity: "10000000000.0000000" },
    ];
    await runInDurableObject(bindings.CARTS.getByName(`${w.company.companyId}:${b.userId}`), async (_cart, state) => {
      state.storage.kv.put("lines", kept);
    });

    const shown = await getCart(b.ctx, { cart: b.cart() });
    expect(shown.items.map((i) => [i.variant_id, i.quantity])).toEqual([[mug.id, "2"]]);
    expect(shown.total).toBe("25.0000");
    // The lines that failed leave the stored cart too.
    expect((await b.stored()).map((l) => l.variantId)).toEqual([mug.id]);

    await runInDurableObject(bindings.CARTS.getByName(`${w.company.companyId}:${b.userId}`), async (_cart, state) => {
      state.storage.kv.put("lines", kept);
    });
    const changed = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 3 } });
    expect(changed.items.map((i) => [i.variant_id, i.quantity])).toEqual([[mug.id, "3"]]);

    await runInDurableObject(bindings.CARTS.getByName(`${w.company.companyId}:${b.userId}`), async (_cart, state) => {
      state.storage.kv.put("lines", kept);
    });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    expect(order.lines!.map((l) => [l.variant_id, l.quantity])).toEqual([[mug.id, "2.0000000"]]);
    expect(await b.stored()).toEqual([]);
  });
});
