import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import * as backorderPage from "../../app/routes/inventory/backorder";
import * as backorderConfirmation from "../../app/routes/inventory/backorder-confirmation";
import * as reorderPage from "../../app/routes/inventory/reorder";
import { addUser, makeCompany } from "../support/factories";
import { callApiJson } from "../support/fetch-app";
import { makeCustomer } from "../support/isolation/sales";
import { pageContext } from "../support/page-context";
import { availableUnits, backorderUnits, backorderUnitsSql, reorderUnits, reorderUnitsSql } from "../../worker/domain/stock/availability";
import { firstLocation, makeLocation, makeVariant } from "../support/isolation/stock";

const t = tenantSchema;
const U = 10_000_000;

/** Sets a level's reorder point, making the level when there is none. */
async function reorderPoint(db: TenantDb, variantId: number, locationId: number, units: number) {
  await db
    .insert(t.stockLevels)
    .values({ variantId, locationId, reorderPoint: units * U })
    .onConflictDoUpdate({ target: [t.stockLevels.variantId, t.stockLevels.locationId], set: { reorderPoint: units * U } });
}

async function incoming(db: TenantDb, variantId: number, locationId: number) {
  const [row] = await db
    .select({ incoming: t.stockLevels.incoming })
    .from(t.stockLevels)
    .where(and(eq(t.stockLevels.variantId, variantId), eq(t.stockLevels.locationId, locationId)));
  return Number(row?.incoming ?? 0) / U;
}

/**
 * A company with two locations and two suppliers: at the first location x holds 2 of a point of
 * 10, y none of 5 with 3 on order from the second supplier, z 4 of 4 (not under it), w none of 10
 * with 10 on order; at the second location x none of 6. x is bought from the first supplier.
 */
async function world() {
  const company = await makeCompany();
  const { db, token } = company;
  const a = await firstLocation(db);
  const b = await makeLocation(db, { label: "Annexe" });
  const [s1] = await db.insert(t.suppliers).values({ name: "Acme Supply" }).returning();
  const [s2] = await db.insert(t.suppliers).values({ name: "Bolt & Co" }).returning();
  const x = await makeVariant(db);
  const y = await makeVariant(db);
  const z = await makeVariant(db);
  const w = await makeVariant(db);
  await db.update(t.variants).set({ supplierId: s1!.id }).where(eq(t.variants.id, x.id));
  const entry = await callApiJson("POST", "/stock-entries", token, {
    location_id: a,
    lines: [
      { variant_id: x.id, quantity: "2", unit_cost: "1" },
      { variant_id: z.id, quantity: "4", unit_cost: "1" },
    ],
  });
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  for (const [v, at, units] of [
    [x.id, a, 10],
    [y.id, a, 5],
    [z.id, a, 4],
    [w.id, a, 10],
    [x.id, b, 6],
  ] as const)
    await reorderPoint(db, v, at, units);
  const ordered = await callApiJson("POST", "/purchase-orders", token, {
    supplier_id: s2!.id,
    location_id: a,
    lines: [
      { variant_id: y.id, quantity: "3", price: "1" },
      { variant_id: w.id, quantity: "10", price: "1" },
    ],
  });
  expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
  return { company, db, token, a, b, s1: s1!, s2: s2!, x, y, z, w, ordered: ordered.body };
}

/** Each field named by a refusal, with its code. */
const codes = (fields: Record<string, { code: string }>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.code]));

type Row = { variant_id: number; location_id: number; suggested_quantity: string; available: string; incoming: string; supplier: unknown };

