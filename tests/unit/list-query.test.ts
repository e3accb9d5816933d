import { createClient, type Client } from "@libsql/client/web";
import { or, sql } from "drizzle-orm";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
import { integer, QueryBuilder, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { startDbServer, type DbServer } from "../../db/server/server";
import { Decimal } from "../../worker/domain/shared/decimal";
import { DomainError } from "../../worker/domain/shared/domain-error";
import { parseListQuery, type ListQuery, type ParseListOptions } from "../../worker/domain/shared/list-query";
import {
  defineListRegistry,
  escapeLike,
  likePrefix,
  listLimits,
  listOrderBy,
  listWhere,
  runList,
  type ListResult,
} from "../../worker/domain/shared/list-query-sql";

const items = sqliteTable("items", {
  id: integer("id").primaryKey(),
  label: text("label").notNull(),
  sku: text("sku").notNull(),
  price: integer("price").notNull(), // exact, 4 decimals
  stock: integer("stock").notNull(),
  active: integer("active", { mode: "boolean" }).notNull(),
  kind: text("kind", { enum: ["product", "service"] }).notNull(),
  day: text("day").notNull(),
  ref: text("ref").notNull(),
  createdAt: integer("created_at").notNull(),
});

const registry = defineListRegistry({
  primaryKey: items.id,
  fields: {
    id: { type: "id", column: items.id, sortable: true },
    label: { type: "text", column: items.label, sortColumn: sql`${items.label} collate nocase`, sortable: true },
    sku: { type: "text", column: items.sku, sortable: true },
    price: { type: "decimal", scale: 4, column: items.price, sortable: true },
    stock: { type: "number", column: items.stock, sortable: true },
    active: { type: "boolean", column: items.active },
    kind: { type: "enum", values: ["product", "service"], column: items.kind },
    day: { type: "date", column: items.day, sortable: true },
    ref: { type: "id", format: "text", column: items.ref },
    created: { type: "number", column: items.createdAt, sortable: true, filterable: false },
  },
  search: (text: string) => or(likePrefix(items.label, text), likePrefix(items.sku, text)),
});

const parse = (input: string | Record<string, unknown>, options?: ParseListOptions) =>
  parseListQuery(typeof input === "string" ? new URLSearchParams(input) : input, registry, options);

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

describe("reading list parameters", () => {
  it("gives page 0, 50 rows, label ascending, no count and no filter when nothing is asked", () => {
    expect(parse("")).toEqual({
      page: 0,
      page_size: 50,
      limit: 50,
      offset: 0,
      sort: [{ by: "label", direction: "asc" }],
      total_count: false,
      filter: { conditions: [], or: [] },
    });
    expect(parse({})).toEqual(parse(""));
  });

  it("takes the default sort and page size of the entity, then of the call", () => {
    const noLabel = defineListRegistry({ primaryKey: items.id, fields: { sku: { type: "text", column: items.sku, sortable: true } } });
    expect(parseListQuery(new URLSearchParams(), noLabel).sort).toEqual([]);
    const custom = defineListRegistry({ ...registry, defaultSort: [{ by: "created", direction: "desc" }], defaultPageSize: 28 });
    expect(parseListQuery({}, custom)).toMatchObject({ sort: [{ by: "created", direction: "desc" }], page_size: 28, limit: 28 });
    expect(parseListQuery({}, custom, { defaultPageSize: 10 }).page_size).toBe(10);
  });

  it("turns page and page size into an offset", () => {
    expect(parse("page=3&page_size=20")).toMatchObject({ page: 3, page_size: 20, limit: 20, offset: 60 });
    expect(parse({ page: 2, page_size: 500 })).toMatchObject({ limit: 500, offset: 1000 });
  });

  it("reads page size -1 as every row, up to maxAll, on a single page", () => {
    expect(parse("page_size=-1&page=4")).toMatchObject({ page: 0, page_size: -1, limit: 10_000, offset: 0 });
    expect(parse({ page_size: -1 }, { maxAll: 300 })).toMatchObject({ page_size: -1, limit: 300 });
  });

  it("reads the total_count flag and the search text", () => {
    expect(parse("total_count=true&search=%20abc%20")).toMatchObject({ total_count: true, search: "abc" });
    expect(parse({ total_count: true }).total_count).toBe(true);
    expect(parse("total_count=0").total_count).toBe(false);
    expect(parse("search=%20%20")).not.toHaveProperty("search");
  });

  it("reads every operator from a query string, with typed values", () => {
    const query = parse(
      "kind=product&stock__In=1,2,3&price__Between=1.5,20&stock__Gte=3&day__Lte=2024-05-01&label__Contains=50%25&active=true&ref=r-1&id__In=4,5",
    );
    expect(query.filter.or).toEqual([]);
    expect(query.filter.conditions).toEqual([
      { field: "kind", op: "eq", value: "product" },
      { field: "stock", op: "In", values: [1, 2, 3] },
      { field: "price", op: "Between", from: expect.any(Decimal), to: expect.any(Decimal) },
      { field: "stock", op: "Gte", value: 3 },
      { field: "day", op: "Lte", value: "2024-05-01" },
      { field: "label", op: "Contains", value: "50%" },
      { field: "active", op: "eq", value: true },
      { field: "ref", op: "eq", value: "r-1" },
      { field: "id", op: "In", values: [4, 5] },
    ]);
    const between = query.filter.conditions[2] as { from: Decimal; to: Decimal };
    expect([between.from.toString(), between.to.toString()]).toEqual(["1.5000", "20.0000"]);
  });

  it("reads the same filters from a JSON body, arrays and native types included", () => {
    const query = parse({
      stock__In: [1, "2"],
      active: false,
      price__Gte: 12.5,
      label__In: ["a,b", "c"],
      day__Between: ["2024-01-01", "2024-01-31"],
    });
    expect(query.filter.conditions).toEqual([
      { field: "stock", op: "In", values: [1, 2] },
      { field: "active", op: "eq", value: false },
      { field: "price", op: "Gte", value: Decimal.parse("12.5").round(4) },
      { field: "label", op: "In", values: ["a,b", "c"] },
      { field: "day", op: "Between", from: "2024-01-01", to: "2024-01-31" },
    ]);
  });

  it("reads a date filter typed as DD/MM/YYYY or ISO with an offset as its calendar day", () => {
    expect(parse("day__Gte=24/11/2026&day__Lte=2026-11-30T10:00:00%2B01:00").filter.conditions).toEqual([
      { field: "day", op: "Gte", value: "2026-11-24" },
      { field: "day", op: "Lte", value: "2026-11-30" },
    ]);
  });

  it("accepts a JSON array in a query string for values that hold commas", () => {
    expect(parse('label__In=["a,b","c"]').filter.conditions).toEqual([{ field: "label", op: "In", values: ["a,b", "c"] }]);
  });

  it("turns a range with one open side into a one-sided comparison", () => {
    expect(parse("stock__Between=5,").filter.conditions).toEqual([{ field: "stock", op: "Gte", value: 5 }]);
    expect(parse({ stock__Between: [null, 9] }).filter.conditions).toEqual([{ field: "stock", op: "Lte", value: 9 }]);
  });

  it("reads or-groups from JSON and from an or parameter, nested and repeated", () => {
    const fromJson = parse({ active: true, or: [{ kind: "service" }, { price__Gte: "10", or: [{ stock: 1 }, { stock: 2 }] }] });
    expect(fromJson.filter).toEqual({
      conditions: [{ field: "active", op: "eq", value: true }],
      or: [
        [
          { conditions: [{ field: "kind", op: "eq", value: "service" }], or: [] },
          {
            conditions: [{ field: "price", op: "Gte", value: Decimal.parse("10").round(4) }],
            or: [
              [
                { conditions: [{ field: "stock", op: "eq", value: 1 }], or: [] },
                { conditions: [{ field: "stock", op: "eq", value: 2 }], or: [] },
              ],
            ],
          },
        ],
      ],
    });
    const branches = [{ kind: "service" }, { price__Gte: "10", or: [{ stock: 1 }, { stock: 2 }] }];
    const fromString = parse(`active=true&or=${encodeURIComponent(JSON.stringify(branches))}`);
    expect(fromString.filter).toEqual(fromJson.filter);
    const repeated = parse(
      `or=${encodeURIComponent('[{"kind":"service"},{"stock":1}]')}&or=${encodeURIComponent('[{"active":true},{"stock":2}]')}`,
    );
    expect(repeated.filter.or).toHaveLength(2);
  });

  it("drops filters without a value: blank strings, null, empty arrays, empty ranges and empty or-branches", () => {
    expect(
      parse("kind=&label__In=&price__Between=,&stock__In=,,&or=" + encodeURIComponent('[{"kind":""},{"stock__In":[]}]')).filter,
    ).toEqual({
      conditions: [],
      or: [],
    });
    expect(parse({ kind: null, label__In: [], stock: " ", or: [{ kind: "" }, { stock: 3 }] }).filter).toEqual({
      conditions: [],
      or: [[{ conditions: [{ field: "stock", op: "eq", value: 3 }], or: [] }]],
    });
    expect(parse("stock__In=1,,2").filter.conditions).toEqual([{ field: "stock", op: "In", values: [1, 2] }]);
  });

  it("reads filters from a saved view's filters object, as JSON in a query string too", () => {
    const expected = [{ field: "kind", op: "eq", value: "service" }];
    expect(parse({ filters: { kind: "service" } }).filter.conditions).toEqual(expected);
    expect(parse(`filters=${encodeURIComponent('{"kind":"service"}')}`).filter.conditions).toEqual(expected);
  });

  it("skips the keys a screen keeps for itself when told to", () => {
    expect(parse("columns=label,sku&kind=product", { ignoreKeys: ["columns"] }).filter.conditions).toHaveLength(1);
    expect(errorOf(() => parse("columns=label,sku")).fields).toEqual({ columns: { code: "unknown_filter", params: { field: "columns" } } });
  });

  it.each([
    [
      "sort=label,-created",
      [
        { by: "label", direction: "asc" },
        { by: "created", direction: "desc" },
      ],
    ],
    ["sort=%2Bsku", [{ by: "sku", direction: "asc" }]],
    [
      "sort=-price&sort=id",
      [
        { by: "price", direction: "desc" },
        { by: "id", direction: "asc" },
      ],
    ],
    ["sort=label,-label", [{ by: "label", direction: "asc" }]],
    [
      `sort=${encodeURIComponent('[{"by":"price","direction":"DESC"},{"by":"sku"}]')}`,
      [
        { by: "price", direction: "desc" },
        { by: "sku", direction: "asc" },
      ],
    ],
    ["sort=", [{ by: "label", direction: "asc" }]],
  ])("reads %s as a sort", (input, expected) => {
    expect(parse(input).sort).toEqual(expected);
  });

  it("reads a sort from a JSON body as objects, terms or one string", () => {
    expect(parse({ sort: [{ by: "day", direction: "desc" }] }).sort).toEqual([{ by: "day", direction: "desc" }]);
    expect(parse({ sort: ["-day", "sku"] }).sort).toEqual([
      { by: "day", direction: "desc" },
      { by: "sku", direction: "asc" },
    ]);
    expect(parse({ sort: "-day" }).sort).toEqual([{ by: "day", direction: "desc" }]);
  });
});

describe("refusing bad list parameters", () => {
  it.each([
    ["nope=1", "nope", { code: "unknown_filter", params: { field: "nope" } }],
    ["created=1", "created", { code: "unknown_filter", params: { field: "created" } }],
    ["price__Like=1", "price__Like", { code: "invalid_operator", params: { operator: "Like" } }],
    ["price__in=1", "price__in", { code: "invalid_operator", params: { operator: "in" } }],
    ["stock__Contains=1", "stock__Contains", { code: "invalid_operator", params: { operator: "Contains" } }],
    ["active__In=true", "active__In", { code: "invalid_operator", params: { operator: "In" } }],
    ["price=abc", "price", { code: "invalid_number" }],
    ["price=1.23456", "price", { code: "too_many_decimals", params: { max: 4 } }],
    ["stock__Gte=1e3", "stock__Gte", { code: "invalid_number" }],
    ["stock__In=1,x", "stock__In", { code: "invalid_number" }],
    ["day=2024-02-30", "day", { code: "invalid_date" }],
    ["day=1970-01-01", "day", { code: "invalid_date" }],
    ["day__Between=2024-01-01", "day__Between", { code: "invalid_filter_value" }],
    ["day__Between=2024-01-01,2024-01-02,2024-01-03", "day__Between", { code: "invalid_filter_value" }],
    ["active=yes", "active", { code: "invalid_filter_value" }],
    ["kind=other", "kind", { code: "invalid_filter_value", params: { values: "product, service" } }],
    ["id=0", "id", { code: "invalid_filter_value" }],
    ["ref=a%20b", "ref", { code: "invalid_filter_value" }],
    ["kind=product&kind=service", "kind", { code: "invalid_filter_value" }],
    [`label=${"x".repeat(201)}`, "label", { code: "too_long" }],
    ["page=-1", "page", { code: "too_small" }],
    ["page=1.5", "page", { code: "invalid_number" }],
    ["page_size=0", "page_size", { code: "page_size_invalid", params: { max: 500 } }],
    ["page_size=501", "page_size", { code: "page_size_invalid", params: { max: 500 } }],
    ["page_size=-2", "page_size", { code: "page_size_invalid", params: { max: 500 } }],
    ["page_size=ten", "page_size", { code: "page_size_invalid", params: { max: 500 } }],
    ["total_count=maybe", "total_count", { code: "invalid" }],
    ["sort=nope", "sort", { code: "unknown_sort", params: { by: "nope" } }],
    ["sort=active", "sort", { code: "unknown_sort", params: { by: "active" } }],
    ["sort=a,b,c,d,e,f", "sort", { code: "too_long", params: { max: 5 } }],
    [`sort=${encodeURIComponent('[{"by":"sku","direction":"up"}]')}`, "sort", { code: "invalid" }],
    ["or=[oops", "or", { code: "invalid" }],
    [`or=${encodeURIComponent('{"kind":"product"}')}`, "or", { code: "invalid" }],
    [`or=${encodeURIComponent('[{"kind":"product"},{"price":"x"}]')}`, "or.1.price", { code: "invalid_number" }],
    [`filters=${encodeURIComponent('{"nope":1}')}`, "filters.nope", { code: "unknown_filter", params: { field: "nope" } }],
  ])("refuses %s, naming %s", (input, field, expected) => {
    const error = errorOf(() => parse(input));
    expect(error.code).toBe("validation_failed");
    expect(error.fields?.[field]).toEqual(expected);
  });

  it("names every bad parameter at once", () => {
    const error = errorOf(() =>
      parse({ nope: 1, price: "x", sort: "-nope", page_size: 0, or: [{ kind: "product" }, { day: "tomorrow" }] }),
    );
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(["nope", "or.1.day", "page_size", "price", "sort"]);
  });

  it("refuses a JSON filter value of the wrong shape", () => {
    expect(errorOf(() => parse({ kind: { eq: "product" } })).fields).toEqual({ kind: { code: "invalid_filter_value" } });
    expect(errorOf(() => parse({ stock__In: [[1]] })).fields).toEqual({ stock__In: { code: "invalid_filter_value" } });
    expect(errorOf(() => parse({ stock__In: Array.from({ length: 501 }, (_, i) => i) })).fields).toEqual({
      stock__In: { code: "too_long", params: { max: 500 } },
    });
  });

  it("refuses or-groups nested too deep", () => {
    const deep = { or: [{ or: [{ or: [{ or: [{ stock: 1 }] }] }] }] };
    expect(errorOf(() => parse(deep)).fields).toEqual({ "or.0.or.0.or.0.or": { code: "invalid" } });
  });

  it("refuses a search where the entity has none", () => {
    const plain = defineListRegistry({ primaryKey: items.id, fields: { label: { type: "text", column: items.label, sortable: true } } });
    expect(errorOf(() => parseListQuery(new URLSearchParams("search=x"), plain)).fields).toEqual({
      search: { code: "unknown_filter", params: { field: "search" } },
    });
  });

  it("refuses a registry with a field name the parameters cannot spell", () => {
    expect(() => defineListRegistry({ primaryKey: items.id, fields: { a__b: { type: "text", column: items.label } } })).toThrow(/reserved/);
    expect(() => defineListRegistry({ ...registry, defaultSort: [{ by: "active", direction: "asc" }] })).toThrow(/not a sortable/);
  });
});

describe("translating a list query to SQL", () => {
  const qb = new QueryBuilder();
  const toSql = (query: ListQuery) =>
    qb
      .select({ id: items.id })
      .from(items)
      .where(listWhere(registry, query))
      .orderBy(...listOrderBy(registry, query))
      .limit(listLimits(query).limit)
      .offset(listLimits(query).offset)
      .toSQL();

  it("orders by label without case, then by id, a page at a time", () => {
    expect(toSql(parse("page=2&page_size=10"))).toEqual({
      sql: 'select "id" from "items" order by "items"."label" collate nocase asc, "items"."id" asc limit ? offset ?',
      params: [10, 20],
    });
  });

  it("does not repeat the primary key when the sort already uses it", () => {
    expect(toSql(parse("sort=-id,sku")).sql).toBe('select "id" from "items" order by "items"."id" desc, "items"."sku" asc limit ?');
  });

  it("binds every value as a parameter: booleans as 0/1, decimals as scaled integers", () => {
    const query = parse("active=true&price__Between=1.5,20&kind__In=product,service&day__Gte=2024-01-01&sort=sku");
    expect(toSql(query)).toEqual({
      sql:
        'select "id" from "items" where ("items"."active" = ? and "items"."price" between ? and ? and "items"."kind" in (?, ?) and "items"."day" >= ?) ' +
        'order by "items"."sku" asc, "items"."id" asc limit ?',
      params: [1, 15000n, 200000n, "product", "service", "2024-01-01", 50],
    });
  });

  it("escapes %, _ and the backslash in a contains filter", () => {
    const query = parse({ label__Contains: "50%_a\\b", sort: "sku" });
    const { sql: text, params } = toSql(query);
    expect(text).toContain(`where "items"."label" like ? escape '\\'`);
    expect(params[0]).toBe("%50\\%\\_a\\\\b%");
    expect(escapeLike("a%b_c\\d")).toBe("a\\%b\\_c\\\\d");
  });

  it("puts or-groups in parentheses and hands the search to the entity", () => {
    const query = parse({ stock: 1, or: [{ kind: "service" }, { price__Lte: 2, active: false }], search: "ab%", sort: "sku" });
    expect(toSql(query)).toEqual({
      sql:
        'select "id" from "items" where (("items"."stock" = ? and ("items"."kind" = ? or ("items"."price" <= ? and "items"."active" = ?))) ' +
        `and ("items"."label" like ? escape '\\' or "items"."sku" like ? escape '\\')) order by "items"."sku" asc, "items"."id" asc limit ?`,
      params: [1, "service", 20000n, 0, "ab\\%%", "ab\\%%", 50],
    });
  });

  it("has no WHERE without filters, and ANDs a fixed condition", () => {
    expect(listWhere(registry, parse(""))).toBeUndefined();
    const scoped = qb
      .select({ id: items.id })
      .from(items)
      .where(listWhere(registry, parse("kind=service"), sql`${items.active} = 1`))
      .toSQL();
    expect(scoped.sql).toBe('select "id" from "items" where ("items"."active" = 1 and "items"."kind" = ?)');
  });
});

describe("running lists against the local libSQL server", () => {
  let dir: string;
  let server: DbServer;
  let client: Client;
  let db: LibSQLDatabase<Record<string, never>>;
  type Row = typeof items.$inferSelect;
  const rows: Row[] = [];

  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const special: Record<number, string> = { 7: "50% off", 8: "50 percent off", 9: "a_b", 10: "axb", 11: "back\\slash", 12: "backXslash" };
  for (let i = 1; i <= 200; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    rows.push({
      id: i,
      // Each plain label occurs five times, in mixed case: the order rests on the tie-breaker.
      label: special[i] ?? `${i % 3 === 0 ? "item" : "Item"} ${pad(i % 40)}`,
      sku: `SKU-${pad(i, 3)}`,
      price: (i * 1250) % 100_000,
      stock: i % 17,
      active: i % 2 === 0,
      kind: i % 5 === 0 ? "service" : "product",
      day,
      ref: `r${i}`,
      createdAt: 1_700_000_000_000 + (i % 10) * 1000,
    });
  }
  // SQLite's NOCASE folds ASCII letters only, like toLowerCase on these labels.
  const byLabel = (a: Row, b: Row) => {
    const [x, y] = [a.label.toLowerCase(), b.label.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  };
  const ids = (list: { id: number }[]) => list.map((r) => r.id);
  const list = (input: string | Record<string, unknown>, options?: ParseListOptions) =>
    runList(db, { from: items, registry, query: parse(input, options) });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "list-query-test-"));
    server = await startDbServer({ dir, port: 0 });
    const created = await fetch(`${server.url}/admin/databases`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "lists" }),
    });
    expect(created.status).toBe(201);
    client = createClient({ url: `${server.url}/lists/`, intMode: "number" });
    db = drizzle(client);
    await client.executeMultiple(`
      CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT NOT NULL, sku TEXT NOT NULL, price INTEGER NOT NULL, stock INTEGER NOT NULL,
        active INTEGER NOT NULL, kind TEXT NOT NULL, day TEXT NOT NULL, ref TEXT NOT NULL, created_at INTEGER NOT NULL);
      CREATE INDEX items_label_nocase ON items (label COLLATE NOCASE);
      CREATE INDEX items_sku_nocase ON items (sku COLLATE NOCASE);
    `);
    await db.insert(items).values(rows);
  });

  afterAll(async () => {
    client?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("pages through every row once, by label then id, with the total on each page", async () => {
    const seen: number[] = [];
    for (let page = 0; page < 7; page++) {
      const result = await list(`page=${page}&page_size=30&total_count=true`);
      expect(result).toMatchObject({ page, page_size: 30, totalCount: 200 });
      expect(result.items.length).toBe(page < 6 ? 30 : 20);
      seen.push(...ids(result.items));
    }
    expect(seen).toEqual(ids([...rows].sort(byLabel)));
    expect((await list("page=7&page_size=30")).items).toEqual([]);
  });

  it("keeps pages stable on a sort full of ties", async () => {
    const expected = [...rows].sort((a, b) => b.createdAt - a.createdAt || a.id - b.id);
    const pages = await Promise.all([0, 1, 2, 3].map((page) => list(`sort=-created&page=${page}&page_size=50`)));
    expect(pages.flatMap((p) => ids(p.items))).toEqual(ids(expected));
  });

  it("returns typed rows and leaves totalCount out unless asked", async () => {
    const result = await list("ref=r4");
    expect(result).toEqual({ items: [rows[3]], page: 0, page_size: 50 });
    expect(result).not.toHaveProperty("totalCount");
  });

  it.each<[string, (r: Row) => boolean]>([
    ["kind=service", (r) => r.kind === "service"],
    ["active=false", (r) => !r.active],
    ["stock__In=1,2,3", (r) => [1, 2, 3].includes(r.stock)],
    ["price__Between=1,5", (r) => r.price >= 10_000 && r.price <= 50_000],
    ["price__Gte=9.5&price__Lte=9.75", (r) => r.price >= 95_000 && r.price <= 97_500],
    ["price=0.125", (r) => r.price === 1250],
    ["day__Gte=2024-06-01", (r) => r.day >= "2024-06-01"],
    ["day__Between=2024-02-01,2024-02-29", (r) => r.day >= "2024-02-01" && r.day <= "2024-02-29"],
    ["ref__In=r1,r2,r300", (r) => ["r1", "r2"].includes(r.ref)],
    ["id__In=5,6", (r) => r.id === 5 || r.id === 6],
    ["label__In=Item 01,item 03", (r) => ["Item 01", "item 03"].includes(r.label)],
    ["sku__Between=SKU-010,SKU-019", (r) => r.sku >= "SKU-010" && r.sku <= "SKU-019"],
    [
      `active=true&or=${encodeURIComponent('[{"kind":"service"},{"stock__Lte":2}]')}`,
      (r) => r.active && (r.kind === "service" || r.stock <= 2),
    ],
    [
      `or=${encodeURIComponent('[{"stock":1},{"stock":2}]')}&or=${encodeURIComponent('[{"kind":"service"},{"active":false}]')}`,
      (r) => (r.stock === 1 || r.stock === 2) && (r.kind === "service" || !r.active),
    ],
    ["label__Contains=50%25", (r) => r.label === "50% off"],
    ["label__Contains=a_b", (r) => r.label === "a_b"],
    ["label__Contains=k%5Cs", (r) => r.label === "back\\slash"],
    ["label__Contains=TEM 0", (r) => /item 0/i.test(r.label)],
    ["search=sku-01", (r) => r.sku.startsWith("SKU-01")],
    ["search=50%25", (r) => r.label.startsWith("50%")],
    ["search=ITEM 1", (r) => /^item 1/i.test(r.label)],
  ])("filters %s as the rows say", async (input, predicate) => {
    const expected = rows.filter(predicate).sort(byLabel);
    expect(expected.length).toBeGreaterThan(0);
    const result = await list(`${input}&page_size=-1&total_count=true`);
    expect(ids(result.items)).toEqual(ids(expected));
    expect(result.totalCount).toBe(expected.length);
  });

  it("caps page size -1 at maxAll and still counts every row", async () => {
    const result = await list("page_size=-1&total_count=true", { maxAll: 150 });
    expect(result.items.length).toBe(150);
    expect(result).toMatchObject({ page: 0, page_size: -1, totalCount: 200 });
  });

  it("runs a select of the caller's with a fixed condition, counting through it", async () => {
    const result = await runList(db, {
      select: () => db.select({ id: items.id, label: items.label }).from(items).$dynamic(),
      where: sql`${items.active} = 1`,
      registry,
      query: parse("kind=service&sort=-id&page_size=5&total_count=true"),
    });
    const expected = rows.filter((r) => r.active && r.kind === "service").sort((a, b) => b.id - a.id);
    expect(result.items).toEqual(expected.slice(0, 5).map(({ id, label }) => ({ id, label })));
    expect(result.totalCount).toBe(expected.length);
  });

  it("lets SQLite answer the prefix search from the label and sku indexes", async () => {
    const query = new QueryBuilder()
      .select({ id: items.id })
      .from(items)
      .where(listWhere(registry, parse("search=Item 1")))
      .toSQL();
    const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${query.sql}`, args: query.params as never });
    const details = plan.rows.map((r) => String(r.detail)).join("\n");
    // The LIKE optimization turns each prefix into a range on its NOCASE index, even with ESCAPE and a bound parameter.
    expect(details).toContain("SEARCH items USING INDEX items_label_nocase (label>? AND label<?)");
    expect(details).toContain("SEARCH items USING INDEX items_sku_nocase (sku>? AND sku<?)");
    expect(details).not.toMatch(/^SCAN items/m);
  });
});

describe("the types runList gives", () => {
  it("infers the row type from a tenant table or from the caller's select", () => {
    const { locations } = tenantSchema;
    const locationList = defineListRegistry({
      primaryKey: locations.id,
      fields: { label: { type: "text", column: locations.label, sortable: true } },
    });
    const fromTable = (db: TenantDb) => runList(db, { from: locations, registry: locationList, query: parseListQuery({}, locationList) });
    const fromSelect = (db: TenantDb) =>
      runList(db, {
        select: () => db.select({ id: locations.id, label: locations.label }).from(locations).$dynamic(),
        registry: locationList,
        query: parseListQuery({}, locationList),
      });
    expectTypeOf(fromTable).returns.toEqualTypeOf<Promise<ListResult<typeof locations.$inferSelect>>>();
    expectTypeOf(fromSelect).returns.toEqualTypeOf<Promise<ListResult<{ id: number; label: string }>>>();
  });
});
