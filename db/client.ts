import type { Client } from "@libsql/client/web";
import { LibsqlError } from "@libsql/core/api";
import { expandConfig } from "@libsql/core/config";
import { encodeBaseUrl } from "@libsql/core/uri";
import {
  createTableRelationsHelpers,
  fillPlaceholders,
  is,
  Param,
  Placeholder,
  SQL,
  extractTablesRelationalConfig,
  type RelationalSchemaConfig,
  type SQLWrapper,
  type TablesRelationalConfig,
} from "drizzle-orm";
import { LibSQLDatabase } from "drizzle-orm/libsql/driver-core";
import { LibSQLSession } from "drizzle-orm/libsql/session";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { RelationalQueryBuilder } from "drizzle-orm/sqlite-core/query-builders/query";
import { hranaHttpClient, type HranaHttpConfig } from "./hrana-http";
import { jsonRowsSql, readJsonRows } from "./json-rows";
import { batchingReads } from "./read-batching";
import * as controlSchema from "./schema/control";
import * as tenantSchema from "./schema/tenant";

export type ControlDb = LibSQLDatabase<typeof controlSchema> & { $client: Client };
export type TenantDb = LibSQLDatabase<typeof tenantSchema> & { $client: Client };

export interface DatabaseAddress {
  url: string;
  authToken?: string | undefined;
}

/**
 * A new client per call (each request builds its own). A client shared by the requests of an
 * isolate queues their statements behind one promise limiter, and Workers refuse I/O resumed on
 * behalf of another request; an HTTP client is cheap to make (no connection, no version probe).
 * It speaks Hrana over HTTP itself (db/hrana-http.ts), as `@libsql/client`'s HTTP client does.
 */
export function libsqlClient({ url, authToken }: DatabaseAddress, roundTrips?: RoundTrips): Client {
  const key = `${url} ${authToken ?? ""}`;
  let base = baseUrls.get(key);
  if (!base) {
    if (baseUrls.size >= BASE_URLS_MAX) baseUrls.clear();
    baseUrls.set(key, (base = baseUrlOf(url, authToken)));
  }
  if (!roundTrips) return hranaHttpClient(base);
  // Each HTTP request to the database is one round trip (a statement, a batch, a step of a transaction).
  const counted: typeof fetch = (...args) => {
    roundTrips.count++;
    return fetch(...args);
  };
  return hranaHttpClient({ ...base, fetch: counted });
}

/** An address as `@libsql/client` reads it (`libsql:` is HTTPS, `?tls=0` HTTP), checked as it checks it. */
function baseUrlOf(url: string, authToken: string | undefined): HranaHttpConfig {
  const config = expandConfig({ url, authToken, intMode: "number" }, true);
  if (config.scheme !== "https" && config.scheme !== "http")
    throw new LibsqlError(
      `The HTTP client supports only "libsql:", "https:" and "http:" URLs, got ${JSON.stringify(`${config.scheme}:`)}.`,
      "URL_SCHEME_NOT_SUPPORTED",
    );
  if (config.scheme === "http" && config.tls) throw new LibsqlError('A "http:" URL cannot opt into TLS by using ?tls=1', "URL_INVALID");
  if (config.scheme === "https" && !config.tls)
    throw new LibsqlError('A "https:" URL cannot opt out of TLS by using ?tls=0', "URL_INVALID");
  return { url: encodeBaseUrl(config.scheme, config.authority, config.path), authToken: config.authToken };
}

/** The round trips a request's clients have made so far. */
export interface RoundTrips {
  count: number;
}

// What a client makes of an address (its URL parsed and checked), kept per isolate: parsing it
// again for each client was a tenth of a small request's CPU.
const baseUrls = new Map<string, HranaHttpConfig>();
const BASE_URLS_MAX = 1_000;

