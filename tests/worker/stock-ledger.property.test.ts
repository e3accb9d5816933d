import { and, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { bulkUpdateInventory } from "../../worker/domain/stock/bulk-update";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { deleteStockDocument } from "../../worker/domain/stock/delete-stock-document";
import { updateStockDocument } from "../../worker/domain/stock/update-stock-document";
import { DomainError } from "../../worker/domain/shared/domain-error";
import { ctxOf, makeCompany } from "../support/factories";
import { makeLocation, makeVariant } from "../support/isolation/stock";

const t = tenantSchema;
const U = 10_000_000;

type Op =
  | { op: "entry" | "removal"; v: number; l: number; q: number }
  | { op: "movement"; v: number; l: number; q: number }
  | { op: "bulk"; v: number; l: number; q: number }
  | { op: "edit"; doc: number; q: number }
  | { op: "delete"; doc: number };

// Quantities in tenths of a unit (0.1 to 5), so that decimals are exercised too.
const quantity = fc.integer({ min: 1, max: 50 });
const variantIx = fc.integer({ min: 0, max: 2 });
const locationIx = fc.integer({ min: 0, max: 1 });
const docIx = fc.integer({ min: 0, max: 20 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constantFrom("entry" as const, "removal" as const), v: variantIx, l: locationIx, q: quantity }),
  fc.record({ op: fc.constant("movement" as const), v: variantIx, l: locationIx, q: quantity }),
  fc.record({ op: fc.constant("bulk" as const), v: variantIx, l: locationIx, q: fc.integer({ min: 0, max: 50 }) }),
  fc.record({ op: fc.constant("edit" as const), doc: docIx, q: quantity }),
  fc.record({ op: fc.constant("delete" as const), doc: docIx }),
);

interface ModelDoc {
  kind: "entry" | "removal" | "movement";
  id: number;
  v: number;
  l: number;
  effect: Map<string, number>;
}

const key = (v: number, l: number) => `${v}:${l}`;

function effectOf(kind: ModelDoc["kind"], v: number, l: number, other: number, units: number): Map<string, number> {
  if (kind === "entry") return new Map([[key(v, l), units]]);
  if (kind === "removal") return new Map([[key(v, l), -units]]);
  return new Map([
    [key(v, l), -units],
    [key(v, other), units],
  ]);
}

/** Whether applying `changes` (positives first) breaks the no-negative rule: a falling level that ends below zero. */
function refused(levels: Map<string, number>, changes: [string, number][]): boolean {
  const net = new Map<string, { total: number; falls: boolean }>();
  for (const [k, d] of changes) {
    const n = net.get(k) ?? { total: 0, falls: false };
    net.set(k, { total: n.total + d, falls: n.falls || d < 0 });
  }
  return [...net].some(([k, n]) => n.falls && (levels.get(k) ?? 0) + n.total < 0);
}

