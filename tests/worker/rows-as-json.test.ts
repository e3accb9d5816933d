import { eq, getTableColumns, sql, type Column } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { insertRowsAsJson } from "../../worker/domain/shared/rows-as-json";
import { orderFor, pricedVariant, salesWorld } from "./sales-fixtures";

const t = tenantSchema;

/** Each stored row as SQLite quotes its values: 1, 1.0, '1' and NULL all differ. */
async function quoted(db: TenantDb, table: SQLiteTable, where: ReturnType<typeof eq>, skip: string[]): Promise<string[][]> {
  const columns = Object.values(getTableColumns(table) as Record<string, Column>).filter((c) => !skip.includes(c.name));
  const rows = await db.all<{ row: string }>(
    sql`select json_array(${sql.join(
      columns.map((c) => sql`quote(${sql.identifier(c.name)})`),
      sql`, `,
    )}) as row from ${table} where ${where} order by ${sql.identifier("id")}`,
  );
  return rows.map((r) => JSON.parse(r.row) as string[]);
}

describe("rows inserted as one JSON parameter are stored as drizzle's insert stores them", () => {
  it("sales document lines: defaults, nulls, JSON, text of every kind, large and negative figures, the document id as SQL", async () => {
    const w = await salesWorld();
    const variant = await pricedVariant(w.db, w.level, "12.5");
    const orders = [await orderFor(w, variant.id, "1"), await orderFor(w, variant.id, "1")];
    for (const order of orders) expect(order.status, JSON.stringify(order.body)).toBe(201);
    const [byDrizzle, byJson] = orders.map((o) => o.body.id as number);
    const lines: Partial<typeof t.salesDocumentLines.$inferInsert>[] = [
      // Only what has no default: the rest takes the columns' defaults.
      { position: 10, lid: "a", kind: "text", description: "Texte « libre »\nsur deux lignes, avec 'apostrophes' et \"guillemets\" 🚚" },
      {
        position: 11,
        lid: "b",
        kind: "variant",
        variantId: variant.id,
        sku: "SKU-ß",
        description: null,
        quantity: Number.MAX_SAFE_INTEGER,
        units: -Number.MAX_SAFE_INTEGER,
        committedUnits: 0,
        price: 2.5,
        cost: 3,
        discount: -1,
        discountType: "amount",
        taxes: [{ id: 1, rate: "20", amount: "1.5" }],
        totalInclTax: 125_000,
      },
      { position: 12, lid: "c", kind: "service", taxes: [], requiredQuantity: null, packLabel: "Lot de 6 \\ \u0000 fin" },
    ];
    await w.db.insert(t.salesDocumentLines).values(lines.map((l) => ({ ...l, documentId: byDrizzle! })) as never);
    await insertRowsAsJson(w.db, t.salesDocumentLines, lines, { documentId: sql`(select ${byJson})` });
    const skip = ["id", "document_id"];
    const stored = await quoted(w.db, t.salesDocumentLines, eq(t.salesDocumentLines.documentId, byJson!), skip);
    const expected = await quoted(w.db, t.salesDocumentLines, eq(t.salesDocumentLines.documentId, byDrizzle!), skip);
    expect(stored).toHaveLength(4); // the order's own line and the three inserted
    expect(stored).toEqual(expected);
    // Their ids ascend in the rows' order, as drizzle's do.
    const ids = await w.db
      .select({ id: t.salesDocumentLines.id, position: t.salesDocumentLines.position })
      .from(t.salesDocumentLines)
      .where(eq(t.salesDocumentLines.documentId, byJson!))
      .orderBy(t.salesDocumentLines.id);
    expect(ids.map((r) => r.position).slice(1)).toEqual([10, 11, 12]);
  });

  it("booleans are stored as 1 and 0; SQL defaults and one row's SQL values are written in place, other SQL is refused", async () => {
    const { db } = await salesWorld();
    const rows = [
      { label: "Tout", trigger: "new_sales_order" as const, recipient: "u1", active: false, includePdf: true, createdAt: 1, updatedAt: 2 },
      { label: "Défaut", trigger: "new_sales_order" as const, recipient: "u2", createdAt: 3, updatedAt: 4 },
    ];
    await db.insert(t.alerts).values(rows.map((r) => ({ ...r, label: `drizzle ${r.label}` })));
    await insertRowsAsJson(
      db,
      t.alerts,
      rows.map((r) => ({ ...r, label: `json ${r.label}` })),
      {},
    );
    const skip = ["id", "label"];
    const stored = await quoted(db, t.alerts, sql`${t.alerts.label} like 'json %'` as never, skip);
    expect(stored).toHaveLength(2);
    expect(stored).toEqual(await quoted(db, t.alerts, sql`${t.alerts.label} like 'drizzle %'` as never, skip));
    // A default that is SQL, for a column no row gives, is written in the statement (each row its own value, as drizzle's).
    const before = Date.now();
    await insertRowsAsJson(db, t.alerts, [{ label: "sql default", trigger: "new_sales_order", recipient: "u" }], {});
    const [defaulted] = await db.select().from(t.alerts).where(eq(t.alerts.label, "sql default"));
    expect(defaulted!.createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(defaulted!.createdAt).toBeLessThanOrEqual(Date.now() + 1000);
    // One row's value given as SQL is written in place; with several rows, or a default some rows give and others not, it is refused.
    await insertRowsAsJson(db, t.alerts, [{ label: sql`'in ' || 'place'` as never, trigger: "new_sales_order", recipient: "u" }], {});
    expect(await db.select({ id: t.alerts.id }).from(t.alerts).where(eq(t.alerts.label, "in place"))).toHaveLength(1);
    const two = { trigger: "new_sales_order" as const, recipient: "u", createdAt: 1, updatedAt: 1 };
    expect(() =>
      insertRowsAsJson(
        db,
        t.alerts,
        [
          { ...two, label: sql`'x'` as never },
          { ...two, label: "y" },
        ],
        {},
      ),
    ).toThrow(/label/);
    expect(() =>
      insertRowsAsJson(
        db,
        t.alerts,
        [
          { label: "x", trigger: "new_sales_order", recipient: "u" },
          { ...two, label: "y" },
        ],
        {},
      ),
    ).toThrow(/drizzle's insert/);
  });
});
