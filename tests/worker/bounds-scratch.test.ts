import { eq } from "drizzle-orm";
import { it } from "vitest";
import { tenantSchema } from "../../db/client";
import { getCart } from "../../worker/domain/store/get-cart";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { ctxOf } from "../support/factories";
import { salesWorld } from "./sales-fixtures";
import { buyer, storeVariant } from "./store-fixtures";

const show = async (label: string, f: () => Promise<unknown>) => {
  try { const r = await f(); console.log(label, "OK", JSON.stringify(r).slice(0, 300)); } catch (e) { console.log(label, "ERR", e instanceof Error ? e.constructor.name + " " + e.message.slice(0, 300) : e); }
};

it("scratch", async () => {
  const w = await salesWorld();
  const mug = await storeVariant(w, 0, "10");
  await w.db.update(tenantSchema.variants).set({ trackInventory: false }).where(eq(tenantSchema.variants.id, mug.id));
  const b = await buyer(w, await ctxOf(w.company));
  await show("add", () => updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: "99999999999999999999999999999999999" } }));
  await show("stored", () => b.stored());
  await show("get", () => getCart(b.ctx, { cart: b.cart() }));
  await show("change", () => updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: "3" } }));
  await show("order", () => placeStoreOrder(b.ctx, { cart: b.cart(), order: {} }));
  await show("add1e10", () => updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: "10000000000" } }));
  await show("order", () => placeStoreOrder(b.ctx, { cart: b.cart(), order: {} }));
});
