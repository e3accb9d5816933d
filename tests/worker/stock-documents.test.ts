import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { addUser, ctxOf, makeCompany } from "../support/factories";
import { firstLocation, makeLocation, makeVariant } from "../support/isolation/stock";
import { callApi as call } from "../support/fetch-app";

const t = tenantSchema;

interface Line {
  id: number;
  variant_id: number;
  sku: string;
  quantity: string;
  batch_id: number | null;
  unit_cost: string | null;
}
interface Doc {
  id: number;
  type: string;
  number: string;
  location_id: number;
  arrival_location_id: number | null;
  date: string;
  notes: string | null;
  lines: Line[];
}
interface ErrorBody {
  error: { code: string; params?: Record<string, unknown>; fields?: Record<string, { code: string; message: string }> };
}

async function world() {
  const company = await makeCompany();
  const db = company.db;
  const main = await firstLocation(db);
  const shop = await makeLocation(db, { label: "Shop" });
  const a = await makeVariant(db, { sku: "A-1" });
  const b = await makeVariant(db, { sku: "B-1" });
  return { company, db, token: company.token, main, shop, a, b };
}

async function preventNegative(db: TenantDb, on = true) {
  await db.update(t.companySettings).set({ preventNegativeInventory: on });
}

async function level(db: TenantDb, variantId: number, locationId: number): Promise<number> {
  const [row] = await db
    .select({ onHand: t.stockLevels.onHand })
    .from(t.stockLevels)
    .where(and(eq(t.stockLevels.variantId, variantId), eq(t.stockLevels.locationId, locationId)));
  return row?.onHand ?? 0;
}

