import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { cancelSalesOrder } from "../../worker/domain/sales/cancel-sales-order";
import { deliverShippingOrder } from "../../worker/domain/sales/deliver-shipping-order";
import { DomainError } from "../../worker/domain/shared/domain-error";
import { ctxOf } from "../support/factories";
import { api, orderFor, pricedVariant, salesWorld, stockLevel, type SalesWorld } from "./sales-fixtures";
import { assertStockHolds } from "./sales-invariants";

const t = tenantSchema;
const UNIT = 10_000_000;
const ROUNDS = 50;
const STOCK = 1000;

async function world() {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "10");
  const entry = await api(w.token, "POST", "/stock-entries", {
    location_id: w.location,
    lines: [{ variant_id: mug.id, quantity: String(STOCK) }],
  });
  expect(entry.status).toBe(201);
  return { ...w, mug };
}

/** A sales order of 4 mugs with two shipping orders of 2 each; `shipped` of them shipped already. */
async function orderWithShipments(w: SalesWorld & { mug: { id: number } }, shipped: number) {
  const order = await orderFor(w, w.mug.id, "4");
  expect(order.status).toBe(201);
  const line = order.body.lines[0].id;
  const shipments: number[] = [];
  for (let i = 0; i < 2; i++) {
    const made = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: line, quantity: "2" }],
    });
    expect(made.status).toBe(201);
    shipments.push(made.body.id);
  }
  for (const id of shipments.slice(0, shipped)) expect((await api(w.token, "POST", `/shipping-orders/${id}/ship`)).status).toBe(200);
  return { orderId: order.body.id as number, shipments };
}

const num = (value: unknown) => Number(value ?? 0);

