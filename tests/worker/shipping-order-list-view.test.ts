import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { shippingOrderListView } from "../../worker/domain/sales/list-shipping-orders";
import { dbServerStats } from "../support/db-server-stats";
import { ctxOf } from "../support/factories";
import { api, orderFor, pricedVariant, salesWorld, type SalesWorld } from "./sales-fixtures";

const server = (env as unknown as Record<string, string>).LOCAL_DB_URL!;

/** The round trips the company's database has served so far (this file's own database). */
async function served(w: SalesWorld): Promise<number> {
  return (await dbServerStats(server)).pipelines[w.company.company.databaseName] ?? 0;
}

/** Two sales orders of 10 mugs in stock; the first shipped in two parts, the second in one. */
async function world() {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "10");
  expect(
    (await api(w.token, "POST", "/stock-entries", { location_id: w.location, lines: [{ variant_id: mug.id, quantity: "10" }] })).status,
  ).toBe(201);
  const first = (await orderFor(w, mug.id, "3")).body;
  const second = (await orderFor(w, mug.id, "1")).body;
  const ship = async (order: { id: number; lines: { id: number }[] }, quantity: string) => {
    const answer = await api(w.token, "POST", "/shipping-orders", {
      sales_order_id: order.id,
      lines: [{ line_id: order.lines[0]!.id, quantity }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: number; number: string };
  };
  const shipments = [await ship(first, "1"), await ship(first, "2"), await ship(second, "1")];
  return { ...w, first, second, shipments };
}

describe("the shipping order list page's one view", () => {
  it("gives each shipping order with the sales order it ships, in one round trip (the count with it), filtered, searched and sorted as the list", async () => {
    const w = await world();
    const ctx = await ctxOf(w.company);
    const before = await served(w);
    const page = await shippingOrderListView(ctx, { total_count: "true" });
    expect(await served(w)).toBe(before + 1);
    expect(page.totalCount).toBe(3);
    expect(page.items.map((d) => [d.id, d.sales_order])).toEqual([
      [w.shipments[2]!.id, { id: w.second.id, number: w.second.number }],
      [w.shipments[1]!.id, { id: w.first.id, number: w.first.number }],
      [w.shipments[0]!.id, { id: w.first.id, number: w.first.number }],
    ]);
    // The list's own filters, search and sort still name the shipping orders' columns, not the joined order's.
    const ofFirst = await shippingOrderListView(ctx, { created_from_id: String(w.first.id), sort: "number" });
    expect(ofFirst.items.map((d) => d.number)).toEqual([w.shipments[0]!.number, w.shipments[1]!.number]);
    const searched = await shippingOrderListView(ctx, { search: w.shipments[2]!.number });
    expect(searched.items.map((d) => [d.number, d.sales_order?.number])).toEqual([[w.shipments[2]!.number, w.second.number]]);
    // Searching for the order's number finds no shipping order: the search is on the shipping order's own number.
    expect((await shippingOrderListView(ctx, { search: w.first.number })).items).toEqual([]);
  });

  it("a user who may see shipping orders but not sales orders gets the same rows with no order", async () => {
    const w = await world();
    const ctx = await ctxOf(w.company, { permissions: ["view_shipping_orders"] });
    const page = await shippingOrderListView(ctx, {});
    expect(page.items.map((d) => [d.id, d.created_from_id, d.sales_order])).toEqual([
      [w.shipments[2]!.id, w.second.id, null],
      [w.shipments[1]!.id, w.first.id, null],
      [w.shipments[0]!.id, w.first.id, null],
    ]);
    await expect(shippingOrderListView(await ctxOf(w.company, { permissions: ["view_sales_orders"] }), {})).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
