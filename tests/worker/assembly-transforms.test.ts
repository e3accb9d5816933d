import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { addUser, makeCompany } from "../support/factories";
import { callApiJson } from "../support/fetch-app";
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation, makeLocation, makeVariant } from "../support/isolation/stock";

const t = tenantSchema;
const UNITS = 10_000_000n;
const units = (n: number) => Number(BigInt(Math.round(n * 1e7)));

/** An assembly variant whose components are given (units per assembly, as decimals). */
async function makeAssembly(db: TenantDb, parts: { id: number; per: number }[], options: { batchTracked?: boolean } = {}) {
  const assembly = await makeVariant(db, { batchTracked: options.batchTracked });
  await db.update(t.products).set({ kind: "assembly" }).where(eq(t.products.id, assembly.productId));
  await db.update(t.variants).set({ isAssembly: true }).where(eq(t.variants.id, assembly.id));
  for (const p of parts)
    await db.insert(t.components).values({ parentVariantId: assembly.id, componentVariantId: p.id, quantity: units(p.per) });
  return assembly;
}

async function onHand(db: TenantDb, variantId: number, locationId: number): Promise<number> {
  const [row] = await db
    .select({ onHand: t.stockLevels.onHand })
    .from(t.stockLevels)
    .where(and(eq(t.stockLevels.variantId, variantId), eq(t.stockLevels.locationId, locationId)));
  return Number(row?.onHand ?? 0) / Number(UNITS);
}

async function mac(db: TenantDb, variantId: number): Promise<number> {
  const [row] = await db.select({ mac: t.variants.movingAverageCost }).from(t.variants).where(eq(t.variants.id, variantId));
  return row!.mac / 10_000;
}

/** A company with two components in stock at its first location (x: 10 at 3.00, y: 4 at 8.00) and an assembly of 2 x and 0.5 y. */
async function world(options: { preventNegative?: boolean } = {}) {
  const company = await makeCompany();
  const { db, token } = company;
  if (options.preventNegative ?? true) await db.update(t.companySettings).set({ preventNegativeInventory: true });
  const location = await firstLocation(db);
  const x = await makeVariant(db);
  const y = await makeVariant(db);
  const entry = await callApiJson("POST", "/stock-entries", token, {
    location_id: location,
    lines: [
      { variant_id: x.id, quantity: "10", unit_cost: "3" },
      { variant_id: y.id, quantity: "4", unit_cost: "8" },
    ],
  });
  expect(entry.status, JSON.stringify(entry.body)).toBe(201);
  const assembly = await makeAssembly(db, [
    { id: x.id, per: 2 },
    { id: y.id, per: 0.5 },
  ]);
  return { company, db, token, location, x, y, assembly };
}

const transform = (token: string, body: unknown) => callApiJson("POST", "/assembly-transforms", token, body);

