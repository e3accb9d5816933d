import { asc, eq, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { keptReads, keptSelect, tenantSchema, type TenantDb } from "../../db/client";
import { readable } from "../../worker/domain/shared/stored-figures";
import { readSalesDocument, writtenSalesDocumentReads, writtenSalesDocumentView } from "../../worker/domain/sales/sales-documents";
import { productList } from "../../worker/domain/products/list-products";
import { parseListQuery, type ListQuery } from "../../worker/domain/shared/list-query";
import { runList } from "../../worker/domain/shared/list-query-sql";
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

  it("reads a wide select's rows as one JSON text each, to the same values, and refuses an integer past 2^53 as the client does", async () => {
    const { db } = await makeCompany();
    const c = tenantSchema.customers;
    const texts = ["quote \" and ' and \\", "line\nbreak\ttab", "emoji 🧾 é ü 日本", "[1,2]", '{"a":1}', "", "null"];
    const ids: number[] = [];
    for (const [i, text] of texts.entries()) {
      const [row] = await db
        .insert(c)
        .values({
          number: 900 + i,
          label: text,
          emails: [text, "b@example.com"],
          phone: i % 2 ? null : text,
          active: i % 2 === 0,
          notes: text,
          creditLimit: i === 0 ? Number.MAX_SAFE_INTEGER : i,
          currentBalance: i === 1 ? -Number.MAX_SAFE_INTEGER : 0,
          taxType: i % 2 ? "tax_inclusive" : null,
        })
        .returning({ id: c.id });
      ids.push(row!.id);
    }
    // Read as JSON (two columns or more), and as they come (one at a time with the row's id, merged by row): the same rows.
    const from = sql`${c.number} >= ${sql.placeholder("from")}`;
    const level = tenantSchema.priceLevels;
    const narrowly = async (fields: Record<string, SQLiteColumn | SQL>, join: boolean) => {
      const names = Object.keys(fields);
      // One column per select (read as it comes), in the rows' order: their numbers are unique.
      const parts = await Promise.all(
        names.map((name) => {
          const q = db.select({ [name]: fields[name]! }).from(c);
          return (join ? q.leftJoin(level, eq(level.id, c.priceLevelId)) : q).where(from).orderBy(c.number).prepare().all({ from: 900 });
        }),
      );
      return parts[0]!.map((_, i) => Object.fromEntries(parts.map((p) => Object.entries(p[i]!)[0]!)));
    };
    const joinedFields = {
      id: c.id,
      label: c.label,
      emails: c.emails,
      active: c.active,
      credit: c.creditLimit,
      tax: c.taxType,
      creditRead: readable(c.creditLimit),
      level: level.label,
      levelId: level.id,
    };
    const wide = (db: TenantDb) => db.select().from(c).where(from).orderBy(c.number);
    const joined = (db: TenantDb) =>
      db.select(joinedFields).from(c).leftJoin(level, eq(level.id, c.priceLevelId)).where(from).orderBy(c.number);
    const narrow = (db: TenantDb) => db.select({ id: c.id, label: c.label }).from(c).where(from).orderBy(c.number);
    const single = (db: TenantDb) => db.select({ label: c.label }).from(c).where(from).orderBy(c.number);
    // One customer with a price level: a whole joined table as an object, null where nothing joined.
    const [someLevel] = await db.insert(level).values({ label: "Niveau JSON", type: "selling" }).returning();
    await db.update(c).set({ priceLevelId: someLevel!.id }).where(eq(c.id, ids[1]!));
    const nested = (db: TenantDb) => db.select().from(c).leftJoin(level, eq(level.id, c.priceLevelId)).where(from).orderBy(c.number);
    const wideRows = await narrowly(getTableColumns(c), false);
    const cases = [
      [nested, wideRows.map((row) => ({ customers: row, price_levels: row.priceLevelId === someLevel!.id ? someLevel : null }))],
      [wide, wideRows],
      [joined, await narrowly(joinedFields, true)],
      [narrow, await narrowly({ id: c.id, label: c.label }, false)],
      [single, await narrowly({ label: c.label }, false)],
    ] as const;
    for (const [build, expected] of cases) {
      expect(expected).toHaveLength(texts.length);
      expect(await build(db).prepare().all({ from: 900 })).toEqual(expected);
      expect(await build(db).prepare().get({ from: 900 })).toEqual(expected[0]);
      const kept = keptSelect(build as (db: TenantDb) => ReturnType<typeof narrow>);
      expect(await kept(db, { from: 900 })).toEqual(expected);
      const [inBatch] = await db.batch([kept(db, { from: 900 })]);
      expect(inBatch).toEqual(expected);
    }
    expect(cases[1][1][0]).toMatchObject({
      label: texts[0],
      emails: [texts[0], "b@example.com"],
      active: true,
      creditLimit: Number.MAX_SAFE_INTEGER,
    });
    // The selects of two columns or more are sent as JSON rows, the one of a single column as it is.
    const sentSql = (build: (db: TenantDb) => object) =>
      (build(db) as { _prepare(): { getQuery(): { sql: string } } })._prepare().getQuery().sql;
    expect(sentSql(wide)).toMatch(/^select json_array\("id", "number", "label", /);
    expect(sentSql(joined)).toMatch(/^select json_array\("customers"\."id", /);
    expect(sentSql(nested)).toMatch(/^select json_array\("customers"\."id", .*"price_levels"\."created_at"\) as "__json_row" from /);
    expect(sentSql(narrow)).toMatch(/^select json_array\("id", "label"\) as "__json_row" from /);
    expect(sentSql(single)).toMatch(/^select "label" from /);
    // A text holding NUL comes whole as JSON (the local server's plain read stops at the NUL).
    const [nul] = await db.insert(c).values({ number: 999, label: "nul \u0000 inside" }).returning({ id: c.id });
    expect((await wide(db).prepare().all({ from: 999 })).map((r) => [r.id, r.label])).toEqual([[nul!.id, "nul \u0000 inside"]]);
    await db.delete(c).where(eq(c.id, nul!.id));
    // Past 2^53: the client refuses the narrow read, the JSON read refuses it too.
    await db
      .update(c)
      .set({ creditLimit: sql`9007199254740993` })
      .where(eq(c.id, ids[2]!));
    await expect(narrowly(getTableColumns(c), false)).rejects.toMatchObject({ cause: expect.any(RangeError) });
    await expect(wide(db).prepare().all({ from: 900 })).rejects.toThrow(/too large to be safely represented/);
    await expect(keptSelect(wide)(db, { from: 900 })).rejects.toThrow(/too large to be safely represented/);
  });
});

describe("kept lists", () => {
  it("a list's page and count, kept once, are the list built at each call, whatever its filters, search, sort and page", async () => {
    const { db } = await makeCompany();
    const p = tenantSchema.products;
    // Labels a search or a sort could trip on: quotes, `?`, `%`, `_`, cases and accents.
    const labels = ["alpha", "Alpha ?", "béta's", "Gamma_1", "gamma%2", "delta", "Delta ?'?", "epsilon", "Zeta", "eta"];
    await db
      .insert(p)
      .values(labels.map((label, i) => ({ label, kind: i % 3 === 0 ? ("kit" as const) : ("single" as const), active: i % 4 !== 0 })));
    const rebuilt = (query: ListQuery) =>
      runList(db, { select: () => db.select().from(p).$dynamic(), registry: productList, query, where: sql`${p.label} <> 'eta'` });
    const kept = (query: ListQuery) => runList(db, { from: p, registry: productList, query, where: sql`${p.label} <> 'eta'` });
    const queries = [
      "",
      "sort=-label",
      "sort=kind,-id&page_size=3&page=1",
      "search=Alpha ?",
      "search=delta ?'",
      "search=gamma_",
      "search=%",
      "kind=kit&active=true",
      "label__Contains=?&sort=-created_at",
      "page_size=-1",
      "page_size=4&page=9",
    ];
    for (const text of queries) {
      const query = parseListQuery({ ...Object.fromEntries(new URLSearchParams(text)), total_count: "true" }, productList);
      const [a, b] = [await kept(query), await rebuilt(query)];
      expect(a, text).toEqual(b);
      expect(a.totalCount, text).toBeDefined();
    }
    // Twice in a row and for another company: the kept text takes each call's values, on each handle.
    const other = await makeCompany();
    await other.db.insert(p).values({ label: "Only in the other" });
    const all = parseListQuery({ total_count: "true" }, productList);
    expect((await runList(other.db, { from: p, registry: productList, query: all })).items.map((r) => r.label)).toEqual([
      "Only in the other",
    ]);
    expect((await kept(all)).totalCount).toBe(labels.length - 1);
  });

  it("a list's related reads are built once, and each call reads its own page's rows on its own company's handle", async () => {
    const p = tenantSchema.products;
    const v = tenantSchema.variants;
    let built = 0;
    const related = (db: TenantDb, ids: SQLWrapper) => {
      built++;
      return [db.select({ sku: v.sku }).from(v).where(inArray(v.productId, ids)).orderBy(asc(v.sku))] as const;
    };
    const companies = [
      { prefix: "M", company: await makeCompany() },
      { prefix: "T", company: await makeCompany() },
    ];
    for (const { prefix, company } of companies)
      for (let i = 0; i < 5; i++) {
        const [product] = await company.db
          .insert(p)
          .values({ label: `${prefix} product ${i}` })
          .returning();
        await company.db.insert(v).values(["a", "b"].map((x) => ({ productId: product!.id, label: x, sku: `${prefix}-${i}-${x}` })));
      }
    for (const text of ["page_size=2", "page_size=2&page=1", "sort=-label&page_size=3", "search=M product 4", "search=T product", "page=9"])
      for (const { prefix, company } of companies) {
        const query = parseListQuery(new URLSearchParams(text), productList);
        const page = await runList(company.db, { from: p, registry: productList, query, related });
        // Each product's two variants, from the page's own products, in this company only.
        const skus = page.items.flatMap((item) => ["a", "b"].map((x) => `${item.label.replace(" product ", "-")}-${x}`)).sort();
        expect(
          page.related[0].map((r) => r.sku),
          `${prefix}: ${text}`,
        ).toEqual(skus);
        expect(
          skus.every((sku) => sku.startsWith(`${prefix}-`)),
          `${prefix}: ${text}`,
        ).toBe(true);
      }
    expect(built).toBe(1);
  });
});
