import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { cancelSalesOrder } from "../../worker/domain/sales/cancel-sales-order";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { getSalesOrder } from "../../worker/domain/sales/get-sales-order";
import { validateSalesOrder } from "../../worker/domain/sales/validate-sales-order";
import { control, ctxOf } from "../support/factories";
import { makeVariant } from "../support/isolation/stock";
import { api, fieldCodes, orderFor, pricedVariant, salesWorld, stockLevel, type SalesWorld } from "./sales-fixtures";

const t = tenantSchema;
const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const UNIT = 10_000_000;

const setCustomer = (w: SalesWorld, values: Partial<typeof t.customers.$inferInsert>) =>
  w.db.update(t.customers).set(values).where(eq(t.customers.id, w.customer.id));

/** A variant with `units` on hand at the location, through a stock entry. */
async function stocked(w: SalesWorld, units: number, price = "10") {
  const variant = await pricedVariant(w.db, w.level, price);
  if (units > 0) {
    const entry = await api(w.token, "POST", "/stock-entries", {
      location_id: w.location,
      lines: [{ variant_id: variant.id, quantity: String(units) }],
    });
    expect(entry.status).toBe(201);
  }
  return variant;
}

/** A user of the company who may not sell out of stock (the membership's prevent_negative_inventory). */
async function preventSelling(company: Awaited<ReturnType<typeof salesWorld>>["company"]) {
  const ctx = await ctxOf(company, { permissions: ["view_sales_orders", "edit_sales_orders"] });
  if (ctx.actor.kind !== "user") throw new Error("a user");
  await control
    .update(controlSchema.memberships)
    .set({ preventNegativeInventory: true })
    .where(eq(controlSchema.memberships.userId, ctx.actor.userId));
  return { ...ctx, actor: { ...ctx.actor, preventNegativeInventory: true } };
}