export interface DatabaseOptions {
  /** Reads started together go out as one batch (see batchingReads): for the handlers of one request. */
  batchReads?: boolean;
  /** Counts the client's round trips (a request's own, told apart from the work left to after its answer). */
  roundTrips?: RoundTrips;
}

const clientFor = (address: DatabaseAddress, options: DatabaseOptions) =>
  options.batchReads ? batchingReads(libsqlClient(address, options.roundTrips)) : libsqlClient(address, options.roundTrips);

/**
 * What `drizzle(client, { schema })` builds, with the schema's relational config worked out once per
 * isolate instead of at every call: each request opens its own handles, and walking the tenant
 * schema's tables and relations took a third of a small request's CPU.
 */
function relationalConfig(fullSchema: Record<string, unknown>): RelationalSchemaConfig<TablesRelationalConfig> {
  const { tables, tableNamesMap } = extractTablesRelationalConfig(fullSchema, createTableRelationsHelpers);
  return { fullSchema, schema: tables, tableNamesMap };
}
const dialect = new SQLiteAsyncDialect();
let controlConfig: RelationalSchemaConfig<TablesRelationalConfig> | undefined;
let tenantConfig: RelationalSchemaConfig<TablesRelationalConfig> | undefined;

type Session = LibSQLSession<Record<string, unknown>, TablesRelationalConfig>;

/**
 * `db.query`'s tables, each table's relational query builder made when first used by a handle:
 * drizzle makes one for every table of the schema (52 for a company's) as each handle is built,
 * and each request builds its handles.
 */
const sessionKey = Symbol("session");
const lazyQueries = new WeakMap<RelationalSchemaConfig<TablesRelationalConfig>, object>();
function queriesOf(schema: RelationalSchemaConfig<TablesRelationalConfig>, session: Session): object {
  let shape = lazyQueries.get(schema);
  if (!shape) {
    shape = {};
    for (const [name, table] of Object.entries(schema.schema))
      Object.defineProperty(shape, name, {
        enumerable: true,
        get(this: { [sessionKey]: Session }) {
          const builder = new RelationalQueryBuilder(
            "async",
            schema.fullSchema,
            schema.schema,
            schema.tableNamesMap,
            schema.fullSchema[name] as never,
            table,
            dialect,
            this[sessionKey],
          );
          Object.defineProperty(this, name, { value: builder, enumerable: true });
          return builder;
        },
      });
    lazyQueries.set(schema, shape);
  }
  return Object.assign(Object.create(shape) as object, { [sessionKey]: session });
}

type PrepareArgs = [
  query: { sql: string; params: unknown[] },
  fields: { path: string[]; field: unknown }[] | undefined,
  method: string,
  arrayMode: boolean,
  mapper: unknown,
  ...rest: unknown[],
];

function construct(client: Client, schema: RelationalSchemaConfig<TablesRelationalConfig>) {
  const session = new LibSQLSession(client, dialect, schema, {}, undefined);
  // A select of three plain columns or more reads each row as one JSON text (db/json-rows.ts).
  const prepare = session.prepareQuery.bind(session) as unknown as (...args: PrepareArgs) => object;
  (session as unknown as { prepareQuery: (...args: PrepareArgs) => object }).prepareQuery = (
    query,
    fields,
    method,
    arrayMode,
    mapper,
    ...rest
  ) => {
    const json = arrayMode && !mapper && (method === "all" || method === "get") ? jsonRowsSql(query.sql, fields) : null;
    if (json === null) return prepare(query, fields, method, arrayMode, mapper, ...rest);
    const prepared = prepare({ ...query, sql: json }, fields, method, arrayMode, mapper, ...rest);
    readJsonRows(prepared, fields!, query);
    return prepared;
  };
  // Built without the schema (no builders), then given it, and its builders made on first use.
  const db = new LibSQLDatabase("async", dialect, session, undefined) as unknown as { _: unknown; query: unknown };
  db._ = { schema: schema.schema, fullSchema: schema.fullSchema, tableNamesMap: schema.tableNamesMap };
  db.query = queriesOf(schema, session as Session);
  return Object.assign(db as unknown as LibSQLDatabase<Record<string, unknown>>, { $client: client });
}