describe("the stock ledger", () => {
  it("after any sequence of entries, removals, movements, counts, edits and deletions every level equals the sum of its ledger rows, and none is negative when not allowed", async () => {
    const company = await makeCompany();
    const db = company.db;
    const ctx = await ctxOf(company);

    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(opArb, { minLength: 1, maxLength: 14 }), async (preventNegative, ops) => {
        await db.update(t.companySettings).set({ preventNegativeInventory: preventNegative });
        const variants = [await makeVariant(db), await makeVariant(db), await makeVariant(db)].map((v) => v.id);
        const locations = [await makeLocation(db), await makeLocation(db)];
        const levels = new Map<string, number>();
        const docs: ModelDoc[] = [];
        const apply = (effect: Map<string, number>, sign: 1 | -1) => {
          for (const [k, d] of effect) levels.set(k, (levels.get(k) ?? 0) + sign * d);
        };

        for (const op of ops) {
          let expectRefusal = false;
          let run: () => Promise<unknown>;
          let onSuccess: (result: unknown) => void;
          if (op.op === "entry" || op.op === "removal" || op.op === "movement") {
            const v = variants[op.v]!;
            const l = locations[op.l]!;
            const other = locations[1 - op.l]!;
            const units = (op.q * U) / 10;
            const effect = effectOf(op.op, v, l, other, units);
            expectRefusal = preventNegative && refused(levels, [...effect]);
            const body = {
              location_id: l,
              ...(op.op === "movement" ? { arrival_location_id: other } : {}),
              lines: [{ variant_id: v, quantity: (op.q / 10).toFixed(1) }],
            };
            run = () => createStockDocument(ctx, { ...body, kind: op.op as ModelDoc["kind"] });
            onSuccess = (doc) => {
              apply(effect, 1);
              docs.push({ kind: op.op as ModelDoc["kind"], id: (doc as { id: number }).id, v, l, effect });
            };
          } else if (op.op === "bulk") {
            const v = variants[op.v]!;
            const l = locations[op.l]!;
            run = () => bulkUpdateInventory(ctx, { location_id: l, lines: [{ variant_id: v, counted: (op.q / 10).toFixed(1) }] });
            onSuccess = () => levels.set(key(v, l), (op.q * U) / 10);
          } else {
            if ((op.op !== "edit" && op.op !== "delete") || docs.length === 0) continue;
            const index = op.doc % docs.length;
            const doc = docs[index]!;
            const undo: [string, number][] = [...doc.effect].map(([k, d]) => [k, -d]);
            if (op.op === "delete") {
              expectRefusal = preventNegative && refused(levels, undo);
              run = () => deleteStockDocument(ctx, { kind: doc.kind, id: doc.id, acknowledged: ["inventory", "irreversible"] });
              onSuccess = () => {
                apply(doc.effect, -1);
                docs.splice(index, 1);
              };
            } else {
              const other = locations.find((l) => l !== doc.l)!;
              const effect = effectOf(doc.kind, doc.v, doc.l, other, (op.q * U) / 10);
              expectRefusal = preventNegative && refused(levels, [...undo, ...effect]);
              run = () =>
                updateStockDocument(ctx, { kind: doc.kind, id: doc.id, lines: [{ variant_id: doc.v, quantity: (op.q / 10).toFixed(1) }] });
              onSuccess = () => {
                apply(doc.effect, -1);
                apply(effect, 1);
                doc.effect = effect;
              };
            }
          }
          let outcome: string;
          let result: unknown;
          try {
            result = await run();
            outcome = "ok";
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            outcome = error.code;
          }
          expect(outcome, JSON.stringify(op)).toBe(expectRefusal ? "insufficient_stock" : "ok");
          if (outcome === "ok") onSuccess(result);
        }

        const rows = await db
          .select({
            variantId: t.stockLevels.variantId,
            locationId: t.stockLevels.locationId,
            onHand: t.stockLevels.onHand,
            ledger: sql<number>`(select coalesce(sum(l.change), 0) from inventory_logs l where l.variant_id = stock_levels.variant_id and l.location_id = stock_levels.location_id)`,
          })
          .from(t.stockLevels)
          .where(and(inArray(t.stockLevels.variantId, variants), inArray(t.stockLevels.locationId, locations)));
        for (const row of rows) {
          expect(Number(row.ledger)).toBe(row.onHand);
          expect(row.onHand).toBe(levels.get(key(row.variantId, row.locationId)) ?? 0);
          if (preventNegative) expect(row.onHand).toBeGreaterThanOrEqual(0);
        }
        for (const [k, units] of levels) if (units !== 0) expect(rows.some((r) => key(r.variantId, r.locationId) === k)).toBe(true);
        // Each ledger row moves its level from the value the previous row left.
        for (const row of rows) {
          const logs = await db
            .select({ before: t.inventoryLogs.quantityBefore, after: t.inventoryLogs.quantityAfter })
            .from(t.inventoryLogs)
            .where(and(eq(t.inventoryLogs.variantId, row.variantId), eq(t.inventoryLogs.locationId, row.locationId)))
            .orderBy(t.inventoryLogs.id);
          logs.reduce((previous, log) => {
            expect(log.before).toBe(previous);
            return log.after;
          }, 0);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe("receipts written together", () => {
  it("write the same levels, ledger rows and moving average costs as the same receipts written one line at a time", async () => {
    const together = await makeCompany();
    const alone = await makeCompany();
    const lines = Array.from({ length: 45 }, (_, i) => ({ quantity: ((i % 7) + 1) / 2, cost: i % 3 === 0 ? null : (i * 37) % 500 }));
    const setUp = async (company: typeof together) => {
      const ctx = await ctxOf(company);
      const location = await makeLocation(company.db);
      const variants = [];
      for (let i = 0; i < lines.length; i++) variants.push((await makeVariant(company.db, { sku: `V-${i}` })).id);
      // Some hold stock at a cost already, so that the average moves from something.
      await createStockDocument(ctx, {
        kind: "entry",
        location_id: location,
        lines: variants.filter((_, i) => i % 4 === 0).map((variant_id) => ({ variant_id, quantity: "3", unit_cost: "2.5" })),
      });
      return { ctx, location, variants };
    };
    const body = (variants: number[], from: number, to: number) =>
      lines.slice(from, to).map((l, i) => ({
        variant_id: variants[from + i]!,
        quantity: String(l.quantity),
        ...(l.cost === null ? {} : { unit_cost: (l.cost / 100).toFixed(2) }),
      }));
    const a = await setUp(together);
    await createStockDocument(a.ctx, { kind: "entry", location_id: a.location, lines: body(a.variants, 0, lines.length) });
    const b = await setUp(alone);
    for (let i = 0; i < lines.length; i++)
      await createStockDocument(b.ctx, { kind: "entry", location_id: b.location, lines: body(b.variants, i, i + 1) });

    const state = async (company: typeof together) => ({
      levels: await company.db.all(sql`select v.sku, s.on_hand from stock_levels s join variants v on v.id = s.variant_id order by v.sku`),
      costs: await company.db.all(sql`select sku, moving_average_cost from variants order by sku`),
      logs: await company.db.all(
        sql`select v.sku, l.quantity_before, l.quantity_after, l.change from inventory_logs l join variants v on v.id = l.variant_id order by v.sku, l.id`,
      ),
    });
    const [x, y] = [await state(together), await state(alone)];
    expect(x.levels).toHaveLength(lines.length);
    expect(x.costs.some((c) => (c as { moving_average_cost: number }).moving_average_cost > 0)).toBe(true);
    expect(x).toEqual(y);
    // Every level is the sum of its ledger rows.
    const sums = await together.db.all<{ d: number }>(
      sql`select s.on_hand - coalesce((select sum(change) from inventory_logs l where l.variant_id = s.variant_id and l.location_id = s.location_id), 0) as d from stock_levels s`,
    );
    expect(sums.every((r) => r.d === 0)).toBe(true);
  });
});