async function ledgerSum(db: TenantDb, variantId: number, locationId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${t.inventoryLogs.change}), 0)` })
    .from(t.inventoryLogs)
    .where(and(eq(t.inventoryLogs.variantId, variantId), eq(t.inventoryLogs.locationId, locationId)));
  return Number(row!.sum);
}

async function counts(db: TenantDb) {
  const [row] = await db.all<{ docs: number; lines: number; logs: number; levels: number; onhand: number }>(
    sql`select (select count(*) from stock_documents) as docs, (select count(*) from stock_document_lines) as lines,
      (select count(*) from inventory_logs) as logs, (select count(*) from stock_levels) as levels,
      (select coalesce(sum(on_hand), 0) from stock_levels) as onhand`,
  );
  return row!;
}

const U = 10_000_000; // one unit at 7 decimals

async function created(response: Response): Promise<Doc> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body as Doc;
}

describe("stock entries, removals and movements", () => {
  it("an entry adds stock at its location, numbers itself and writes one ledger row per line", async () => {
    const { db, token, main, a, b } = await world();
    const doc = await created(
      await call("POST", "/stock-entries", token, {
        location_id: main,
        date: "2025-03-01",
        notes: " First delivery ",
        lines: [
          { variant_id: a.id, quantity: "10.5", unit_cost: "2.5" },
          { variant_id: b.id, quantity: 3 },
        ],
      }),
    );
    expect(doc).toMatchObject({ type: "entry", number: "ENT-000001", location_id: main, date: "2025-03-01", notes: "First delivery" });
    expect(doc.lines.map((l) => [l.sku, l.quantity, l.unit_cost])).toEqual([
      ["A-1", "10.5000000", "2.5000"],
      ["B-1", "3.0000000", null],
    ]);
    expect(await level(db, a.id, main)).toBe(10.5 * U);
    expect(await ledgerSum(db, a.id, main)).toBe(10.5 * U);
    const second = await created(
      await call("POST", "/stock-entries", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "1" }] }),
    );
    expect(second.number).toBe("ENT-000002");
    const [variant] = await db.select({ mac: t.variants.movingAverageCost }).from(t.variants).where(eq(t.variants.id, a.id));
    expect(variant!.mac).toBe(25_000);
  });

  it("keeps numbering after a document numbered another way (an import) is the newest", async () => {
    const { db, token, main, a } = await world();
    await created(await call("POST", "/stock-entries", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "1" }] }));
    await db.insert(t.stockDocuments).values({ type: "entry", number: "ENT-IMPORT-1", locationId: main, date: "2025-01-01" });
    const next = await created(
      await call("POST", "/stock-entries", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "1" }] }),
    );
    expect(next.number).toBe("ENT-000002");
  });

  it("keeps the moving average cost as the weighted average of the stock held and the units added", async () => {
    const { db, token, main, shop, a } = await world();
    await created(
      await call("POST", "/stock-entries", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "10", unit_cost: "2" }] }),
    );
    await created(
      await call("POST", "/stock-entries", token, { location_id: shop, lines: [{ variant_id: a.id, quantity: "30", unit_cost: "4" }] }),
    );
    const [variant] = await db.select({ mac: t.variants.movingAverageCost }).from(t.variants).where(eq(t.variants.id, a.id));
    // (10 × 2 + 30 × 4) / 40 = 3.5
    expect(variant!.mac).toBe(35_000);
  });

  it("a removal takes stock out, and a movement moves it between locations", async () => {
    const { db, token, main, shop, a } = await world();
    await created(await call("POST", "/stock-entries", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "10" }] }));
    const removal = await created(
      await call("POST", "/stock-removals", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "4" }] }),
    );
    expect(removal.number).toBe("SOR-000001");
    const movement = await created(
      await call("POST", "/stock-movements", token, {
        location_id: main,
        arrival_location_id: shop,
        lines: [{ variant_id: a.id, quantity: "5" }],
      }),
    );
    expect(movement).toMatchObject({ number: "MOV-000001", location_id: main, arrival_location_id: shop });
    expect(await level(db, a.id, main)).toBe(1 * U);
    expect(await level(db, a.id, shop)).toBe(5 * U);
    expect(await ledgerSum(db, a.id, main)).toBe(1 * U);
    expect(await ledgerSum(db, a.id, shop)).toBe(5 * U);
    const logs = await db.select().from(t.inventoryLogs).where(eq(t.inventoryLogs.documentId, movement.id));
    expect(logs.map((l) => [l.locationId, l.quantityBefore, l.quantityAfter, l.change, l.documentType])).toEqual([
      [shop, 0, 5 * U, 5 * U, "movement"],
      [main, 6 * U, 1 * U, -5 * U, "movement"],
    ]);
  });

  it("reads, lists and filters the documents of each kind", async () => {
    const { token, main, shop, a } = await world();
    const entry = await created(
      await call("POST", "/stock-entries", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "2" }] }),
    );
    await created(await call("POST", "/stock-entries", token, { location_id: shop, lines: [{ variant_id: a.id, quantity: "2" }] }));
    const one = await call("GET", `/stock-entries/${entry.id}`, token);
    expect(one.status).toBe(200);
    expect(((await one.json()) as Doc).lines).toHaveLength(1);
    const list = (await (await call("GET", `/stock-entries?location_id=${shop}&total_count=true`, token)).json()) as {
      items: Doc[];
      totalCount: number;
    };
    expect(list.totalCount).toBe(1);
    expect(list.items[0]!.number).toBe("ENT-000002");
    expect((await call("GET", `/stock-removals/${entry.id}`, token)).status).toBe(404);
    const empty = (await (await call("GET", "/stock-removals", token)).json()) as { items: Doc[] };
    expect(empty.items).toEqual([]);
  });

  it("a removal larger than the available stock is refused when negative stock is not allowed, and nothing is saved", async () => {
    const { db, token, main, a, b } = await world();
    await preventNegative(db);
    await created(
      await call("POST", "/stock-entries", token, {
        location_id: main,
        lines: [
          { variant_id: a.id, quantity: "5" },
          { variant_id: b.id, quantity: "5" },
        ],
      }),
    );
    const before = await counts(db);
    const response = await call("POST", "/stock-removals", token, {
      location_id: main,
      lines: [
        { variant_id: b.id, quantity: "1" },
        { variant_id: a.id, quantity: "5.5" },
      ],
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("insufficient_stock");
    expect(body.error.fields?.["lines.1.quantity"]?.code).toBe("insufficient_stock");
    expect(body.error.fields?.["lines.1.quantity"]?.message).toContain("5");
    expect(await counts(db)).toEqual(before);
  });

  it("the user's own prevent-negative flag refuses negative stock even where the company allows it", async () => {
    const { company, db, main, a } = await world();
    const user = await addUser(company.companyId, { permissions: ["edit_stock_removals"] });
    const { control } = await import("../support/factories");
    const { controlSchema } = await import("../../db/client");
    const response = await call("POST", "/stock-removals", user.token, { location_id: main, lines: [{ variant_id: a.id, quantity: "1" }] });
    expect(response.status).toBe(201);
    expect(await level(db, a.id, main)).toBe(-1 * U);
    await control
      .update(controlSchema.memberships)
      .set({ preventNegativeInventory: true })
      .where(eq(controlSchema.memberships.userId, user.userId));
    const refused = await call("POST", "/stock-removals", user.token, { location_id: main, lines: [{ variant_id: a.id, quantity: "1" }] });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).error.code).toBe("insufficient_stock");
    expect(await level(db, a.id, main)).toBe(-1 * U);
    expect(await ledgerSum(db, a.id, main)).toBe(-1 * U);
  });

  it("negative stock is allowed by default, and the ledger still sums to the level", async () => {
    const { db, token, main, a } = await world();
    await created(await call("POST", "/stock-removals", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "3" }] }));
    expect(await level(db, a.id, main)).toBe(-3 * U);
    expect(await ledgerSum(db, a.id, main)).toBe(-3 * U);
    const levels = (await (await call("GET", `/stock-levels?variant_id=${a.id}`, token)).json()) as {
      items: { on_hand: string; available: string }[];
    };
    expect(levels.items[0]).toMatchObject({ on_hand: "-3.0000000", available: "0.0000000" });
  });

  it("names a missing location, an unknown or inactive location, an unknown variant and a movement to the same location", async () => {
    const { db, token, main, a } = await world();
    const closed = await makeLocation(db, { active: false });
    const before = await counts(db);
    const cases: [string, unknown, string, string][] = [
      ["/stock-entries", { lines: [{ variant_id: a.id, quantity: "1" }] }, "location_id", "required"],
      ["/stock-entries", { location_id: 999_999, lines: [{ variant_id: a.id, quantity: "1" }] }, "location_id", "unknown_location"],
      ["/stock-removals", { location_id: closed, lines: [{ variant_id: a.id, quantity: "1" }] }, "location_id", "unknown_location"],
      [
        "/stock-removals",
        {
          location_id: main,
          lines: [
            { variant_id: a.id, quantity: "1" },
            { variant_id: 999_999, quantity: "1" },
          ],
        },
        "lines.1.variant_id",
        "unknown_variant",
      ],
      [
        "/stock-movements",
        { location_id: main, arrival_location_id: main, lines: [{ variant_id: a.id, quantity: "1" }] },
        "arrival_location_id",
        "same_location",
      ],
      ["/stock-movements", { location_id: main, lines: [{ variant_id: a.id, quantity: "1" }] }, "arrival_location_id", "required"],
      ["/stock-entries", { location_id: main, lines: [{ variant_id: a.id, quantity: "0" }] }, "lines.0.quantity", "too_small"],
      ["/stock-entries", { location_id: main, lines: [] }, "lines", "required"],
      [
        "/stock-removals",
        { location_id: main, lines: [{ variant_id: a.id, quantity: "1", unit_cost: "2" }] },
        "lines.0.unit_cost",
        "unknown_field",
      ],
    ];
    for (const [path, body, field, code] of cases) {
      const response = await call("POST", path, token, body);
      const json = (await response.json()) as ErrorBody;
      expect(response.status, `${path} ${field}`).toBe(422);
      expect(json.error.fields?.[field]?.code, `${path} ${JSON.stringify(json)}`).toBe(code);
    }
    expect(await counts(db)).toEqual(before);
  });

  it("editing a document replaces its stock effect in one batch, with ledger rows for the reversal and the new lines", async () => {
    const { db, token, main, shop, a, b } = await world();
    const doc = await created(
      await call("POST", "/stock-entries", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "10" }] }),
    );
    const response = await call("PATCH", `/stock-entries/${doc.id}`, token, {
      location_id: shop,
      lines: [
        { variant_id: a.id, quantity: "4" },
        { variant_id: b.id, quantity: "2" },
      ],
    });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as Doc;
    expect(updated.location_id).toBe(shop);
    expect(updated.lines.map((l) => l.quantity)).toEqual(["4.0000000", "2.0000000"]);
    expect(await level(db, a.id, main)).toBe(0);
    expect(await level(db, a.id, shop)).toBe(4 * U);
    expect(await level(db, b.id, shop)).toBe(2 * U);
    for (const [v, l] of [
      [a.id, main],
      [a.id, shop],
      [b.id, shop],
    ] as const)
      expect(await ledgerSum(db, v, l)).toBe(await level(db, v, l));
    // Only notes: no stock change, no ledger row.
    const logsBefore = (await counts(db)).logs;
    const notes = await call("PATCH", `/stock-entries/${doc.id}`, token, { notes: "Checked" });
    expect(notes.status).toBe(200);
    expect((await counts(db)).logs).toBe(logsBefore);
  });

  it("an edit that needs stock already gone is refused when negative stock is not allowed, and the document stays as it was", async () => {
    const { db, token, main, a } = await world();
    await preventNegative(db);
    const entry = await created(
      await call("POST", "/stock-entries", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "10" }] }),
    );
    await created(await call("POST", "/stock-removals", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "8" }] }));
    // 10 → 9 leaves 1: fine, although undoing the 10 first would go below zero.
    expect((await call("PATCH", `/stock-entries/${entry.id}`, token, { lines: [{ variant_id: a.id, quantity: "9" }] })).status).toBe(200);
    expect(await level(db, a.id, main)).toBe(1 * U);
    const before = await counts(db);
    const refused = await call("PATCH", `/stock-entries/${entry.id}`, token, { lines: [{ variant_id: a.id, quantity: "7" }] });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as ErrorBody).error.fields?.["lines.0.quantity"]?.code).toBe("insufficient_stock");
    expect(await counts(db)).toEqual(before);
    expect((await call("DELETE", `/stock-entries/${entry.id}?acknowledge=cascade,inventory,irreversible`, token)).status).toBe(422);
    expect(await counts(db)).toEqual(before);
  });

  it("deleting a document reverses its stock and keeps the ledger consistent", async () => {
    const { db, token, main, shop, a } = await world();
    await created(await call("POST", "/stock-entries", token, { location_id: main, lines: [{ variant_id: a.id, quantity: "10" }] }));
    const movement = await created(
      await call("POST", "/stock-movements", token, {
        location_id: main,
        arrival_location_id: shop,
        lines: [{ variant_id: a.id, quantity: "4" }],
      }),
    );
    expect((await call("DELETE", `/stock-movements/${movement.id}?acknowledge=cascade,inventory,irreversible`, token)).status).toBe(204);
    expect((await call("GET", `/stock-movements/${movement.id}`, token)).status).toBe(404);
    expect(await level(db, a.id, main)).toBe(10 * U);
    expect(await level(db, a.id, shop)).toBe(0);
    expect(await ledgerSum(db, a.id, shop)).toBe(0);
  });

  it("packs move their quantity of units, and kits move their components", async () => {
    const { db, token, main, a, b } = await world();
    const [pack] = await db
      .insert(t.packs)
      .values({ variantId: a.id, label: "Box of 6", quantity: 6 * U })
      .returning();
    const kit = await makeVariant(db, { sku: "KIT-1", isKit: true });
    await db.insert(t.components).values([
      { parentVariantId: kit.id, componentVariantId: a.id, quantity: 2 * U },
      { parentVariantId: kit.id, componentVariantId: b.id, quantity: U / 2 },
    ]);
    await created(
      await call("POST", "/stock-entries", token, {
        location_id: main,
        lines: [
          { variant_id: a.id, pack_id: pack!.id, quantity: "2" },
          { variant_id: kit.id, quantity: "3" },
        ],
      }),
    );
    expect(await level(db, a.id, main)).toBe(18 * U);
    expect(await level(db, b.id, main)).toBe(1.5 * U);
    expect(await level(db, kit.id, main)).toBe(0);
    const other = await makeVariant(db);
    const wrongPack = await call("POST", "/stock-entries", token, {
      location_id: main,
      lines: [{ variant_id: other.id, pack_id: pack!.id, quantity: "1" }],
    });
    expect(((await wrongPack.json()) as ErrorBody).error.fields?.["lines.0.pack_id"]?.code).toBe("unknown_pack");
  });

  it("a repeated request with the same idempotency key answers the same document", async () => {
    const { db, token, main, a } = await world();
    const body = { location_id: main, lines: [{ variant_id: a.id, quantity: "1" }] };
    const first = await created(await call("POST", "/stock-entries", token, body, { "idempotency-key": "k-1" }));
    const again = await created(await call("POST", "/stock-entries", token, body, { "idempotency-key": "k-1" }));
    expect(again.id).toBe(first.id);
    expect(await level(db, a.id, main)).toBe(1 * U);
    // Stripe's semantics: the same key with another body is an unprocessable request.
    const reused = await call("POST", "/stock-entries", token, { ...body, notes: "other" }, { "idempotency-key": "k-1" });
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as ErrorBody).error.code).toBe("idempotency_key_reused");
  });

  it("answers 403 to a user without the edit permission of the kind, and saves nothing", async () => {
    const { company, db, main, a } = await world();
    const viewer = await addUser(company.companyId, { permissions: ["view_stock_removals", "edit_stock_entries"] });
    const before = await counts(db);
    const response = await call("POST", "/stock-removals", viewer.token, {
      location_id: main,
      lines: [{ variant_id: a.id, quantity: "1" }],
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).error.code).toBe("forbidden");
    expect((await call("GET", "/stock-removals", viewer.token)).status).toBe(200);
    expect((await call("GET", "/stock-movements", viewer.token)).status).toBe(403);
    expect(await counts(db)).toEqual(before);
  });

  it("a document given no date is dated today by the verb's clock, in the company's time zone", async () => {
    const company = await makeCompany();
    await company.db.update(t.companySettings).set({ timezone: "Pacific/Auckland" });
    const variant = await makeVariant(company.db);
    // 2030-01-15 20:00 UTC is already the 16th in Auckland.
    const ctx = { ...(await ctxOf(company)), now: () => Date.UTC(2030, 0, 15, 20) };
    const entry = await createStockDocument(ctx, {
      kind: "entry",
      location_id: await firstLocation(company.db),
      lines: [{ variant_id: variant.id, quantity: "1" }],
    });
    expect(entry.date).toBe("2030-01-16");
  });
});
