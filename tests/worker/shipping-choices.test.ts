import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { listShippingOrders } from "../../worker/domain/sales/list-shipping-orders";
import { shippingChoices } from "../../worker/domain/sales/shipping-choices";
import { ctxOf } from "../support/factories";
import { api, orderFor, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;

describe("what a sales order may still ship", () => {
  it("lists each line with its remaining quantity, and for a batch-tracked variant the location's batches that have not expired", async () => {
    const w = await salesWorld();
    const mug = await pricedVariant(w.db, w.level, "10");
    const cheese = await pricedVariant(w.db, w.level, "5", [], { batchTracked: true });
    const [fresh, old] = await w.db
      .insert(t.batches)
      .values([
        { variantId: cheese.id, number: "LOT-FRESH", expirationDate: "2999-01-01" },
        { variantId: cheese.id, number: "LOT-OLD", expirationDate: "2999-01-01" },
      ])
      .returning({ id: t.batches.id });
    await api(w.token, "POST", "/stock-entries", {
      location_id: w.location,
      lines: [
        { variant_id: mug.id, quantity: "10" },
        { variant_id: cheese.id, batch_id: fresh!.id, quantity: "5" },
        { variant_id: cheese.id, batch_id: old!.id, quantity: "5" },
      ],
    });
    // Received before it expired.
    await w.db.update(t.batches).set({ expirationDate: "2000-01-01" }).where(eq(t.batches.id, old!.id));
    const order = await orderFor(w, mug.id, "4", {
      lines: [
        { variant_id: mug.id, quantity: "4" },
        { variant_id: cheese.id, quantity: "2" },
      ],
    });
    const [mugLine, cheeseLine] = order.body.lines;
    await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id, lines: [{ line_id: mugLine.id, quantity: "1" }] });
    const ctx = await ctxOf(w.company);

    const choices = await shippingChoices(ctx, { id: order.body.id });

    expect(choices.shippable).toBe(true);
    expect(choices.lines.map((l) => [l.line_id, l.remaining_to_ship, l.batches])).toEqual([
      [mugLine.id, "3.0000000", null],
      [cheeseLine.id, "2.0000000", [{ id: fresh!.id, number: "LOT-FRESH", expiration_date: "2999-01-01", quantity: "5.0000000" }]],
    ]);
  });

  it("an order fully shipped has nothing left to ship, and its shipping orders are listed by the order they came from", async () => {
    const w = await salesWorld();
    const mug = await pricedVariant(w.db, w.level, "10");
    const order = await orderFor(w, mug.id, "2");
    const other = await orderFor(w, mug.id, "1");
    const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
    await api(w.token, "POST", "/shipping-orders", { sales_order_id: other.body.id });
    const ctx = await ctxOf(w.company);

    expect(await shippingChoices(ctx, { id: order.body.id })).toEqual({ shippable: false, lines: [] });
    const listed = await listShippingOrders(ctx, { created_from_id: String(order.body.id) });
    expect(listed.items.map((s) => s.id)).toEqual([shipment.body.id]);
  });

  it("a user without edit_shipping_orders is refused", async () => {
    const w = await salesWorld();
    const mug = await pricedVariant(w.db, w.level, "10");
    const order = await orderFor(w, mug.id, "2");
    const ctx = await ctxOf(w.company, { permissions: ["view_sales_orders"] });
    await expect(shippingChoices(ctx, { id: order.body.id })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("a shipping order's lines", () => {
  it("name the batch each line ships from and how much of it", async () => {
    const w = await salesWorld();
    const cheese = await pricedVariant(w.db, w.level, "5", [], { batchTracked: true });
    const [lot] = await w.db
      .insert(t.batches)
      .values({ variantId: cheese.id, number: "LOT-A", expirationDate: "2999-01-01" })
      .returning({ id: t.batches.id });
    await api(w.token, "POST", "/stock-entries", {
      location_id: w.location,
      lines: [{ variant_id: cheese.id, batch_id: lot!.id, quantity: "5" }],
    });
    const order = await orderFor(w, cheese.id, "3");
    const shipment = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.body.id,
      lines: [{ line_id: order.body.lines[0].id, quantity: "3", batch_id: lot!.id }],
    });
    expect(shipment.body.lines.map((l: { batches: unknown }) => l.batches)).toEqual([
      [{ batch_id: lot!.id, number: "LOT-A", quantity: "3.0000000" }],
    ]);
    expect(order.body.lines[0].batches).toBeNull();
  });
});

describe("the inventory log of a shipment", () => {
  it("names the shipping order that took the goods out by its number", async () => {
    const w = await salesWorld();
    const mug = await pricedVariant(w.db, w.level, "10");
    await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: mug.id, quantity: "5" }] });
    const order = await orderFor(w, mug.id, "2");
    const shipment = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id });
    await api(w.token, "POST", `/shipping-orders/${shipment.body.id}/ship`);
    const logs = await api(w.token, "GET", `/inventory-logs?variant_id=${mug.id}`);
    expect(
      logs.body.items.map((l: { document_type: string; document_number: string; change: string }) => [
        l.document_type,
        l.document_number,
        l.change,
      ]),
    ).toEqual([
      ["shipping_order", shipment.body.number, "-2.0000000"],
      ["entry", expect.stringMatching(/^\S+$/), "5.0000000"],
    ]);
  });
});
