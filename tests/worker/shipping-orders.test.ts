import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { makeVariant } from "../support/isolation/stock";
import { api, fieldCodes, orderFor, pricedVariant, salesWorld, stockLevel } from "./sales-fixtures";

const t = tenantSchema;
const UNIT = 10_000_000;
const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

async function world(units: number) {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "10");
  if (units)
    await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: mug.id, quantity: String(units) }] });
  const order = (quantity: string) => orderFor(w, mug.id, quantity);
  return { ...w, mug, order };
}

describe("shipping orders", () => {
  it("a shipping order takes what remains to ship of its sales order, numbered EXP-; nothing leaves until shipped", async () => {
    const w = await world(10);
    const order = await w.order("4");
    const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
    expect(shipment.status).toBe(201);
    expect(shipment.body).toMatchObject({
      number: "EXP-000001",
      status: "make_the_shipment",
      created_from_id: order.body.id,
      total_units: "4.0000000",
    });
    expect(shipment.body.lines.map((l: { quantity: string }) => l.quantity)).toEqual(["4.0000000"]);
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: 10, committed: 4 });
    const again = await api(w.token, "GET", `/sales-orders/${order.body.id}`);
    expect(again.body.lines[0].remaining_to_ship).toBe("0.0000000");
  });

  it("chosen lines ship at most what remains to ship: more_than_remaining names the line", async () => {
    const w = await world(10);
    const order = await w.order("4");
    const line = order.body.lines[0].id;
    expect(
      (await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id, lines: [{ line_id: line, quantity: "3" }] })).status,
    ).toBe(201);
    const over = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: line, quantity: "2" }],
    });
    expect([over.status, fieldCodes(over)]).toEqual([422, { "lines.0.quantity": "more_than_remaining" }]);
    expect(over.body.error.fields["lines.0.quantity"].params).toEqual({ remaining: "1.0000000" });
    const unknown = await api(w.token, "POST", "/shipping-orders", { sales_order_id: 999_999 });
    expect([unknown.status, fieldCodes(unknown)]).toEqual([422, { sales_order_id: "unknown_sales_order" }]);
  });

  it("shipping takes the goods out of stock through the ledger and out of the order's reservation", async () => {
    const w = await world(10);
    const order = await w.order("4");
    const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
    const shipped = await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/ship`);
    expect(shipped.body.status).toBe("shipped");
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: 6, committed: 0 });
    const logs = await w.db
      .select({ change: t.inventoryLogs.change, type: t.inventoryLogs.documentType })
      .from(t.inventoryLogs)
      .where(and(eq(t.inventoryLogs.variantId, w.mug.id), eq(t.inventoryLogs.documentId, shipment.body.id)));
    expect(logs).toEqual([{ change: -4 * UNIT, type: "shipping_order" }]);
    expect((await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/deliver`)).body.status).toBe("delivered");
  });

  it("a shipping order is prepared and made ready before it ships, moves back while not shipped, and moves no stock until shipped", async () => {
    const w = await world(10);
    const order = await w.order("4");
    const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
    const move = async (name: string) => api(w.token, "POST", `/shipping-orders/${shipment.body.id}/${name}`);
    expect((await move("prepare")).body.status).toBe("in_preparation");
    expect((await move("ready")).body.status).toBe("ready_to_ship");
    expect((await move("prepare")).body.status).toBe("in_preparation");
    expect((await move("ready")).body.status).toBe("ready_to_ship");
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: 10, committed: 4 });
    expect((await move("ship")).body.status).toBe("shipped");
    const back = await move("prepare");
    expect(back.status).toBe(409);
    expect(back.body.error.code).toBe("status_move_not_allowed");
    expect((await move("ready")).status).toBe(409);
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: 6, committed: 0 });
  });

  it("cancelling a shipped shipping order brings the goods back into stock and into the order's reservation", async () => {
    const w = await world(10);
    const order = await w.order("4");
    const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
    await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/ship`);
    expect((await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/cancel`)).body.status).toBe("cancelled");
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: 10, committed: 4 });
    // What it shipped can be shipped again.
    expect((await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id })).body.total_units).toBe("4.0000000");
  });

  it("cancelling a sales order cancels its shipping orders: shipped goods come back, nothing stays reserved", async () => {
    const w = await world(10);
    const order = await w.order("4");
    const line = order.body.lines[0].id;
    const first = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: line, quantity: "3" }],
    });
    await api(w.token, "POST", `/shipping-orders/${first.body.id}/ship`);
    const second = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: 7, committed: 1 });
    expect((await api(w.token, "POST", `/sales-orders/${order.body.id}/cancel`)).body.status).toBe("cancelled");
    expect((await api(w.token, "GET", `/shipping-orders/${first.body.id}`)).body.status).toBe("cancelled");
    expect((await api(w.token, "GET", `/shipping-orders/${second.body.id}`)).body.status).toBe("cancelled");
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: 10, committed: 0 });
  });

  it("deleting an estimate deletes its order and the order's shipping orders, reversing the stock they moved", async () => {
    const w = await world(10);
    const estimate = await api(w.token, "POST", "/estimates", {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "4" }],
    });
    const order = await api(w.token, "POST", `/estimates/${estimate.body.id}/transform`);
    const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
    await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/ship`);
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: 6, committed: 0 });
    expect((await api(w.token, "DELETE", `/estimates/${estimate.body.id}?acknowledge=cascade,inventory,irreversible`)).status).toBe(204);
    expect((await api(w.token, "GET", `/shipping-orders/${shipment.body.id}`)).status).toBe(404);
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: 10, committed: 0 });
  });

  it("a drop-shipped order ships without taking stock from the location", async () => {
    const w = await world(10);
    const order = await orderFor(w, w.mug.id, "4", { delivery_type: "drop_shipping" });
    const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
    expect((await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/ship`)).body.status).toBe("shipped");
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: 10, committed: 0 });
  });

  it("the order follows its shipments: partially_delivered and in_progress, then delivered; back to pending when they are cancelled", async () => {
    const w = await world(10);
    const order = await w.order("4");
    const line = order.body.lines[0].id;
    const ship = async (quantity: string) => {
      const shipment = await api(w.token, "POST", "/shipping-orders", {
        sales_order_id: order.body.id,
        lines: [{ line_id: line, quantity }],
      });
      await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/ship`);
      return shipment.body.id as number;
    };
    const statuses = async () => {
      const { body } = await api(w.token, "GET", `/sales-orders/${order.body.id}`);
      return [body.status, body.shipping_status];
    };
    const first = await ship("1");
    expect(await statuses()).toEqual(["in_progress", "partially_delivered"]);
    const second = await ship("3");
    expect(await statuses()).toEqual(["in_progress", "delivered"]);
    await api(w.token, "POST", `/shipping-orders/${second}/cancel`);
    await api(w.token, "POST", `/shipping-orders/${first}/cancel`);
    expect(await statuses()).toEqual(["pending", "not_delivered"]);
  });

  it("a batch-tracked variant ships from the batch chosen, not expired: the batch's stock goes down with the level", async () => {
    const w = await world(0);
    const cheese = await makeVariant(w.db, { batchTracked: true });
    const [eur] = await w.db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
    await w.db.insert(t.prices).values({ variantId: cheese.id, priceLevelId: w.level, currencyId: eur!.id, amount: 50_000 });
    const [fresh, old] = await w.db
      .insert(t.batches)
      .values([
        { variantId: cheese.id, number: "LOT-FRESH", expirationDate: "2999-01-01" },
        { variantId: cheese.id, number: "LOT-OLD", expirationDate: "2000-01-01" },
      ])
      .returning({ id: t.batches.id });
    await api(w.token, "POST", "/stock-entries", {
      location_id: w.location,
      lines: [{ variant_id: cheese.id, batch_id: fresh!.id, quantity: "5" }],
    });
    const order = await orderFor(w, cheese.id, "3");
    const line = order.body.lines[0].id;
    const refused = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [
        { line_id: line, quantity: "1" },
        { line_id: line, quantity: "1", batch_id: old!.id },
      ],
    });
    expect([refused.status, fieldCodes(refused)]).toEqual([
      422,
      { "lines.0.batch_id": "batch_required", "lines.1.batch_id": "batch_expired" },
    ]);
    const shipment = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: line, quantity: "3", batch_id: fresh!.id }],
    });
    expect((await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/ship`)).status).toBe(200);
    expect(await stockLevel(w.db, cheese.id, w.location)).toEqual({ onHand: 2, committed: 0 });
    const [held] = await w.db.select({ quantity: t.batchStock.quantity }).from(t.batchStock).where(eq(t.batchStock.batchId, fresh!.id));
    expect(held!.quantity).toBe(2 * UNIT);
  });

  it("an order with shipping orders keeps its lines: other fields still change, new lines are refused (in_use)", async () => {
    const w = await world(10);
    const order = await w.order("4");
    await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: order.body.lines[0].id, quantity: "1" }],
    });
    const relabelled = await api(w.token, "PATCH", `/sales-orders/${order.body.id}`, { label: "Urgent", shipping_cost: "5" });
    expect([relabelled.status, relabelled.body.label, relabelled.body.total]).toEqual([200, "Urgent", "45.00"]);
    expect(relabelled.body.lines.map((l: { id: number; remaining_to_ship: string }) => [l.id, l.remaining_to_ship])).toEqual([
      [order.body.lines[0].id, "3.0000000"],
    ]);
    const relined = await api(w.token, "PATCH", `/sales-orders/${order.body.id}`, { lines: [{ variant_id: w.mug.id, quantity: "9" }] });
    expect([relined.status, relined.body.error.code, fieldCodes(relined)]).toEqual([409, "in_use", { lines: "in_use" }]);
  });

  it("a kit ships its components: stock leaves from the components", async () => {
    const w = await world(0);
    const kit = await pricedVariant(w.db, w.level, "25", [], { isKit: true });
    const part = await makeVariant(w.db);
    await w.db.insert(t.components).values({ parentVariantId: kit.id, componentVariantId: part.id, quantity: 2 * UNIT });
    await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: part.id, quantity: "10" }] });
    const order = await orderFor(w, kit.id, "3");
    const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
    expect(shipment.body.lines.map((l: { kind: string; quantity: string }) => [l.kind, l.quantity])).toEqual([
      ["kit", "3.0000000"],
      ["variant", "6.0000000"],
    ]);
    await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/ship`);
    expect(await stockLevel(w.db, part.id, w.location)).toEqual({ onHand: 4, committed: 0 });
  });

  it("200 shipments at once on scarce stock, negative stock forbidden: none takes stock below zero", async () => {
    const w = await world(0);
    await w.db.update(t.companySettings).set({ preventNegativeInventory: false });
    const orders = await Promise.all(range(200).map(() => w.order("1")));
    await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: w.mug.id, quantity: "50" }] });
    await w.db.update(t.companySettings).set({ preventNegativeInventory: true });
    const shipments = await Promise.all(orders.map((o) => api(w.token, "POST", "/shipping-orders", { sales_order_id: o.body.id })));
    const shipped = await Promise.all(shipments.map((s) => api(w.token, "POST", `/shipping-orders/${s.body.id}/ship`)));
    expect(shipped.filter((s) => s.status === 200)).toHaveLength(50);
    expect(shipped.filter((s) => s.status === 422).map((s) => s.body.error.code)).toEqual(range(150).map(() => "insufficient_stock"));
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: 0, committed: 150 });
  }, 120_000); // two hundred shipments at once: the runner's 30 s is not enough on a loaded machine

  it("viewing asks view_shipping_orders and every change edit_shipping_orders", async () => {
    const w = await world(10);
    const order = await w.order("1");
    const { addUser } = await import("../support/factories");
    const viewer = await addUser(w.company.companyId, { permissions: ["view_shipping_orders"] });
    expect((await api(viewer.token, "GET", "/shipping-orders")).status).toBe(200);
    expect((await api(viewer.token, "POST", "/shipping-orders", { sales_order_id: order.body.id })).status).toBe(403);
  });
});