describe("reorder", () => {
  it("orders what the SQL and the pure functions agree on, for any level, negative on hand included", async () => {
    const { db } = await makeCompany();
    const figure = (max: number) => fc.oneof(fc.constant(0), fc.integer({ min: 0, max }));
    const level = fc.record({
      onHand: fc.integer({ min: -2_000_000_000_000, max: 2_000_000_000_000 }),
      committed: figure(2_000_000_000_000),
      incoming: figure(2_000_000_000_000),
      reorderPoint: figure(4_000_000_000_000),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(level, { minLength: 1, maxLength: 8 }), async (levels) => {
        const rows = sql.join(
          levels.map((l) => sql`(${BigInt(l.onHand)}, ${BigInt(l.committed)}, ${BigInt(l.incoming)}, ${BigInt(l.reorderPoint)})`),
          sql`, `,
        );
        const columns = {
          onHand: sql`l.on_hand`,
          committed: sql`l.committed`,
          incoming: sql`l.incoming`,
          reorderPoint: sql`l.reorder_point`,
        };
        const read = await db.all<{ reorder: number; backorder: number }>(
          sql`with l(on_hand, committed, incoming, reorder_point) as (values ${rows})
            select ${reorderUnitsSql(columns)} as reorder, ${backorderUnitsSql(columns)} as backorder from l`,
        );
        expect(read.map((r) => [Number(r.reorder), Number(r.backorder)])).toEqual(
          levels.map((l) => [reorderUnits(availableUnits(l), l.incoming, l.reorderPoint), backorderUnits(l)]),
        );
      }),
      { numRuns: 60 },
    );
  });

  it("lists the levels whose available plus incoming is under the reorder point, with reorder point − (available + incoming) and the default supplier", async () => {
    const w = await world();
    const here = await callApiJson("GET", `/reorder?location_id=${w.a}`, w.token);
    expect(here.status, JSON.stringify(here.body)).toBe(200);
    expect(here.body.items.map((r: Row) => [r.variant_id, r.suggested_quantity, r.available, r.incoming, r.supplier])).toEqual([
      [w.x.id, "8.0000000", "2.0000000", "0.0000000", { id: w.s1.id, label: "Acme Supply" }],
      // y: no supplier of its own, last ordered from Bolt & Co.
      [w.y.id, "2.0000000", "0.0000000", "3.0000000", { id: w.s2.id, label: "Bolt & Co" }],
    ]);
    expect(here.body.next).toBeNull();

    // Every location, by location then variant, a page at a time.
    const first = await callApiJson("GET", "/reorder?page_size=2", w.token);
    expect(first.body.items.map((r: Row) => [r.variant_id, r.location_id])).toEqual([
      [w.x.id, w.a],
      [w.y.id, w.a],
    ]);
    expect(first.body.next).toBe(`${w.a}-${w.y.id}`);
    const second = await callApiJson("GET", `/reorder?page_size=2&after=${first.body.next}`, w.token);
    expect(second.body.items.map((r: Row) => [r.variant_id, r.location_id, r.suggested_quantity])).toEqual([[w.x.id, w.b, "6.0000000"]]);
    expect(second.body.next).toBeNull();
  });

  it("refuses lines of two locations with the spec's message, and orders a selection as one purchase order per supplier", async () => {
    const w = await world();
    const mixed = await callApiJson("POST", "/reorder", w.token, {
      location_id: w.a,
      lines: [
        { variant_id: w.x.id, location_id: w.a, quantity: "8", supplier_id: w.s1.id },
        { variant_id: w.x.id, location_id: w.b, quantity: "6", supplier_id: w.s1.id },
      ],
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.error).toMatchObject({
      code: "reorder_same_location",
      message: "Only products from the same location can be selected for reorder.",
      fields: { "lines.1.location_id": { code: "reorder_same_location" } },
    });
    expect(await incoming(w.db, w.x.id, w.a)).toBe(0);

    const made = await callApiJson("POST", "/reorder", w.token, {
      location_id: w.a,
      lines: [
        { variant_id: w.x.id, location_id: w.a, quantity: "8", supplier_id: w.s1.id },
        { variant_id: w.y.id, location_id: w.a, quantity: "2", supplier_id: w.s2.id },
        // Another line of the first supplier joins its order; a line of 0 is left out.
        { variant_id: w.z.id, location_id: w.a, quantity: "1", supplier_id: w.s1.id },
        { variant_id: w.w.id, location_id: w.a, quantity: "0", supplier_id: w.s2.id },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const orders = made.body.purchase_orders as {
      supplier_id: number;
      location_id: number;
      status: string;
      lines: { variant_id: number; units: string }[];
    }[];
    expect(orders.map((o) => [o.supplier_id, o.location_id, o.status, o.lines.map((l) => [l.variant_id, l.units])])).toEqual([
      [
        w.s1.id,
        w.a,
        "pending",
        [
          [w.x.id, "8.0000000"],
          [w.z.id, "1.0000000"],
        ],
      ],
      [w.s2.id, w.a, "pending", [[w.y.id, "2.0000000"]]],
    ]);
    expect(await incoming(w.db, w.x.id, w.a)).toBe(8);
    expect(await incoming(w.db, w.y.id, w.a)).toBe(5);
    // Ordered: nothing of the location is left to reorder.
    const after = await callApiJson("GET", `/reorder?location_id=${w.a}`, w.token);
    expect(after.body.items).toEqual([]);
    const nothing = await callApiJson("POST", "/reorder", w.token, { location_id: w.a });
    expect([nothing.status, nothing.body.error.code]).toEqual([422, "no_product_below_reorder_point"]);

    // Without lines: the whole location at its suggested quantities, from the default suppliers.
    const all = await callApiJson("POST", "/reorder", w.token, { location_id: w.b });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.purchase_orders.map((o: { supplier_id: number; total_units: string }) => [o.supplier_id, o.total_units])).toEqual([
      [w.s1.id, "6.0000000"],
    ]);
    expect(await incoming(w.db, w.x.id, w.b)).toBe(6);
  });

  it("refuses an empty selection, a line without supplier and bad input, each named", async () => {
    const w = await world();
    const empty = await callApiJson("POST", "/reorder", w.token, { location_id: w.a, lines: [] });
    expect([empty.status, empty.body.error.code]).toEqual([422, "no_product_for_purchase_order"]);
    const zeros = await callApiJson("POST", "/reorder", w.token, {
      location_id: w.a,
      lines: [{ variant_id: w.x.id, quantity: "0", supplier_id: w.s1.id }],
    });
    expect([zeros.status, zeros.body.error.code]).toEqual([422, "no_product_for_purchase_order"]);
    const noSupplier = await callApiJson("POST", "/reorder", w.token, { location_id: w.a, lines: [{ variant_id: w.x.id, quantity: "8" }] });
    expect(noSupplier.status).toBe(422);
    expect(codes(noSupplier.body.error.fields)).toEqual({ "lines.0.supplier_id": "no_supplier_selected" });
    const bad = await callApiJson("POST", "/reorder", w.token, {
      lines: [
        { variant_id: w.x.id, quantity: "a lot", supplier_id: w.s1.id },
        { variant_id: 999_999, quantity: "1", supplier_id: w.s1.id, colour: "red" },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({
      location_id: { code: "required" },
      "lines.0.quantity": { code: "invalid_number" },
      "lines.1.colour": { code: "unknown_field" },
    });
    const unknown = await callApiJson("POST", "/reorder", w.token, {
      location_id: w.a,
      lines: [{ variant_id: 999_999, quantity: "1", supplier_id: 999_999 }],
    });
    expect(codes(unknown.body.error.fields)).toEqual({
      "lines.0.variant_id": "unknown_variant",
      "lines.0.supplier_id": "unknown_supplier",
    });
    const page = await callApiJson("GET", "/reorder?page_size=0&after=x", w.token);
    expect(page.status).toBe(422);
    expect(page.body.error.fields).toMatchObject({ page_size: { code: "too_small" }, after: { code: "invalid" } });
  });

  it("is refused without the purchase order permissions", async () => {
    const w = await world();
    const viewer = await addUser(w.company.companyId, { permissions: ["view_purchase_orders"] });
    const nobody = await addUser(w.company.companyId, { permissions: [] });
    expect((await callApiJson("GET", "/reorder", viewer.token)).status).toBe(200);
    expect((await callApiJson("GET", "/backorder", viewer.token)).status).toBe(200);
    const write = await callApiJson("POST", "/reorder", viewer.token, {
      location_id: w.a,
      lines: [{ variant_id: w.x.id, quantity: "8", supplier_id: w.s1.id }],
    });
    expect([write.status, write.body.error.code]).toEqual([403, "forbidden"]);
    const place = await callApiJson("POST", "/backorder", viewer.token, {
      lines: [{ variant_id: w.x.id, location_id: w.a, quantity: "1", supplier_id: w.s1.id }],
    });
    expect(place.status).toBe(403);
    expect((await callApiJson("GET", "/reorder", nobody.token)).status).toBe(403);
    expect((await callApiJson("GET", "/backorder", nobody.token)).status).toBe(403);
    expect(await incoming(w.db, w.x.id, w.a)).toBe(0);
  });
});

describe("the backorder wizard", () => {
  /** Sales orders reserving v (6 of 1 held) and u (3 of none held) at the first location. */
  async function backorders() {
    const w = await world();
    const v = await makeVariant(w.db);
    const u = await makeVariant(w.db);
    const entry = await callApiJson("POST", "/stock-entries", w.token, {
      location_id: w.a,
      lines: [{ variant_id: v.id, quantity: "1", unit_cost: "1" }],
    });
    expect(entry.status).toBe(201);
    const customer = await makeCustomer(w.db);
    const sales = [];
    for (const lines of [
      [{ variant_id: v.id, quantity: "4", price: "10" }],
      [
        { variant_id: v.id, quantity: "2", price: "10" },
        { variant_id: u.id, quantity: "3", price: "10" },
      ],
    ]) {
      const order = await callApiJson("POST", "/sales-orders", w.token, { customer_id: customer.id, location_id: w.a, lines });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      sales.push(order.body as { id: number; number: string });
    }
    return { ...w, v, u, sales };
  }

  it("lists what open sales orders reserve beyond stock and incoming, per variant and location, with the orders concerned", async () => {
    const w = await backorders();
    const needs = await callApiJson("GET", "/backorder", w.token);
    expect(needs.status, JSON.stringify(needs.body)).toBe(200);
    const mine = (needs.body.items as { variant_id: number; quantity: string; sales_orders: { id: number; committed: string }[] }[]).filter(
      (i) => [w.v.id, w.u.id].includes(i.variant_id),
    );
    expect(mine.map((i) => [i.variant_id, i.quantity, i.sales_orders.map((s) => [s.id, s.committed])])).toEqual([
      [
        w.v.id,
        "5.0000000",
        [
          [w.sales[0]!.id, "4.0000000"],
          [w.sales[1]!.id, "2.0000000"],
        ],
      ],
      [w.u.id, "3.0000000", [[w.sales[1]!.id, "3.0000000"]]],
    ]);
    // The open order of the world (Bolt & Co, first location) is offered.
    expect(needs.body.open_orders).toEqual([expect.objectContaining({ id: w.ordered.id, supplier_id: w.s2.id, location_id: w.a })]);
  });

  it("adds to an open order of the supplier and location, makes a new one for another supplier, and answers both", async () => {
    const w = await backorders();
    const before = w.ordered as { id: number; lines: { lid: string; variant_id: number; units: string; price: string }[] };
    const placed = await callApiJson("POST", "/backorder", w.token, {
      lines: [
        { variant_id: w.v.id, location_id: w.a, quantity: "5", supplier_id: w.s2.id, purchase_order_id: before.id },
        // y is on that order already: its line gets 2 more rather than a second line.
        { variant_id: w.y.id, location_id: w.a, quantity: "2", supplier_id: w.s2.id, purchase_order_id: before.id },
        { variant_id: w.u.id, location_id: w.a, quantity: "3", supplier_id: w.s1.id },
      ],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [added, made] = placed.body.purchase_orders as {
      id: number;
      supplier_id: number;
      lines: { lid: string; variant_id: number; units: string; price: string }[];
    }[];
    expect(added!.id).toBe(before.id);
    expect(added!.lines.map((l) => [l.lid, l.variant_id, l.units, l.price])).toEqual([
      [before.lines[0]!.lid, w.y.id, "5.0000000", "1.0000"],
      [before.lines[1]!.lid, w.w.id, "10.0000000", "1.0000"],
      ["3", w.v.id, "5.0000000", "0.0000"],
    ]);
    expect(made!.id).not.toBe(before.id);
    expect([made!.supplier_id, made!.lines.map((l) => [l.variant_id, l.units])]).toEqual([w.s1.id, [[w.u.id, "3.0000000"]]]);
    expect(await incoming(w.db, w.v.id, w.a)).toBe(5);
    expect(await incoming(w.db, w.y.id, w.a)).toBe(5);
    expect(await incoming(w.db, w.u.id, w.a)).toBe(3);
    // Filled: nothing is left to order for them.
    const needs = await callApiJson("GET", "/backorder", w.token);
    expect(needs.body.items.filter((i: { variant_id: number }) => [w.v.id, w.u.id].includes(i.variant_id))).toEqual([]);
  });

  it("refuses a line without supplier, an order of another supplier, a closed order and an empty choice, each named", async () => {
    const w = await backorders();
    const refused = await callApiJson("POST", "/backorder", w.token, {
      lines: [
        { variant_id: w.v.id, location_id: w.a, quantity: "5" },
        { variant_id: w.u.id, location_id: w.a, quantity: "3", supplier_id: w.s1.id, purchase_order_id: w.ordered.id },
        { variant_id: w.u.id, location_id: w.b, quantity: "3", supplier_id: w.s2.id, purchase_order_id: w.ordered.id },
      ],
    });
    expect(refused.status).toBe(422);
    expect(codes(refused.body.error.fields)).toEqual({
      "lines.0.supplier_id": "no_supplier_selected",
      "lines.1.purchase_order_id": "unknown_purchase_order",
      "lines.2.purchase_order_id": "unknown_purchase_order",
    });
    const cancelled = await callApiJson("POST", `/purchase-orders/${w.ordered.id}/cancel`, w.token);
    expect(cancelled.status).toBe(200);
    const closed = await callApiJson("POST", "/backorder", w.token, {
      lines: [{ variant_id: w.v.id, location_id: w.a, quantity: "5", supplier_id: w.s2.id, purchase_order_id: w.ordered.id }],
    });
    expect(codes(closed.body.error.fields)).toEqual({ "lines.0.purchase_order_id": "purchase_order_closed" });
    const empty = await callApiJson("POST", "/backorder", w.token, { lines: [{ variant_id: w.v.id, location_id: w.a, quantity: "0" }] });
    expect([empty.status, empty.body.error.code]).toEqual([422, "no_product_for_purchase_order"]);
    const missing = await callApiJson("POST", "/backorder", w.token, {});
    expect(codes(missing.body.error.fields)).toEqual({ lines: "invalid" });
    expect(await incoming(w.db, w.v.id, w.a)).toBe(0);
  });
});

/** A form posted to a page, a name given several values (ticked boxes) sent as many times. */
function post(path: string, fields: Record<string, string | string[]>): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return new Request(`http://app.test${path}`, { method: "POST", body });
}

const located = (response: unknown) => {
  expect(response, JSON.stringify(response)).toBeInstanceOf(Response);
  return (response as Response).headers.get("location");
};

describe("the reorder and backorder pages", () => {
  it("order the ticked rows of one location, refuse rows of two with the spec's message, and list the orders made", async () => {
    const w = await world();
    const { context } = await pageContext(w.company);
    const page = await reorderPage.loader({ request: new Request("http://app.test/inventory/reorder"), context, params: {} } as never);
    const rows = page.items.map((i) => [i.variant_id, i.location_id]);
    expect(rows).toEqual([
      [w.x.id, w.a],
      [w.y.id, w.a],
      [w.x.id, w.b],
    ]);
    const fields = (ticked: string[]) => ({
      select: ticked,
      ...Object.fromEntries(
        page.items.flatMap((item, i) => [
          [`variant_id.${i}`, String(item.variant_id)],
          [`location_id.${i}`, String(item.location_id)],
          [`quantity.${i}`, item.suggested_quantity],
          [`supplier_id.${i}`, String(item.supplier?.id ?? "")],
        ]),
      ),
    });
    const mixed = await reorderPage.action({ request: post("/inventory/reorder", fields(["0", "2"])), context, params: {} } as never);
    expect(mixed).toMatchObject({ init: { status: 422 }, data: { error: "reorder_same_location" } });

    const done = await reorderPage.action({ request: post("/inventory/reorder", fields(["0", "1"])), context, params: {} } as never);
    const to = located(done)!;
    expect(to).toMatch(/^\/inventory\/reorder\?made=\d+-\d+$/);
    const back = await reorderPage.loader({ request: new Request(`http://app.test${to}`), context, params: {} } as never);
    expect(back.made.map((o) => [o.supplier_id, o.location_id])).toEqual([
      [w.s1.id, w.a],
      [w.s2.id, w.a],
    ]);
    expect(back.items.map((i) => [i.variant_id, i.location_id])).toEqual([[w.x.id, w.b]]);
  });

  it("take the backorder from products to groups by supplier to the confirmation of the orders", async () => {
    const w = await world();
    const v = await makeVariant(w.db);
    const customer = await makeCustomer(w.db);
    const sale = await callApiJson("POST", "/sales-orders", w.token, {
      customer_id: customer.id,
      location_id: w.a,
      lines: [{ variant_id: v.id, quantity: "4", price: "10" }],
    });
    expect(sale.status).toBe(201);
    const { context } = await pageContext(w.company);
    const page = await backorderPage.loader({ request: new Request("http://app.test/inventory/backorder"), context, params: {} } as never);
    const i = page.items.findIndex((item) => item.variant_id === v.id);
    expect(page.items[i]).toMatchObject({ quantity: "4.0000000", supplier: null });
    const lineFields = { [`variant_id.${i}`]: String(v.id), [`location_id.${i}`]: String(w.a), [`quantity.${i}`]: "4" };
    const noSupplier = await backorderPage.action({
      request: post("/inventory/backorder", { intent: "plan", select: [String(i)], ...lineFields, [`supplier_id.${i}`]: "" }),
      context,
      params: {},
    } as never);
    // The refusal names the row's supplier field.
    expect(noSupplier).toMatchObject({
      init: { status: 422 },
      data: { fields: { [`supplier_id.${i}`]: { code: "no_supplier_selected" } } },
    });
    const planned = await backorderPage.action({
      request: post("/inventory/backorder", { intent: "plan", select: [String(i)], ...lineFields, [`supplier_id.${i}`]: String(w.s2.id) }),
      context,
      params: {},
    } as never);
    expect(planned, JSON.stringify(planned)).toHaveProperty("groups");
    const groups = (planned as { groups: { supplier: { id: number }; open_orders: { id: number }[]; lines: { index: number }[] }[] })
      .groups;
    expect(groups.map((g) => [g.supplier.id, g.open_orders.map((o) => o.id)])).toEqual([[w.s2.id, [w.ordered.id]]]);

    const placed = await backorderPage.action({
      request: post("/inventory/backorder", {
        intent: "place",
        "line.0.variant_id": String(v.id),
        "line.0.location_id": String(w.a),
        "line.0.quantity": "4",
        "line.0.supplier_id": String(w.s2.id),
        "line.0.group": "0",
        "order.0": String(w.ordered.id),
      }),
      context,
      params: {},
    } as never);
    expect(located(placed)).toBe(`/inventory/backorder/${w.ordered.id}`);
    const confirmation = await backorderConfirmation.loader({
      request: new Request(`http://app.test/inventory/backorder/${w.ordered.id}`),
      context,
      params: { id: String(w.ordered.id) },
    } as never);
    expect(confirmation.orders.map((o) => [o.id, o.supplier_id, o.remaining_units])).toEqual([[w.ordered.id, w.s2.id, "17.0000000"]]);
    const order = await callApiJson("GET", `/purchase-orders/${w.ordered.id}`, w.token);
    expect(order.body.lines.map((l: { variant_id: number; units: string }) => [l.variant_id, l.units])).toEqual([
      [w.y.id, "3.0000000"],
      [w.w.id, "10.0000000"],
      [v.id, "4.0000000"],
    ]);
  });
});