export function controlDb(address: DatabaseAddress, options: DatabaseOptions = {}): ControlDb {
  return construct(clientFor(address, options), (controlConfig ??= relationalConfig(controlSchema))) as unknown as ControlDb;
}

export function tenantDb(address: DatabaseAddress, options: DatabaseOptions = {}): TenantDb {
  return construct(clientFor(address, options), (tenantConfig ??= relationalConfig(tenantSchema))) as unknown as TenantDb;
}

export { controlSchema, tenantSchema };

interface KeptPrepared {
  getQuery(): { sql: string; params: unknown[] };
  plainQuery?: { sql: string; params: unknown[] };
  fields?: unknown;
  joinsNotNullableMap?: unknown;
  isResponseInArrayMode?(): boolean;
  all(): Promise<unknown>;
}

/**
 * A kept select filled for one call: awaited, its rows; or given to `db.batch` with other
 * statements, as a drizzle select is.
 */
export interface KeptQuery<Row> extends PromiseLike<Row[]> {
  readonly _: { readonly dialect: "sqlite"; readonly result: Row[] };
}

/** What a kept statement keeps of its first build: its SQL, where its placeholders go, and how its rows are read. */
interface Kept {
  query: { sql: string; params: unknown[] };
  /** Where each parameter's `?` is in the text (null: they could not be told apart, no SQL value can be spliced). */
  marks: number[] | null;
  fields: unknown;
  joins: unknown;
  arrayMode: boolean;
}

/** The offsets of the parameters' `?` in a statement's text: outside its quoted strings and names. */
function parameterMarks(text: string, count: number): number[] | null {
  const marks: number[] = [];
  /** The end of what opens at `i` (a quoted string or name, a comment), or -1 when it never closes. */
  const closing = (i: number): number => {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === "`") {
      // A doubled quote stays inside.
      for (let j = text.indexOf(c, i + 1); j >= 0; j = text.indexOf(c, j + 2)) if (text[j + 1] !== c) return j;
      return -1;
    }
    if (c === "[") return text.indexOf("]", i);
    if (c === "-" && text[i + 1] === "-") return text.indexOf("\n", i);
    if (c === "/" && text[i + 1] === "*") return text.indexOf("*/", i) + 1 || -1;
    return i;
  };
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "?") marks.push(i);
    else if ((i = closing(i)) < 0) return null;
  }
  return marks.length === count ? marks : null;
}

/** A select (`db.select()…`) or a raw read (`db.all(sql…)`). */
export type Keepable = PromiseLike<unknown> & ({ prepare(): unknown } | { getQuery(): unknown });

function keep(statement: Keepable): Kept {
  // What db.batch asks of each statement: the query it sends, and how its rows are read.
  const prepared = (statement as unknown as { _prepare(): KeptPrepared })._prepare();
  // As drizzle built it: filled, it is prepared again (and its rows asked as JSON again).
  const { sql, params } = prepared.plainQuery ?? prepared.getQuery();
  return {
    query: { sql, params },
    marks: parameterMarks(sql, params.length),
    fields: prepared.fields,
    joins: prepared.joinsNotNullableMap,
    // A select's rows come as arrays, mapped to its fields; a raw read's as objects by column name.
    arrayMode: prepared.isResponseInArrayMode?.() ?? false,
  };
}

/** The placeholder a kept parameter stands for, bare or in a column's Param. */
function placeholderOf(param: unknown): Placeholder | null {
  if (is(param, Placeholder)) return param;
  if (is(param, Param) && is(param.value, Placeholder)) return param.value;
  return null;
}

