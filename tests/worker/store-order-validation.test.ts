import { describe, expect, it } from "vitest";
import { validateSalesOrders } from "../../worker/domain/sales/validate-sales-orders";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { addUser, ctxOf } from "../support/factories";
import { api, salesWorld, stockLevel, type SalesWorld } from "./sales-fixtures";
import { buyer, storeVariant } from "./store-fixtures";

/** An order placed from the store by a buyer of the world's customer: it awaits validation. */
async function storeOrder(w: SalesWorld, variantId: number) {
  const b = await buyer(w);
  await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: variantId, quantity: 2 } });
  return placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
}

describe("validating the store's orders", () => {
  it("through the API: pending_validation becomes pending once, its reservation kept; a second validation is refused", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10, "20");
    const order = await storeOrder(w, mug.id);
    expect(order.status).toBe("pending_validation");
    const validated = await api(w.token, "POST", `/sales-orders/${order.id}/validate`);
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({ id: order.id, status: "pending" });
    expect((await stockLevel(w.db, mug.id, w.location)).committed).toBe(2);
    const again = await api(w.token, "POST", `/sales-orders/${order.id}/validate`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: "status_move_not_allowed" } });
  });

  it("is refused to a user who may only read orders", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 10, "20");
    const order = await storeOrder(w, mug.id);
    const reader = await addUser(w.company.companyId, { permissions: ["view_sales_orders"] });
    const refused = await api(reader.token, "POST", `/sales-orders/${order.id}/validate`);
    expect(refused.status).toBe(403);
    expect((await api(w.token, "GET", `/sales-orders/${order.id}`)).body).toMatchObject({ status: "pending_validation" });
  });

  it("in bulk from the list: validates the selected orders awaiting validation and skips the others", async () => {
    const w = await salesWorld();
    const mug = await storeVariant(w, 20, "20");
    const first = await storeOrder(w, mug.id);
    const second = await storeOrder(w, mug.id);
    const done = await storeOrder(w, mug.id);
    const staff = await ctxOf(w.company);
    expect(await validateSalesOrders(staff, { ids: [done.id] })).toEqual({ validated: 1, skipped: 0 });
    expect(await validateSalesOrders(staff, { ids: [first.id, second.id, done.id, 987_654] })).toEqual({ validated: 2, skipped: 2 });
    for (const o of [first, second, done])
      expect((await api(w.token, "GET", `/sales-orders/${o.id}`)).body).toMatchObject({ status: "pending" });
    await expect(validateSalesOrders(staff, { ids: [] })).rejects.toMatchObject({ fields: { ids: { code: "required" } } });
    const reader = await ctxOf(w.company, { permissions: ["view_sales_orders"] });
    await expect(validateSalesOrders(reader, { ids: [first.id] })).rejects.toMatchObject({ code: "forbidden" });
  });
});
