import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { getCart } from "../../worker/domain/store/get-cart";
import { getStoreProduct } from "../../worker/domain/store/get-store-product";
import { listStoreCatalogue } from "../../worker/domain/store/list-store-catalogue";
import { orderAgain } from "../../worker/domain/store/order-again";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { quickOrder } from "../../worker/domain/store/quick-order";
import { getStoreCatalogueChoices } from "../../worker/domain/store/store-catalogue-choices";
import { getStoreSettingsChoices, updateStoreSettings } from "../../worker/domain/store/settings/store-settings-verbs";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { ctxOf } from "../support/factories";
import { salesWorld } from "./sales-fixtures";
import { buyer, storeVariant } from "./store-fixtures";

const t = tenantSchema;

const storeOrders = (db: TenantDb, customerId: number) =>
  db
    .select({ id: t.salesDocuments.id })
    .from(t.salesDocuments)
    .where(and(eq(t.salesDocuments.customerId, customerId), eq(t.salesDocuments.type, "sales_order")));

describe("the store sells only an active product published to it, with its active published variants", () => {
  it.each([
    ["disabled", { active: false }],
    ["unpublished from the store", { b2bPublished: false }],
  ])(
    "a product %s whose variant stays active and published leaves the catalogue, its page, the cart, quick order, order again and the order",
    async (_name, change) => {
      const w = await salesWorld();
      const mug = await storeVariant(w, 20, "4");
      const shirt = await storeVariant(w, 20, "30");
      const staff = await ctxOf(w.company);
      await updateStoreSettings(staff, { featured_product_ids: [shirt.productId, mug.productId] });
      const b = await buyer(w);
      await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: shirt.id, quantity: 2 } });
      await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 1 } });
      const earlier = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
      expect(earlier.lines!.map((l) => l.variant_id).sort()).toEqual([mug.id, shirt.id].sort());
      // Back in the cart while it is still sold, then the staff take the product off the store.
      await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: shirt.id, quantity: 1 } });
      await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 3 } });
      await w.db.update(t.products).set(change).where(eq(t.products.id, shirt.productId));

      // The order the buyer confirmed is refused, and the cart keeps only what is still sold.
      await expect(placeStoreOrder(b.ctx, { cart: b.cart(), order: {} })).rejects.toMatchObject({ code: "store_cart_changed" });
      expect(await storeOrders(w.db, w.customer.id)).toHaveLength(1);
      expect((await b.stored()).map((l) => l.variantId)).toEqual([mug.id]);
      const placed = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
      expect(placed.lines!.map((l) => [l.variant_id, Number(l.quantity)])).toEqual([[mug.id, 3]]);

      const catalogue = await listStoreCatalogue(b.ctx, {});
      expect(catalogue.items.map((i) => i.variant_id)).toEqual([mug.id]);
      expect((await listStoreCatalogue(b.ctx, { search: shirt.sku })).items).toEqual([]);
      await expect(getStoreProduct(b.ctx, { id: shirt.productId })).rejects.toMatchObject({ code: "not_found" });
      expect((await getStoreCatalogueChoices(b.ctx)).featured.map((p) => p.id)).toEqual([mug.productId]);
      expect((await getStoreSettingsChoices(staff)).products.map((p) => p.id)).toEqual([mug.productId]);

      await expect(updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: shirt.id, quantity: 1 } })).rejects.toMatchObject({
        code: "not_found",
      });
      await expect(quickOrder(b.ctx, { cart: b.cart(), order: { quick_order: `${shirt.sku} 1` } })).rejects.toMatchObject({
        code: "validation_failed",
        fields: { "quick_order.0": { code: "quick_order_sku_unknown", params: { line: 1, sku: shirt.sku } } },
      });
      const again = await orderAgain(b.ctx, { cart: b.cart(), id: earlier.id });
      expect(again.items.map((i) => [i.variant_id, i.quantity])).toEqual([[mug.id, "1"]]);
      expect(again.not_added).toEqual([shirt.sku]);
      expect((await getCart(b.ctx, { cart: b.cart() })).items.map((i) => i.variant_id)).toEqual([mug.id]);
    },
  );

  it("refuses the order when the product is taken off the store between the cart's read and the order's write", async () => {
    const w = await salesWorld();
    const shirt = await storeVariant(w, 20, "30");
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: shirt.id, quantity: 2 } });
    // The staff's change lands just before the batch that writes the order: the cart was read with the product still sold.
    // The order's insert is a query builder or a raw statement (rows as JSON): either says its SQL.
    const db = Object.create(w.db) as TenantDb;
    let takenOff = false;
    db.batch = (async (items: { toSQL?: () => { sql: string }; getQuery?: () => { sql: string } }[]) => {
      if (items.some((i) => /^insert into "sales_documents"/.test((i.toSQL?.() ?? i.getQuery?.())?.sql ?? ""))) {
        await w.db.update(t.products).set({ active: false }).where(eq(t.products.id, shirt.productId));
        takenOff = true;
      }
      return w.db.batch(items as never);
    }) as never;
    const ctx: Ctx = { ...b.ctx, db };
    await expect(placeStoreOrder(ctx, { cart: b.cart(), order: {} })).rejects.toMatchObject({ code: "store_cart_changed" });
    expect(takenOff).toBe(true);
    expect(await storeOrders(w.db, w.customer.id)).toEqual([]);
    const [level] = await w.db
      .select({ committed: t.stockLevels.committed })
      .from(t.stockLevels)
      .where(eq(t.stockLevels.variantId, shirt.id));
    expect(level!.committed).toBe(0);
    expect((await getCart(b.ctx, { cart: b.cart() })).items).toEqual([]);
  });
});