/**
 * SQL already written as text and parameters, for a kept statement's SQL value: a list's WHERE
 * and ORDER BY go into its page, its count and its related reads, written once for them all.
 */
export class WrittenSql {
  constructor(
    readonly sql: string,
    readonly params: readonly unknown[],
  ) {}
}

/** Writes SQL into text and parameters once. */
export const writtenSql = (query: SQLWrapper): WrittenSql => {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  return new WrittenSql(text, params);
};

const isSqlValue = (value: unknown): value is SQL | WrittenSql => value instanceof WrittenSql || is(value, SQL);

/**
 * The statement's text and parameters for these values. A value that is SQL (a new document's id,
 * read in its batch), or SQL already written (`WrittenSql`), takes the place of its `?`, its own
 * parameters with it.
 */
function fillQuery(kept: Kept, values: Record<string, unknown>): { sql: string; params: unknown[] } {
  const { sql: text, params } = kept.query;
  if (!Object.values(values).some(isSqlValue)) return { sql: text, params: fillPlaceholders(params, values) };
  if (!kept.marks) throw new Error("SQL values need a statement whose parameters can be told apart");
  let spliced = "";
  let from = 0;
  const filledParams: unknown[] = [];
  params.forEach((param, i) => {
    const placeholder = placeholderOf(param);
    const value = placeholder ? values[placeholder.name] : undefined;
    if (!isSqlValue(value)) {
      filledParams.push(...fillPlaceholders([param], values));
      return;
    }
    const inner = value instanceof WrittenSql ? value : dialect.sqlToQuery(value);
    spliced += `${text.slice(from, kept.marks![i])}${inner.sql}`;
    filledParams.push(...inner.params);
    from = kept.marks![i]! + 1;
  });
  return { sql: spliced + text.slice(from), params: filledParams };
}

function filled<Row>(db: ControlDb | TenantDb, kept: Kept, values: Record<string, unknown>): KeptQuery<Row> {
  const session = (db as unknown as { session: LibSQLSession<Record<string, unknown>, TablesRelationalConfig> }).session;
  const query = fillQuery(kept, values);
  const prepared = session.prepareQuery(query, kept.fields as never, "all", kept.arrayMode) as unknown as KeptPrepared;
  prepared.joinsNotNullableMap = kept.joins;
  // What db.batch asks of each statement (`_prepare`), and a thenable that runs it alone.
  const run = { _prepare: () => prepared, then: (ok: never, failed: never) => prepared.all().then(ok, failed) };
  return run as unknown as KeptQuery<Row>;
}

/**
 * A select that every request sends (the session's, the shell's), built into SQL once per isolate,
 * its `sql.placeholder`s filled at each call: drizzle otherwise builds a statement again at each
 * call, a column at a time. A placeholder's value may be SQL (spliced in its place, with its own
 * parameters). The statement still goes through the handle's own client (batched reads).
 */
export function keptSelect<Db extends ControlDb | TenantDb, Row>(
  build: (db: Db) => Keepable & PromiseLike<Row[]>,
): (db: Db, values?: Record<string, unknown>) => KeptQuery<Row> {
  let kept: Kept | undefined;
  return (db, values = {}) => filled<Row>(db, (kept ??= keep(build(db))), values);
}

type RowOf<T> = Awaited<T> extends readonly (infer Row)[] ? Row : never;

/**
 * A list of reads sent together (a batch), built into SQL once per isolate as `keptSelect` builds
 * one: each call fills the same placeholders of every statement, and answers them in order.
 */
export function keptReads<Db extends ControlDb | TenantDb, const T extends readonly Keepable[]>(
  build: (db: Db) => T,
): (db: Db, values?: Record<string, unknown>) => { [K in keyof T]: KeptQuery<RowOf<T[K]>> } {
  let kept: Kept[] | undefined;
  return (db, values = {}) => {
    kept ??= build(db).map(keep);
    return kept.map((k) => filled(db, k, values)) as never;
  };
}
