import { describe, expect, it } from "vitest";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { updateSalesOrder } from "../../worker/domain/sales/update-sales-order";
import { resolveAccessToken } from "../../worker/domain/identity/sessions";
import type { Ctx } from "../../worker/domain/shared/ctx";
import { getCart } from "../../worker/domain/store/get-cart";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { updateUser } from "../../worker/domain/users/update-user";
import { addUser, control, ctxOf } from "../support/factories";
import { api, fieldCodes, orderFor, salesWorld, stockLevel, type SalesWorld } from "./sales-fixtures";
import { buyer, openStore, storeVariant } from "./store-fixtures";

const refusal = { code: "out_of_stock_not_allowed", fields: { "lines.0.quantity": { code: "out_of_stock_not_allowed" } } };

/** A user of the company who may edit sales orders, with neither the prevent-negative-stock flag nor the option, unless `access` gives them. */
async function seller(w: SalesWorld, access: { pos_permissions?: string[]; prevent_negative_inventory?: boolean } = {}): Promise<Ctx> {
  const user = await addUser(w.company.companyId, { permissions: ["view_sales_orders", "edit_sales_orders"] });
  const admin = await ctxOf(w.company);
  if (Object.keys(access).length) await updateUser(admin, { id: user.userId, ...access });
  return { ...admin, actor: (await resolveAccessToken(control, user.token))! };
}

const order = (w: SalesWorld, variantId: number, quantity: string) => ({
  customer_id: w.customer.id,
  location_id: w.location,
  lines: [{ variant_id: variantId, quantity }],
});

/** The company's "Prevent selling out-of-stock products", set as its settings page and API set it. */
async function preventSelling(w: SalesWorld, on: boolean) {
  const answer = await api(w.token, "PATCH", "/company-settings", { prevent_negative_inventory: on });
  expect([answer.status, answer.body.prevent_negative_inventory]).toEqual([200, on]);
}

describe("selling out of stock", () => {
  it("the company's option, set in its settings, refuses 6 of 5 through the API, to a user without a flag of their own, on an update and in the store", async () => {
    const w = await salesWorld();
    const shirt = await storeVariant(w, 5, "10");
    const user = await seller(w);
    await preventSelling(w, true);

    const byApi = await orderFor(w, shirt.id, "6");
    expect([byApi.status, byApi.body.error.code, fieldCodes(byApi)]).toEqual([
      422,
      "out_of_stock_not_allowed",
      { "lines.0.quantity": "out_of_stock_not_allowed" },
    ]);
    await expect(createSalesOrder(user, order(w, shirt.id, "6"))).rejects.toMatchObject(refusal);
    const five = await createSalesOrder(user, order(w, shirt.id, "5"));
    await expect(updateSalesOrder(user, { id: five.id, lines: [{ variant_id: shirt.id, quantity: "6" }] })).rejects.toMatchObject(refusal);
    expect(await stockLevel(w.db, shirt.id, w.location)).toEqual({ onHand: 5, committed: 5 });
    await updateSalesOrder(user, { id: five.id, lines: [{ variant_id: shirt.id, quantity: "1" }] });

    // A store that would sell below zero still may not, under the company's option; the cart is kept.
    await openStore(w, { allow_negative_stock: true });
    const b = await buyer(w);
    await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: shirt.id, quantity: 5 } });
    await expect(placeStoreOrder(b.ctx, { cart: b.cart(), order: {} })).rejects.toMatchObject(refusal);
    expect((await getCart(b.ctx, { cart: b.cart() })).items.map((i) => i.quantity)).toEqual(["5"]);

    // Off again: the same orders pass, below zero.
    await preventSelling(w, false);
    expect((await orderFor(w, shirt.id, "6")).status).toBe(201);
    expect((await createSalesOrder(user, order(w, shirt.id, "6"))).committed).toBe(true);
    expect((await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} })).committed).toBe(true);
    expect(await stockLevel(w.db, shirt.id, w.location)).toEqual({ onHand: 5, committed: 18 });
  });

  it("a user's own 'Prevent selling out-of-stock products' option holds them as their prevent-negative-stock flag does, the company's option off", async () => {
    const w = await salesWorld();
    const shirt = await storeVariant(w, 5, "10");
    const optioned = await seller(w, { pos_permissions: ["prevent_selling_out_of_stock"] });
    const flagged = await seller(w, { prevent_negative_inventory: true });
    for (const user of [optioned, flagged]) await expect(createSalesOrder(user, order(w, shirt.id, "6"))).rejects.toMatchObject(refusal);
    // Without either, and with the company's option off, an order may go below zero.
    expect((await createSalesOrder(await seller(w), order(w, shirt.id, "6"))).committed).toBe(true);
    expect(await stockLevel(w.db, shirt.id, w.location)).toEqual({ onHand: 5, committed: 6 });
  });
});
