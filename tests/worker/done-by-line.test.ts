import { describe, expect, it } from "vitest";
import { DONE_BY_LINE_RULES, doneByLine, type DoneRule } from "../../worker/domain/documents/done-by-line";
import { api, pricedVariant, salesWorld } from "./sales-fixtures";

const UNIT = 10_000_000;

/** An order of two lines (4 mugs, 3 cups), one shipment of 3 mugs and one of 1 mug and 2 cups. */
async function world() {
  const w = await salesWorld();
  const mug = await pricedVariant(w.db, w.level, "10");
  const cup = await pricedVariant(w.db, w.level, "5");
  await api(w.token, "POST", "/stock-entries", {
    location_id: w.location,
    lines: [
      { variant_id: mug.id, quantity: "10" },
      { variant_id: cup.id, quantity: "10" },
    ],
  });
  const order = await api(w.token, "POST", "/sales-orders", {
    customer_id: w.customer.id,
    location_id: w.location,
    lines: [
      { variant_id: mug.id, quantity: "4" },
      { variant_id: cup.id, quantity: "3" },
    ],
  });
  expect(order.status).toBe(201);
  const [mugLine, cupLine] = order.body.lines as { id: number }[];
  const ship = (lines: { line_id: number; quantity: string }[]) =>
    api(w.token, "POST", "/shipping-orders", { sales_order_id: order.body.id, lines });
  const first = await ship([{ line_id: mugLine!.id, quantity: "3" }]);
  const second = await ship([
    { line_id: mugLine!.id, quantity: "1" },
    { line_id: cupLine!.id, quantity: "2" },
  ]);
  expect([first.status, second.status]).toEqual([201, 201]);
  const lines = { mug: { id: mugLine!.id, quantity: 4 * UNIT }, cup: { id: cupLine!.id, quantity: 3 * UNIT } };
  return { w, order: order.body as { id: number }, first: first.body as { id: number }, second: second.body as { id: number }, lines };
}

describe("done so far by line: what a source document's children did of each of its lines", () => {
  it("sums the shipments of each order line and gives what remains to ship; a cancelled shipment counts for nothing", async () => {
    const { w, order, second, lines } = await world();
    const done = await doneByLine(w.db, order.id);
    expect([done.done("ship", lines.mug.id), done.done("ship", lines.cup.id)]).toEqual([4 * UNIT, 2 * UNIT]);
    expect([done.remaining("ship", lines.mug), done.remaining("ship", lines.cup)]).toEqual([0, 1 * UNIT]);
    // Nothing invoiced, returned or received yet: all of each line remains for those.
    expect(done.remaining("invoice", lines.mug)).toBe(4 * UNIT);
    expect(done.done("return", lines.cup.id)).toBe(0);

    expect((await api(w.token, "POST", `/shipping-orders/${second.id}/cancel`)).body.status).toBe("cancelled");
    const after = await doneByLine(w.db, order.id);
    expect([after.remaining("ship", lines.mug), after.remaining("ship", lines.cup)]).toEqual([1 * UNIT, 3 * UNIT]);
    // The order's page and the next shipment read the same figures.
    const read = await api(w.token, "GET", `/sales-orders/${order.id}`);
    expect(read.body.lines.map((l: { remaining_to_ship: string }) => l.remaining_to_ship)).toEqual(["1.0000000", "3.0000000"]);
    const rest = await api(w.token, "POST", "/shipping-orders", { sales_order_id: order.id });
    expect(rest.body.lines.map((l: { quantity: string }) => l.quantity)).toEqual(["1.0000000", "3.0000000"]);
  });

  it("counts what its rules say, as data: a child type, the progress it makes and the statuses that do not count", async () => {
    const { w, order, second, lines } = await world();
    await api(w.token, "POST", `/shipping-orders/${second.id}/cancel`);
    expect(DONE_BY_LINE_RULES).toContainEqual({ progress: "ship", child: "shipping_order", countsUnless: ["cancelled"] });
    // Rules that count every shipment, cancelled or not, as invoiced: the figures follow the rows.
    const everything: DoneRule[] = [{ progress: "invoice", child: "shipping_order", countsUnless: [] }];
    const counted = await doneByLine(w.db, order.id, everything);
    expect([counted.done("invoice", lines.mug.id), counted.done("invoice", lines.cup.id)]).toEqual([4 * UNIT, 2 * UNIT]);
    expect(counted.done("ship", lines.mug.id)).toBe(0);
    // A child type no rule names, or no rule at all: nothing done.
    expect(
      (await doneByLine(w.db, order.id, [{ progress: "return", child: "product_return", countsUnless: [] }])).done("return", lines.mug.id),
    ).toBe(0);
    expect((await doneByLine(w.db, order.id, [])).remaining("ship", lines.cup)).toBe(3 * UNIT);
  });
});