describe("assembly transforms", () => {
  it("create takes each component × its quantity per assembly and adds the assemblies at their components' cost; split gives them back", async () => {
    const w = await world();
    const made = await transform(w.token, { variant_id: w.assembly.id, location_id: w.location, action: "create", quantity: "2" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.type).toBe("assembly_transform");
    // The assembly's line first, then the components', with the signed change of each.
    expect(made.body.lines.map((l: { variant_id: number; quantity: string }) => [l.variant_id, Number(l.quantity)])).toEqual([
      [w.assembly.id, 2],
      [w.x.id, -4],
      [w.y.id, -1],
    ]);
    // 2 × 3.00 + 0.5 × 8.00
    expect(made.body.lines[0].unit_cost).toBe("10.0000");
    expect([
      await onHand(w.db, w.assembly.id, w.location),
      await onHand(w.db, w.x.id, w.location),
      await onHand(w.db, w.y.id, w.location),
    ]).toEqual([2, 6, 3]);
    expect(await mac(w.db, w.assembly.id)).toBe(10);

    const logs = await w.db.all<{ variant_id: number; change: number; document_type: string; document_id: number }>(
      sql`select variant_id, change, document_type, document_id from inventory_logs where document_type = 'assembly_transform' order by id`,
    );
    expect(logs.map((l) => [l.variant_id, Number(l.change) / 1e7, l.document_id])).toEqual([
      [w.assembly.id, 2, made.body.id],
      [w.x.id, -4, made.body.id],
      [w.y.id, -1, made.body.id],
    ]);

    const split = await transform(w.token, { variant_id: w.assembly.id, location_id: w.location, action: "split", quantity: "1" });
    expect(split.status, JSON.stringify(split.body)).toBe(201);
    expect(
      split.body.lines.map((l: { variant_id: number; quantity: string; unit_cost: string | null }) => [
        l.variant_id,
        Number(l.quantity),
        l.unit_cost,
      ]),
    ).toEqual([
      [w.assembly.id, -1, null],
      [w.x.id, 2, null],
      [w.y.id, 0.5, null],
    ]);
    expect([
      await onHand(w.db, w.assembly.id, w.location),
      await onHand(w.db, w.x.id, w.location),
      await onHand(w.db, w.y.id, w.location),
    ]).toEqual([1, 8, 3.5]);
    // Components come back at their moving average cost, which therefore does not move; nor does the assembly's.
    expect([await mac(w.db, w.assembly.id), await mac(w.db, w.x.id), await mac(w.db, w.y.id)]).toEqual([10, 3, 8]);
    const [sums] = await w.db.all<{ bad: number }>(
      sql`select count(*) as bad from stock_levels s where on_hand <> (select coalesce(sum(change), 0) from inventory_logs l where l.variant_id = s.variant_id and l.location_id = s.location_id)`,
    );
    expect(Number(sums!.bad)).toBe(0);

    const read = await callApiJson("GET", `/assembly-transforms/${split.body.id}`, w.token);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(split.body);
    const list = await callApiJson("GET", "/assembly-transforms", w.token);
    expect(list.status).toBe(200);
    expect(list.body.items.map((d: { id: number }) => d.id)).toEqual([split.body.id, made.body.id]);
  });

  it("10 creates of 1 sent at once when the components make 3: exactly 3 are made, the others are refused naming quantity", async () => {
    const w = await world();
    // x: 10 at 2 each would make 5; y: 1.5 at 0.5 each makes 3.
    await callApiJson("POST", "/stock-removals", w.token, { location_id: w.location, lines: [{ variant_id: w.y.id, quantity: "2.5" }] });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        transform(w.token, { variant_id: w.assembly.id, location_id: w.location, action: "create", quantity: "1" }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe("not_enough_components");
      expect(r.body.error.fields.quantity).toMatchObject({ code: "not_enough_components", params: { maximum: "0.0000000" } });
    }
    expect([
      await onHand(w.db, w.assembly.id, w.location),
      await onHand(w.db, w.x.id, w.location),
      await onHand(w.db, w.y.id, w.location),
    ]).toEqual([3, 4, 0]);
    const [documents] = await w.db.all<{ n: number }>(sql`select count(*) as n from stock_documents where type = 'assembly_transform'`);
    expect(Number(documents!.n)).toBe(3);
  });

  it("refuses a split past the assemblies available, and a create past the components, with the most that can be done", async () => {
    const w = await world();
    const split = await transform(w.token, { variant_id: w.assembly.id, location_id: w.location, action: "split", quantity: "1" });
    expect(split.status).toBe(422);
    expect(split.body.error.fields.quantity).toMatchObject({ code: "not_enough_assemblies", params: { maximum: "0.0000000" } });
    const create = await transform(w.token, { variant_id: w.assembly.id, location_id: w.location, action: "create", quantity: "9" });
    expect(create.status).toBe(422);
    // x makes 5, y makes 8.
    expect(create.body.error.fields.quantity).toMatchObject({ code: "not_enough_components", params: { maximum: "5.0000000" } });
    expect(await onHand(w.db, w.x.id, w.location)).toBe(10);
    const [logs] = await w.db.all<{ n: number }>(sql`select count(*) as n from inventory_logs where document_type = 'assembly_transform'`);
    expect(Number(logs!.n)).toBe(0);
  });

  it("counts only what is available: units an open sales order reserves are not taken", async () => {
    const w = await world();
    const customer = await makeCustomer(w.db);
    const order = await callApiJson("POST", "/sales-orders", w.token, {
      customer_id: customer.id,
      location_id: w.location,
      lines: [{ variant_id: w.y.id, quantity: "3.5", price: "10" }],
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    // y: 4 on hand, 3.5 committed, 0.5 available: one assembly.
    const refused = await transform(w.token, { variant_id: w.assembly.id, location_id: w.location, action: "create", quantity: "2" });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.quantity).toMatchObject({ code: "not_enough_components", params: { maximum: "1.0000000" } });
    const made = await transform(w.token, { variant_id: w.assembly.id, location_id: w.location, action: "create", quantity: "1" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  });

  it("takes components below zero where the company allows negative stock, as removals do", async () => {
    const w = await world({ preventNegative: false });
    const made = await transform(w.token, { variant_id: w.assembly.id, location_id: w.location, action: "create", quantity: "6" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect([await onHand(w.db, w.assembly.id, w.location), await onHand(w.db, w.x.id, w.location)]).toEqual([6, -2]);
  });

  it("refuses bad input with 422 naming the field, never a 500", async () => {
    const w = await world();
    const ok = { variant_id: w.assembly.id, location_id: w.location, action: "create", quantity: "1" };
    const cases: [unknown, string, string][] = [
      [{ ...ok, quantity: undefined }, "quantity", "required"],
      [{ ...ok, quantity: "0" }, "quantity", "too_small"],
      [{ ...ok, quantity: "-1" }, "quantity", "too_small"],
      [{ ...ok, quantity: "abc" }, "quantity", "invalid_number"],
      [{ ...ok, action: "melt" }, "action", "invalid"],
      [{ ...ok, action: undefined }, "action", "required"],
      [{ ...ok, variant_id: undefined }, "variant_id", "required"],
      [{ ...ok, variant_id: "x" }, "variant_id", "unknown_variant"],
      [{ ...ok, variant_id: w.x.id }, "variant_id", "not_an_assembly"],
      [{ ...ok, variant_id: 987_654_321 }, "variant_id", "not_an_assembly"],
      [{ ...ok, location_id: 987_654_321 }, "location_id", "unknown_location"],
    ];
    for (const [body, field, code] of cases) {
      const answer = await transform(w.token, body);
      expect(answer.status, JSON.stringify([body, answer.body])).toBe(422);
      expect(answer.body.error.fields[field]?.code, JSON.stringify([body, answer.body])).toBe(code);
    }
    const inactive = await makeLocation(w.db, { active: false });
    const closed = await transform(w.token, { ...ok, location_id: inactive });
    expect([closed.status, closed.body.error.fields.location_id?.code]).toEqual([422, "unknown_location"]);
  });

  it("another company's assembly is unknown here (422), not a 500, and nothing moves", async () => {
    const w = await world();
    const other = await makeCompany();
    const part = await makeVariant(other.db, { id: 900_000_001 });
    const theirs = await makeAssembly(other.db, [{ id: part.id, per: 1 }]);
    const answer = await transform(w.token, { variant_id: theirs.id, location_id: w.location, action: "create", quantity: "1" });
    expect(answer.status).toBe(422);
    expect(answer.body.error.fields.variant_id.code).toBe("not_an_assembly");
    const missing = await callApiJson("GET", "/assembly-transforms/987654321", w.token);
    expect(missing.status).toBe(404);
  });

  it("refuses batch-tracked assemblies or components (assembly_batch_tracked)", async () => {
    const w = await world();
    const lot = await makeVariant(w.db, { batchTracked: true });
    const assembly = await makeAssembly(w.db, [{ id: lot.id, per: 1 }]);
    const answer = await transform(w.token, { variant_id: assembly.id, location_id: w.location, action: "create", quantity: "1" });
    expect([answer.status, answer.body.error.fields.variant_id?.code]).toEqual([422, "assembly_batch_tracked"]);
    const tracked = await makeAssembly(w.db, [{ id: w.x.id, per: 1 }], { batchTracked: true });
    const second = await transform(w.token, { variant_id: tracked.id, location_id: w.location, action: "split", quantity: "1" });
    expect([second.status, second.body.error.fields.variant_id?.code]).toEqual([422, "assembly_batch_tracked"]);
  });

  it("is 403 without the inventory edit permission or without the assemblies module", async () => {
    const w = await world();
    const body = { variant_id: w.assembly.id, location_id: w.location, action: "create", quantity: "1" };
    for (const missing of ["edit_products_inventory", "assemblies"]) {
      const { token } = await addUser(w.company.companyId, { permissions: ADMINISTRATOR_PERMISSIONS.filter((p) => p !== missing) });
      const answer = await transform(token, body);
      expect(answer.status, missing).toBe(403);
    }
    expect(await onHand(w.db, w.assembly.id, w.location)).toBe(0);
  });
});