describe("document cascades", () => {
  it(`${ROUNDS} rounds of cancelling a sales order while its shipping orders are shipped and delivered: stock always equals its ledger, no cancelled document keeps shipped goods`, async () => {
    const w = await world();
    const outcomes = new Map<string, number>();
    for (let round = 1; round <= ROUNDS; round++) {
      // Odd rounds race two shipments still to ship; even rounds one already shipped (its delivery races the cancel).
      const { orderId, shipments } = await orderWithShipments(w, round % 2);
      const [first, second] = shipments as [number, number];
      // The moves start together or a little after the cancel, so that each side wins some rounds (no timing is asserted).
      const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const lag = (round % 5) * 4;
      const answers = await Promise.all([
        api(w.token, "POST", `/sales-orders/${orderId}/cancel`),
        after(lag).then(() => api(w.token, "POST", `/shipping-orders/${second}/ship`)),
        after(lag).then(() => api(w.token, "POST", `/shipping-orders/${first}/deliver`)),
      ]);
      for (const a of answers) {
        expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
        if (a.status === 409) expect(["conflict", "status_move_not_allowed"]).toContain(a.body.error.code);
      }
      const key = answers.map((a) => a.status).join("/");
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      await assertStockHolds(w.db, w.mug.id, w.location, round);
      // The cancel that lost the race is made again: it must now take everything back.
      if (answers[0]!.status !== 200) expect((await api(w.token, "POST", `/sales-orders/${orderId}/cancel`)).status).toBe(200);
      await assertStockHolds(w.db, w.mug.id, w.location, round);
    }
    // Every order ends cancelled: all the goods are back and nothing is reserved.
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: STOCK, committed: 0 });
    console.info(`cancel/ship/deliver outcomes over ${ROUNDS} rounds:`, Object.fromEntries(outcomes));
  }, 600_000);

  it("a cancel whose claim is lost halfway (a shipping order changed meanwhile) fails with conflict and writes nothing", async () => {
    const w = await world();
    const { orderId, shipments } = await orderWithShipments(w, 2);
    const [first, second] = shipments as [number, number];
    const before = await stockLevel(w.db, w.mug.id, w.location);
    const [logsBefore] = await w.db.all<{ n: number }>(sql`select count(*) as n from inventory_logs`);
    const ctx = await ctxOf(w.company);
    // Another user delivers the second shipment after the cancel has read the tree, just before it writes.
    let interleaved = false;
    const db = new Proxy(w.db, {
      get(target, prop, receiver) {
        if (prop !== "batch" || interleaved) return Reflect.get(target, prop, receiver);
        return async (...args: Parameters<TenantDb["batch"]>) => {
          interleaved = true;
          await deliverShippingOrder(ctx, { id: second });
          return target.batch(...args);
        };
      },
    });
    const cancelled = cancelSalesOrder({ ...ctx, db }, { id: orderId });
    await expect(cancelled).rejects.toBeInstanceOf(DomainError);
    await expect(cancelled).rejects.toMatchObject({ code: "conflict" });
    expect(interleaved).toBe(true);
    const statusOf = async (id: number) =>
      (await w.db.select({ status: t.salesDocuments.status }).from(t.salesDocuments).where(eq(t.salesDocuments.id, id)))[0]!.status;
    expect([await statusOf(orderId), await statusOf(first), await statusOf(second)]).toEqual(["in_progress", "shipped", "delivered"]);
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual(before);
    const [logsAfter] = await w.db.all<{ n: number }>(sql`select count(*) as n from inventory_logs`);
    expect(num(logsAfter!.n)).toBe(num(logsBefore!.n));
    await assertStockHolds(w.db, w.mug.id, w.location, 0);
    // Read again, the cancel goes through and brings back both shipments' goods.
    expect((await cancelSalesOrder(ctx, { id: orderId })).status).toBe("cancelled");
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: STOCK, committed: 0 });
  });

  it("delivering a shipping order not yet shipped ships it in the same batch: the goods leave through the ledger", async () => {
    const w = await world();
    const { orderId, shipments } = await orderWithShipments(w, 0);
    const delivered = await api(w.token, "POST", `/shipping-orders/${shipments[0]}/deliver`);
    expect([delivered.status, delivered.body.status]).toEqual([200, "delivered"]);
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: STOCK - 2, committed: 2 });
    const logs = await w.db
      .select({ change: t.inventoryLogs.change })
      .from(t.inventoryLogs)
      .where(and(eq(t.inventoryLogs.documentType, "shipping_order"), eq(t.inventoryLogs.documentId, shipments[0]!)));
    expect(logs).toEqual([{ change: -2 * UNIT }]);
    const order = await api(w.token, "GET", `/sales-orders/${orderId}`);
    expect([order.body.status, order.body.shipping_status]).toEqual(["in_progress", "partially_delivered"]);
    // Prepared first, the same: delivering from in_preparation also ships.
    expect((await api(w.token, "POST", `/shipping-orders/${shipments[1]}/prepare`)).status).toBe(200);
    expect((await api(w.token, "POST", `/shipping-orders/${shipments[1]}/deliver`)).body.status).toBe("delivered");
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: STOCK - 4, committed: 0 });
  });

  it("a shipping order whose sales order was cancelled cannot ship, even when the cancel left it behind", async () => {
    const w = await world();
    const { orderId, shipments } = await orderWithShipments(w, 0);
    expect((await api(w.token, "POST", `/sales-orders/${orderId}/cancel`)).status).toBe(200);
    // As a write outside the cascade would leave it: the order cancelled, one shipment still open.
    await w.db.update(t.salesDocuments).set({ status: "make_the_shipment" }).where(eq(t.salesDocuments.id, shipments[0]!));
    for (const move of ["ship", "deliver"]) {
      const refused = await api(w.token, "POST", `/shipping-orders/${shipments[0]}/${move}`);
      expect([refused.status, refused.body.error?.code ?? refused.body.status]).toEqual([409, "status_move_not_allowed"]);
    }
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: STOCK, committed: 0 });
  });

  it("deleting an estimate deletes its orders and their shipping orders in one batch: shipped goods come back, nothing stays reserved", async () => {
    const w = await world();
    const estimate = await api(w.token, "POST", "/estimates", {
      customer_id: w.customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.mug.id, quantity: "4" }],
    });
    const order = await api(w.token, "POST", `/estimates/${estimate.body.id}/transform`);
    const line = order.body.lines[0].id;
    const shipped = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: line, quantity: "1" }],
    });
    await api(w.token, "POST", `/shipping-orders/${shipped.body.id}/ship`);
    const open = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: line, quantity: "1" }],
    });
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: STOCK - 1, committed: 3 });
    const deleted = await api(w.token, "DELETE", `/estimates/${estimate.body.id}?acknowledge=cascade,inventory,irreversible`);
    expect(deleted.status).toBe(204);
    for (const [path, id] of [
      ["sales-orders", order.body.id],
      ["shipping-orders", shipped.body.id],
      ["shipping-orders", open.body.id],
    ])
      expect((await api(w.token, "GET", `/${path}/${id}`)).status).toBe(404);
    expect(await stockLevel(w.db, w.mug.id, w.location)).toEqual({ onHand: STOCK, committed: 0 });
    await assertStockHolds(w.db, w.mug.id, w.location, 0);
  });
});
