import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { placeStoreOrder } from "../../worker/domain/store/place-store-order";
import { updateCartItem } from "../../worker/domain/store/update-cart-item";
import { addUser } from "../support/factories";
import { makeCustomer } from "../support/isolation/sales";
import { api, fieldCodes, orderFor, pricedVariant, salesWorld, type SalesWorld } from "./sales-fixtures";
import { buyer, storeVariant } from "./store-fixtures";

const t = tenantSchema;

/** A rule through the API, checked created. */
async function rule(w: SalesWorld, body: Record<string, unknown>) {
  const answer = await api(w.token, "POST", "/price-rules", { label: "Rule", price_type: "calculated", ...body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: number; number: number };
}

/** The first line's unit price of an order created through the API. */
async function linePrice(w: SalesWorld, variantId: number, quantity: string, extra: Record<string, unknown> = {}) {
  const order = await orderFor(w, variantId, quantity, extra);
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  return { price: order.body.lines[0].price as string, subtotal: order.body.subtotal as string };
}

describe("price rules", () => {
  it("are created through the API with an Idempotency-Key, numbered after the last one, and read back", async () => {
    const w = await salesWorld();
    const headers = { "Idempotency-Key": `rule-${Date.now().toString(36)}` };
    const body = { label: "Wholesale break", price_type: "calculated", operator: "minus_percent", value: "10", minimum_quantity: "12" };
    const first = await api(w.token, "POST", "/price-rules", body, headers);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      number: 1,
      label: "Wholesale break",
      selection: "all_products",
      value: "10.0000",
      minimum_quantity: "12.0000000",
      customer_ids: [],
    });
    const again = await api(w.token, "POST", "/price-rules", body, headers);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await api(w.token, "GET", `/price-rules/${first.body.id}`)).body).toEqual(first.body);
    const second = await rule(w, { label: "Next", price_type: "set", value: "5" });
    expect(second.number).toBe(2);
    const list = await api(w.token, "GET", "/price-rules");
    expect(list.body.items.map((r: { id: number }) => r.id)).toEqual([first.body.id, second.id]);
  });

  it("price a sales order's line when its quantity break is met, and leave it at the level's price under it", async () => {
    const w = await salesWorld();
    const mug = await pricedVariant(w.db, w.level, "20");
    await rule(w, { operator: "minus_percent", value: "10", minimum_quantity: "10", customer_ids: [w.customer.id] });
    expect(await linePrice(w, mug.id, "9")).toMatchObject({ price: "20.0000", subtotal: "180.00" });
    expect(await linePrice(w, mug.id, "10")).toMatchObject({ price: "18.0000", subtotal: "180.00" });
  });

  it("apply within their dates only (the order's date), the lowest number winning among those that apply", async () => {
    const w = await salesWorld();
    const mug = await pricedVariant(w.db, w.level, "20");
    await rule(w, { number: 5, price_type: "set", value: "7", date_from: "2020-01-01", date_to: "2020-12-31" });
    await rule(w, { number: 9, price_type: "set", value: "15", selection: "selected_variants", variant_ids: [mug.id] });
    // Out of the first rule's dates, the second prices the line.
    expect((await linePrice(w, mug.id, "1")).price).toBe("15.0000");
    expect((await linePrice(w, mug.id, "1", { date: "2020-06-01" })).price).toBe("7.0000");
    // A rule for another customer, or for a tag this one lacks, is not theirs.
    const other = await makeCustomer(w.db, { priceLevelId: w.level });
    const [tag] = await w.db.insert(t.customerTags).values({ label: "Gold" }).returning({ id: t.customerTags.id });
    await rule(w, { number: 1, price_type: "set", value: "1", customer_ids: [other.id], customer_tag_ids: [tag!.id] });
    expect((await linePrice(w, mug.id, "1")).price).toBe("15.0000");
    await w.db.insert(t.customerTagLinks).values({ customerId: w.customer.id, tagId: tag!.id });
    expect((await linePrice(w, mug.id, "1")).price).toBe("1.0000");
  });

  it("price the store cart with the same function: its total is its order's subtotal, the discount taken per unit", async () => {
    const w = await salesWorld();
    await w.db
      .update(t.customers)
      .set({ discountRate: 10 * 10_000 })
      .where(eq(t.customers.id, w.customer.id));
    const mug = await storeVariant(w, 50, "20");
    await rule(w, { operator: "minus_percent", value: "10", minimum_quantity: "10" });
    const b = await buyer(w);
    let view = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 5 } });
    expect(view.items[0]).toMatchObject({ calculated_price: "20.0000" });
    expect(view.total).toBe("90.0000");
    view = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: mug.id, quantity: 10 } });
    // 18 for the break, less 10 % per unit: 16.20 × 10.
    expect(view.items[0]).toMatchObject({ calculated_price: "18.0000" });
    expect(view.total).toBe("162.0000");
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    expect(order.lines![0]).toMatchObject({ price: "16.2000" });
    expect(order.subtotal).toBe("162.00");
    expect(view.total_excl_tax).toBe(order.total_excl_tax);
  });

  it("leave the store cart's total equal to its order's subtotal when the discount leaves fractions of a cent", async () => {
    const w = await salesWorld();
    await w.db
      .update(t.customers)
      .set({ discountRate: 10 * 10_000 })
      .where(eq(t.customers.id, w.customer.id));
    const pin = await storeVariant(w, 50, "0.15");
    const b = await buyer(w);
    const view = await updateCartItem(b.ctx, { cart: b.cart(), change: { variant_id: pin.id, quantity: 3 } });
    const order = await placeStoreOrder(b.ctx, { cart: b.cart(), order: {} });
    // 0.135 a unit once the discount is off, 0.405 the line: 0.41 on the order, and so in the cart.
    expect(order.subtotal).toBe("0.41");
    expect(view.total).toBe("0.4100");
  });

  it("refuse a user without the selling prices' edit permission, and name each bad field", async () => {
    const w = await salesWorld();
    const clerk = await addUser(w.company.companyId, { permissions: ["view_products", "edit_products", "advanced_prices"] });
    const refused = await api(clerk.token, "POST", "/price-rules", { label: "R", price_type: "set", value: "1" });
    expect(refused.status).toBe(403);
    const bad = await api(w.token, "POST", "/price-rules", {
      label: "R",
      price_type: "calculated",
      value: "1000000000000",
      number: 10 ** 12,
      minimum_quantity: "-1",
    });
    expect(bad.status).toBe(422);
    expect(fieldCodes(bad)).toMatchObject({ value: "too_large", number: "too_large", minimum_quantity: "too_small" });
    const whole = await api(w.token, "POST", "/price-rules", {
      label: "R",
      price_type: "calculated",
      value: "150",
      operator: "minus_percent",
      selection: "selected_variants",
      customer_ids: [w.customer.id, 999_999],
      date_from: "2026-05-01",
      date_to: "2026-04-01",
    });
    expect(whole.status).toBe(422);
    expect(fieldCodes(whole)).toEqual({
      value: "too_large",
      variant_ids: "required",
      "customer_ids.1": "unknown_customer",
      date_to: "too_small",
    });
    const noOperator = await api(w.token, "POST", "/price-rules", { label: "R", price_type: "calculated", value: "5" });
    expect(fieldCodes(noOperator)).toEqual({ operator: "required" });
    const first = await rule(w, { number: 3, price_type: "set", value: "1" });
    const taken = await api(w.token, "POST", "/price-rules", { label: "S", number: 3, price_type: "set", value: "2" });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("price_rule_number_taken");
    const changed = await api(w.token, "PATCH", `/price-rules/${first.id}`, { value: "2.5", active: false });
    expect(changed.body).toMatchObject({ value: "2.5000", active: false, number: 3 });
    expect((await api(w.token, "DELETE", `/price-rules/${first.id}`)).status).toBe(204);
    expect((await api(w.token, "GET", `/price-rules/${first.id}`)).status).toBe(404);
  });
});