describe("sales orders", () => {
  it("an order delivered from its location is numbered CMD- and reserves its units there (committed stock), on hand unchanged", async () => {
    const w = await salesWorld();
    const mug = await stocked(w, 10);
    const order = await orderFor(w, mug.id, "4");
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({
      number: "CMD-000001",
      status: "pending",
      payment_status: "unpaid",
      shipping_status: "not_delivered",
      committed: true,
      total: "40.00",
    });
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 10, committed: 4 });
  });

  it("a kit reserves its components' units, not its own", async () => {
    const w = await salesWorld();
    const kit = await pricedVariant(w.db, w.level, "25", [], { isKit: true });
    const part = await makeVariant(w.db);
    await w.db.insert(t.components).values({ parentVariantId: kit.id, componentVariantId: part.id, quantity: 2 * UNIT });
    const order = await orderFor(w, kit.id, "3");
    expect(order.status).toBe(201);
    expect(await stockLevel(w.db, part.id, w.location)).toMatchObject({ committed: 6 });
    expect(await stockLevel(w.db, kit.id, w.location)).toMatchObject({ committed: 0 });
  });

  it("a document cannot be saved without a location: location_id is named", async () => {
    const w = await salesWorld();
    const answer = await api(w.token, "POST", "/sales-orders", { customer_id: w.customer.id, lines: [] });
    expect([answer.status, fieldCodes(answer)]).toEqual([422, { location_id: "required" }]);
  });

  it("cancelling an order gives back its reservation, and a cancelled order is final", async () => {
    const w = await salesWorld();
    const mug = await stocked(w, 10);
    const { body } = await orderFor(w, mug.id, "4");
    const cancelled = await api(w.token, "POST", `/sales-orders/${body.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: "cancelled", committed: false });
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 10, committed: 0 });
    const again = await api(w.token, "POST", `/sales-orders/${body.id}/cancel`);
    expect([again.status, again.body.error.code]).toEqual([409, "status_move_not_allowed"]);
  });

  it("completing an order by hand changes no stock on hand and releases its reservation", async () => {
    const w = await salesWorld();
    const mug = await stocked(w, 10);
    const { body } = await orderFor(w, mug.id, "4");
    expect((await api(w.token, "POST", `/sales-orders/${body.id}/complete`)).body.status).toBe("completed_manually");
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 10, committed: 0 });
  });

  it("deleting an order asks its acknowledgements and gives back its reservation", async () => {
    const w = await salesWorld();
    const mug = await stocked(w, 10);
    const { body } = await orderFor(w, mug.id, "4");
    expect((await api(w.token, "DELETE", `/sales-orders/${body.id}?acknowledge=cascade`)).status).toBe(422);
    expect(await stockLevel(w.db, mug.id, w.location)).toMatchObject({ committed: 4 });
    expect((await api(w.token, "DELETE", `/sales-orders/${body.id}?acknowledge=cascade,inventory,irreversible`)).status).toBe(204);
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 10, committed: 0 });
  });

  it("an update takes the reservation again from the new lines in the same batch", async () => {
    const w = await salesWorld();
    const mug = await stocked(w, 10);
    const { body } = await orderFor(w, mug.id, "4");
    const updated = await api(w.token, "PATCH", `/sales-orders/${body.id}`, { lines: [{ variant_id: mug.id, quantity: "7" }] });
    expect([updated.status, updated.body.total]).toEqual([200, "70.00"]);
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 10, committed: 7 });
  });

  it("drop shipping reserves nothing and cannot be undone", async () => {
    const w = await salesWorld();
    const mug = await stocked(w, 10);
    const { body } = await orderFor(w, mug.id, "4", { delivery_type: "drop_shipping" });
    expect(body).toMatchObject({ delivery_type: "drop_shipping", committed: false });
    expect(await stockLevel(w.db, mug.id, w.location)).toMatchObject({ committed: 0 });
    const back = await api(w.token, "PATCH", `/sales-orders/${body.id}`, { delivery_type: "stock_location" });
    expect([back.status, fieldCodes(back)]).toEqual([422, { delivery_type: "drop_shipping_irreversible" }]);
    // Setting an order from stock to drop shipping gives its reservation back.
    const other = await orderFor(w, mug.id, "2");
    await api(w.token, "PATCH", `/sales-orders/${other.body.id}`, { delivery_type: "drop_shipping" });
    expect(await stockLevel(w.db, mug.id, w.location)).toMatchObject({ committed: 0 });
  });

  it("the customer's minimum order amount must be reached: minimum_order_amount_not_reached with {value}", async () => {
    const w = await salesWorld();
    await setCustomer(w, { minimumOrderAmount: 50 * 10_000 });
    const mug = await stocked(w, 0);
    const small = await orderFor(w, mug.id, "4");
    expect([small.status, small.body.error.code, small.body.error.params]).toEqual([
      422,
      "minimum_order_amount_not_reached",
      { value: "50.00" },
    ]);
    expect(small.body.error.message).toBe("The minimum order amount for this customer has not been reached (50.00)");
    const enough = await orderFor(w, mug.id, "5");
    expect(enough.status).toBe(201);
  });

  it("the credit limit applies to the balance of the customer's open orders: credit_limit_exceeded", async () => {
    const w = await salesWorld();
    await setCustomer(w, { creditLimit: 100 * 10_000 });
    const mug = await stocked(w, 0);
    const order = (quantity: string) => orderFor(w, mug.id, quantity);
    const first = await order("6");
    expect(first.status).toBe(201);
    const over = await order("5");
    expect([over.status, over.body.error.code, over.body.error.params]).toEqual([422, "credit_limit_exceeded", { limit: "100.00" }]);
    // A cancelled order no longer counts.
    await api(w.token, "POST", `/sales-orders/${first.body.id}/cancel`);
    expect((await order("5")).status).toBe(201);
  });

  it("orders made at once never take the customer's balance past the credit limit together", async () => {
    const w = await salesWorld();
    await setCustomer(w, { creditLimit: 100 * 10_000 });
    const mug = await stocked(w, 0);
    const answers = await Promise.all(range(30).map(() => orderFor(w, mug.id, "1")));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 422).map((a) => a.body.error.code)).toEqual(range(20).map(() => "credit_limit_exceeded"));
  });

  it("a user who may not sell out of stock cannot order more than available: out_of_stock_not_allowed naming the line", async () => {
    const w = await salesWorld();
    const mug = await stocked(w, 3);
    const seller = await preventSelling(w.company);
    const input = (quantity: string) => ({
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ description: "Note" }, { variant_id: mug.id, quantity }],
    });
    await expect(createSalesOrder(seller, input("4"))).rejects.toMatchObject({
      code: "out_of_stock_not_allowed",
      fields: { "lines.1.quantity": { code: "out_of_stock_not_allowed" } },
    });
    expect(await stockLevel(w.db, mug.id, w.location)).toMatchObject({ committed: 0 });
    expect((await createSalesOrder(seller, input("3"))).committed).toBe(true);
    // Another user, allowed to, may still sell what is not there.
    expect((await createSalesOrder(await ctxOf(w.company), input("5"))).committed).toBe(true);
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 3, committed: 8 });
  });

  it("many orders at once by a prevent-selling user on scarce stock never reserve more than available, and numbers stay unique", async () => {
    const w = await salesWorld();
    const mug = await stocked(w, 20);
    const seller = await preventSelling(w.company);
    const results = await Promise.allSettled(
      range(60).map(() =>
        createSalesOrder(seller, { customer_id: w.customer.id, location_id: w.location, lines: [{ variant_id: mug.id, quantity: "1" }] }),
      ),
    );
    const saved = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { code: string }).code] : []));
    expect(saved).toHaveLength(20);
    expect(refused).toEqual(range(40).map(() => "out_of_stock_not_allowed"));
    expect(new Set(saved.map((o) => o.number)).size).toBe(20);
    expect(await stockLevel(w.db, mug.id, w.location)).toEqual({ onHand: 20, committed: 20 });
  });

  it("an estimate transformed into an order: the order points at it, keeps its prices, reserves stock; the estimate is accepted_and_transformed and final", async () => {
    const w = await salesWorld();
    const mug = await stocked(w, 10);
    const estimate = await api(w.token, "POST", "/estimates", {
      customer_id: w.customer.id,
      location_id: w.location,
      notes: "Thanks",
      lines: [{ variant_id: mug.id, quantity: "2", price: "9", discount: "10" }],
    });
    const order = await api(w.token, "POST", `/estimates/${estimate.body.id}/transform`);
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({
      type: "sales_order",
      created_from_id: estimate.body.id,
      notes: "Thanks",
      total: estimate.body.total,
      committed: true,
    });
    expect((await api(w.token, "GET", `/estimates/${estimate.body.id}`)).body.status).toBe("accepted_and_transformed");
    expect(await stockLevel(w.db, mug.id, w.location)).toMatchObject({ committed: 2 });
    const twice = await api(w.token, "POST", `/estimates/${estimate.body.id}/transform`);
    expect([twice.status, twice.body.error.code]).toEqual([409, "status_move_not_allowed"]);
    // Deleting the estimate deletes the order made from it, and its reservation.
    expect((await api(w.token, "DELETE", `/estimates/${estimate.body.id}?acknowledge=cascade,inventory,irreversible`)).status).toBe(204);
    expect((await api(w.token, "GET", `/sales-orders/${order.body.id}`)).status).toBe(404);
    expect(await stockLevel(w.db, mug.id, w.location)).toMatchObject({ committed: 0 });
  });

  it("two transforms of one estimate at once make one order", async () => {
    const w = await salesWorld();
    const estimate = await api(w.token, "POST", "/estimates", {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ description: "Work" }],
    });
    const answers = await Promise.all(range(2).map(() => api(w.token, "POST", `/estimates/${estimate.body.id}/transform`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await w.db.$count(t.salesDocuments, eq(t.salesDocuments.type, "sales_order"))).toBe(1);
  });

  it("viewing asks view_sales_orders and every change edit_sales_orders, whatever the door", async () => {
    const w = await salesWorld();
    const order = await createSalesOrder(await ctxOf(w.company), { customer_id: w.customer.id, location_id: w.location, lines: [] });
    const viewer = await ctxOf(w.company, { permissions: ["view_sales_orders"] });
    expect((await getSalesOrder(viewer, { id: order.id })).number).toBe(order.number);
    await expect(cancelSalesOrder(viewer, { id: order.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(createSalesOrder(viewer, { customer_id: w.customer.id, location_id: w.location })).rejects.toMatchObject({
      code: "forbidden",
    });
    const estimator = await ctxOf(w.company, { permissions: ["view_estimates", "edit_estimates"] });
    await expect(getSalesOrder(estimator, { id: order.id })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("orders placed from the store", () => {
  it("an order waiting in pending_validation is validated into pending; a pending order cannot be validated", async () => {
    const w = await salesWorld();
    const ctx = await ctxOf(w.company);
    const order = await createSalesOrder(ctx, { customer_id: w.customer.id, location_id: w.location, lines: [] });
    await expect(validateSalesOrder(ctx, { id: order.id })).rejects.toMatchObject({ code: "status_move_not_allowed" });
    await w.db.update(t.salesDocuments).set({ status: "pending_validation" }).where(eq(t.salesDocuments.id, order.id));
    expect((await validateSalesOrder(ctx, { id: order.id })).status).toBe("pending");
  });
});
