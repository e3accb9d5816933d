import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { keptReads, keptSelect, tenantSchema, type TenantDb } from "../../db/client";
import { readSalesDocument, writtenSalesDocumentReads, writtenSalesDocumentView } from "../../worker/domain/sales/sales-documents";
import { makeCompany } from "../support/factories";
import { orderFor, pricedVariant, salesWorld } from "./sales-fixtures";

// Statements built once per isolate (db/client.ts): each call fills their placeholders, a value or
// SQL spliced in the place of its `?` with its own parameters.

const spliced = keptReads((db: TenantDb) => [
  db.all<{ q: string; a: number; b: number; c: string }>(
    sql`select '?''?' as q, ${sql.placeholder("a")} as a, /* ? */ ${sql.placeholder("b")} as b, "c?" as c from (select 'x' as "c?")`,
  ),
]);

describe("kept statements", () => {
  it("fill values, splice SQL values with their parameters, and leave a quoted or commented `?` alone", async () => {
    const { db } = await makeCompany();
    const [plain] = await db.batch(spliced(db, { a: 1, b: 2 }));
    expect(plain).toEqual([{ q: "?'?", a: 1, b: 2, c: "x" }]);
    const [withSql] = await db.batch(spliced(db, { a: 7, b: sql`(select ${3} + ${4} * 10)` }));
    expect(withSql).toEqual([{ q: "?'?", a: 7, b: 43, c: "x" }]);
    // Alone (awaited) as in a batch, and again with other values: the kept text is not changed by a splice.
    expect(await spliced(db, { a: 5, b: 6 })[0]).toEqual([{ q: "?'?", a: 5, b: 6, c: "x" }]);
    expect(() => spliced(db, { a: 1 })).toThrow(/placeholder "b"/);
  });

  it("a select kept once answers each company from its own database", async () => {
    const read = keptSelect((db: TenantDb) => db.select({ label: tenantSchema.locations.label }).from(tenantSchema.locations));
    const [one, two] = [await makeCompany(), await makeCompany()];
    await two.db.update(tenantSchema.locations).set({ label: "Only in the second" });
    expect((await read(one.db)).map((r) => r.label)).not.toContain("Only in the second");
    expect((await read(two.db)).map((r) => r.label)).toContain("Only in the second");
  });

  it("a written document read with its id as SQL is the document as read by its id", async () => {
    const w = await salesWorld();
    const variant = await pricedVariant(w.db, w.level, "12.5");
    const order = await orderFor(w, variant.id, "3");
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const number = order.body.number as string;
    const byNumber = sql`(select id from ${tenantSchema.salesDocuments} where type = ${"sales_order"} and number = ${number})`;
    const view = writtenSalesDocumentView(await w.db.batch(writtenSalesDocumentReads(w.db, byNumber)), "sales_order");
    expect(view).toEqual(await readSalesDocument(w.db, "sales_order", order.body.id));
    expect(view.lines).toHaveLength(1);
    expect(view).toEqual(order.body);
  });
});
