import { and, asc, count, desc, or, sql, type AnyColumn, type Param, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { keptReads, keptSelect, WrittenSql, writtenSql, type Keepable, type KeptQuery, type TenantDb } from "../../../db/client";
import type { SQLiteSelectBase, SQLiteTable } from "drizzle-orm/sqlite-core";
import { Decimal } from "./decimal";
import type { FilterValue, ListCondition, ListField, ListFilter, ListQuery, ListRegistry } from "./list-query";
import { toScaledInteger } from "./money";

/** A column, or an SQL expression (e.g. `sql\`lower(${t.label})\``), a field reads from. */
export type ListExpression = AnyColumn | SQL;

export type SqlListField = ListField & {
  column: ListExpression;
  /** What ORDER BY uses when it differs from `column`, e.g. `sql\`${t.label} collate nocase\``. */
  sortColumn?: ListExpression;
};

/** The registry of list-query.ts with where each field lives, the primary key and the free-text search. */
export interface SqlListRegistry extends ListRegistry<SqlListField> {
  /** The final ORDER BY tie-breaker, so that pages never overlap or skip rows. */
  primaryKey: AnyColumn | readonly AnyColumn[];
  /** The condition for `search`; prefer prefix matches (`likePrefix`) that an index can serve. */
  search?: (text: string) => SQL | undefined;
}

/** Checks a registry once, where it is declared; returns it unchanged. */
export function defineListRegistry<R extends SqlListRegistry>(registry: R): R {
  for (const [name, field] of Object.entries(registry.fields)) {
    if (name.includes("__") || name === "or" || name === "filters") throw new Error(`list field name ${name} is reserved`);
    if (field.type === "decimal" && (!Number.isInteger(field.scale) || field.scale < 0))
      throw new Error(`list field ${name} needs a scale`);
    if (field.type === "enum" && field.values.length === 0) throw new Error(`list field ${name} needs values`);
  }
  for (const { by } of registry.defaultSort ?? [])
    if (!registry.fields[by]?.sortable) throw new Error(`the default sort uses ${by}, which is not a sortable list field`);
  return registry;
}

/** Escapes `\`, `%` and `_` for a LIKE pattern used with ESCAPE '\'. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** `expr LIKE 'text%'`: a prefix match, which SQLite serves from an index on expr (NOCASE for LIKE). */
export function likePrefix(expr: ListExpression, text: string): SQL {
  return sql`${expr} like ${sql.param(`${escapeLike(text)}%`)} escape '\\'`;
}

/** `expr LIKE '%text%'`: the literal text anywhere (a full scan). */
export function likeContains(expr: ListExpression, text: string): SQL {
  return sql`${expr} like ${sql.param(`%${escapeLike(text)}%`)} escape '\\'`;
}

// Values are bound as plain parameters, not through a column's encoder: the parser already gave them
// their type, and the SQL stores booleans as 0/1 and decimals as scaled integers.
function toParam(field: SqlListField, value: FilterValue): Param {
  if (value instanceof Decimal) {
    if (field.type !== "decimal") throw new Error("a decimal value for a non-decimal list field");
    return sql.param(toScaledInteger(value, field.scale));
  }
  if (typeof value === "boolean") return sql.param(value ? 1 : 0);
  return sql.param(value);
}

function fieldOf(registry: SqlListRegistry, name: string): SqlListField {
  const field = Object.hasOwn(registry.fields, name) ? registry.fields[name] : undefined;
  // The parser only lets registered fields through: this is a query parsed against another registry.
  if (!field) throw new Error(`list field ${name} is not in this registry`);
  return field;
}

function conditionSql(registry: SqlListRegistry, condition: ListCondition): SQL {
  const field = fieldOf(registry, condition.field);
  const expr = field.column;
  switch (condition.op) {
    case "eq":
      return sql`${expr} = ${toParam(field, condition.value)}`;
    case "Gte":
      return sql`${expr} >= ${toParam(field, condition.value)}`;
    case "Lte":
      return sql`${expr} <= ${toParam(field, condition.value)}`;
    case "Contains":
      return likeContains(expr, String(condition.value));
    case "In":
      return sql`${expr} in (${sql.join(
        condition.values.map((v) => toParam(field, v)),
        sql`, `,
      )})`;
    case "Between":
      return sql`${expr} between ${toParam(field, condition.from)} and ${toParam(field, condition.to)}`;
  }
}

function filterSql(registry: SqlListRegistry, filter: ListFilter): SQL | undefined {
  return and(
    ...filter.conditions.map((c) => conditionSql(registry, c)),
    ...filter.or.map((group) => or(...group.map((branch) => filterSql(registry, branch)))),
  );
}

/** The WHERE condition: the filters, the search and an optional fixed condition (e.g. the B2B customer). */
export function listWhere(registry: SqlListRegistry, query: ListQuery, base?: SQL): SQL | undefined {
  const search = query.search !== undefined ? registry.search?.(query.search) : undefined;
  return and(base, filterSql(registry, query.filter), search);
}

/** ORDER BY terms: the asked sort, then the primary key (ascending) unless already sorted on. */
export function listOrderBy(registry: SqlListRegistry, query: ListQuery): SQL[] {
  const used = new Set<ListExpression>();
  const terms: SQL[] = [];
  for (const { by, direction } of query.sort) {
    const field = fieldOf(registry, by);
    const expr = field.sortColumn ?? field.column;
    used.add(expr);
    terms.push(direction === "desc" ? desc(expr) : asc(expr));
  }
  const keys: readonly AnyColumn[] = Array.isArray(registry.primaryKey) ? registry.primaryKey : [registry.primaryKey as AnyColumn];
  for (const key of keys) if (!used.has(key)) terms.push(asc(key));
  return terms;
}

export function listLimits(query: ListQuery): { limit: number; offset: number } {
  return { limit: query.limit, offset: query.offset };
}

export interface ListResult<T> {
  items: T[];
  page: number;
  page_size: number;
  /** Only when the query asked for it (`total_count=true`). */
  totalCount?: number;
}

interface RunListCommon {
  registry: SqlListRegistry;
  query: ListQuery;
  /** A condition always applied (scoping), ANDed with the filters: the select must not set its own WHERE. */
  where?: SQL;
}

/** The select builder must be `.$dynamic()` and fresh on each call: builders are mutable, and the count reuses it. */
// Any selection, joins and row type: `any` is how drizzle itself spells "some select" (AnySQLiteSelect).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDynamicSelect = SQLiteSelectBase<any, "async", any, any, any, any, true, never, any, any>;

/**
 * Reads about a page's rows, each given the subquery of the page's primary keys (`in (…)`): a
 * function of the handle and that subquery alone, declared once, as its statements are kept under
 * it (built into SQL once per isolate, the page's ids spliced in at each call).
 */
type RelatedReads<R extends readonly BatchItem<"sqlite">[]> = (db: TenantDb, pageIds: SQLWrapper) => readonly [...R];

const keptRelated = new WeakMap<object, (db: TenantDb, values: Record<string, unknown>) => readonly BatchItem<"sqlite">[]>();

/** A list's related reads as kept statements, filled with the subquery of the page's ids. */
function relatedReads(related: RelatedReads<BatchItem<"sqlite">[]>, db: TenantDb, pageIds: WrittenSql): readonly BatchItem<"sqlite">[] {
  let kept = keptRelated.get(related);
  if (!kept) {
    const build = keptReads((handle: TenantDb) => related(handle, sql`${sql.placeholder("ids")}`) as unknown as readonly Keepable[]);
    kept = (handle, values) => build(handle, values) as unknown as readonly BatchItem<"sqlite">[];
    keptRelated.set(related, kept);
  }
  return kept(db, { ids: pageIds });
}

/** A list's page and count as kept statements (db/client.ts): built into SQL once per isolate, filled at each call. */
interface KeptList {
  items: (db: TenantDb, values: Record<string, unknown>) => KeptQuery<unknown>;
  count: (db: TenantDb, values: Record<string, unknown>) => KeptQuery<{ n: number }>;
}
const keptLists = new WeakMap<object, KeptList>();

/**
 * The kept page and count of a list read from a table, or from a fixed select: the WHERE, the ORDER BY,
 * the limit and the offset are the placeholders the call fills (the first two as SQL, spliced).
 */
function keptList(key: object, rows: (db: TenantDb) => AnyDynamicSelect, table?: SQLiteTable): KeptList {
  let kept = keptLists.get(key);
  if (!kept) {
    const where = sql`${sql.placeholder("where")}`;
    kept = {
      items: keptSelect((db: TenantDb) =>
        rows(db)
          .where(where)
          .orderBy(sql`${sql.placeholder("order")}`)
          .limit(sql.placeholder("limit") as unknown as number)
          .offset(sql.placeholder("offset") as unknown as number),
      ),
      count: keptSelect((db: TenantDb) =>
        table ? db.select({ n: count() }).from(table).where(where) : db.select({ n: count() }).from(rows(db).where(where).as("list_rows")),
      ),
    };
    keptLists.set(key, kept);
  }
  return kept;
}

/** The kept page and count of a list read from a table's own rows. */
const keptTableList = (table: SQLiteTable): KeptList =>
  keptList(table, (handle) => handle.select().from(table).$dynamic() as unknown as AnyDynamicSelect, table);

/** `select <primary key> from <table>` as text, per table: the head of a page's subquery of ids. */
const idsHeads = new WeakMap<SQLiteTable, string>();

/**
 * The subquery of a page's ids (`(select "t"."id" from "t" where … order by … limit ? offset ?)`),
 * from its WHERE and ORDER BY already written: each related read splices this text in.
 */
export function pageIdsSql(
  table: SQLiteTable,
  primaryKey: AnyColumn,
  page: { where: WrittenSql; order: WrittenSql; limit: number; offset: number },
): WrittenSql {
  let head = idsHeads.get(table);
  if (head === undefined) idsHeads.set(table, (head = writtenSql(sql`select ${primaryKey} from ${table}`).sql));
  return new WrittenSql(`(${head} where ${page.where.sql} order by ${page.order.sql} limit ? offset ?)`, [
    ...page.where.params,
    ...page.order.params,
    page.limit,
    page.offset,
  ]);
}

/**
 * Runs a list: one page of rows in the query's order, and when asked the number of rows matching,
 * counted in the same batch (one round trip, one snapshot). `related` reads about the page's rows
 * (their tags, their lookups…) in that batch too, keyed on the page's ids as a subquery.
 *
 * A list read from a table, or from a `fixedSelect` (a function of the handle alone, declared once:
 * it is the key its statements are kept under), sends statements built into SQL once per isolate
 * (db/client.ts `keptSelect`); a `select` is built again at each call.
 */
export async function runList<T extends SQLiteTable, S extends Record<string, unknown>, R extends readonly BatchItem<"sqlite">[]>(
  db: LibSQLDatabase<S>,
  args: RunListCommon & { from: T; related: RelatedReads<R> },
): Promise<ListResult<T["$inferSelect"]> & { related: BatchResponse<R> }>;
export async function runList<T extends SQLiteTable, S extends Record<string, unknown>>(
  db: LibSQLDatabase<S>,
  args: RunListCommon & { from: T },
): Promise<ListResult<T["$inferSelect"]>>;
export async function runList<Q extends AnyDynamicSelect, S extends Record<string, unknown>>(
  db: LibSQLDatabase<S>,
  args: RunListCommon & { select: () => Q },
): Promise<ListResult<Q["_"]["result"][number]>>;
export async function runList<Q extends AnyDynamicSelect, S extends Record<string, unknown>>(
  db: LibSQLDatabase<S>,
  args: RunListCommon & { fixedSelect: (db: TenantDb) => Q; countFrom?: SQLiteTable },
): Promise<ListResult<Q["_"]["result"][number]>>;
export async function runList<S extends Record<string, unknown>>(
  db: LibSQLDatabase<S>,
  args: RunListCommon &
    (
      | { from: SQLiteTable; related?: RelatedReads<BatchItem<"sqlite">[]> }
      | { select: () => AnyDynamicSelect }
      | {
          fixedSelect: (db: TenantDb) => AnyDynamicSelect;
          /**
           * The select's first table, counted alone: for a call whose WHERE reads only that table's
           * columns, when the select's joins keep each of its rows once (inner joins on foreign keys).
           */
          countFrom?: SQLiteTable;
        }
    ),
): Promise<ListResult<unknown> & { related?: unknown[] }> {
  const { registry, query } = args;
  const where = listWhere(registry, query, args.where);
  const order = listOrderBy(registry, query);
  const result: ListResult<unknown> & { related?: unknown[] } = { items: [], page: query.page, page_size: query.page_size };
  let items: BatchItem<"sqlite">;
  let related: readonly BatchItem<"sqlite">[] = [];
  /** The count, built only when asked. */
  let counted: () => BatchItem<"sqlite">;
  if ("select" in args) {
    const rows = () => args.select().where(where);
    items = rows()
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset);
    counted = () => db.select({ n: count() }).from(rows().as("list_rows"));
  } else {
    const kept = "from" in args ? keptTableList(args.from) : keptList(args.fixedSelect, args.fixedSelect);
    const handle = db as unknown as TenantDb;
    // Written into SQL once for the page, the count and the related reads' subquery of ids.
    const values = {
      where: writtenSql(where ?? sql`1`),
      order: writtenSql(sql.join(order, sql`, `)),
      limit: query.limit,
      offset: query.offset,
    };
    items = kept.items(handle, values) as unknown as BatchItem<"sqlite">;
    const countFrom = "fixedSelect" in args ? args.countFrom : undefined;
    const counting = countFrom ? keptTableList(countFrom) : kept;
    counted = () => counting.count(handle, { where: values.where }) as unknown as BatchItem<"sqlite">;
    if ("from" in args && args.related)
      related = relatedReads(args.related, handle, pageIdsSql(args.from, registry.primaryKey as AnyColumn, values));
  }
  const countQuery = query.total_count ? [counted()] : [];
  if (countQuery.length + related.length === 0) {
    result.items = (await (items as unknown as PromiseLike<unknown[]>)) as unknown[];
    return result;
  }
  const [found, ...rest] = await db.batch([items, ...countQuery, ...related] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  result.items = found as unknown[];
  if (query.total_count) result.totalCount = (rest.shift() as { n: number }[])[0]?.n ?? 0;
  if ("from" in args && args.related) result.related = rest;
  return result;
}
