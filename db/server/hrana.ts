import Database, { type Statement } from "libsql";

/**
 * Hrana 2 over HTTP, JSON encoding: the requests @libsql/client sends and how each runs on a
 * connection of the `libsql` package. Values cross as Hrana values; integers stay exact (BigInt).
 */
export type HranaValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

export interface HranaStmt {
  sql?: string;
  sql_id?: number;
  args?: HranaValue[];
  named_args?: { name: string; value: HranaValue }[];
  want_rows?: boolean;
}

export type HranaCondition =
  | { type: "ok"; step: number }
  | { type: "error"; step: number }
  | { type: "not"; cond: HranaCondition }
  | { type: "and"; conds: HranaCondition[] }
  | { type: "or"; conds: HranaCondition[] }
  | { type: "is_autocommit" };

export type HranaRequest =
  | { type: "execute"; stmt: HranaStmt }
  | { type: "batch"; batch: { steps: { condition?: HranaCondition | null; stmt: HranaStmt }[] } }
  | { type: "sequence"; sql?: string; sql_id?: number }
  | { type: "describe"; sql?: string; sql_id?: number }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" }
  | { type: "close" };

export interface HranaError {
  message: string;
  code: string;
}

export interface StmtResult {
  cols: { name: string; decltype: string | null }[];
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
  rows_read: number;
  rows_written: number;
  query_duration_ms: number;
}

/** A request that failed in a way the client should see as a SQL error (not a protocol error). */
export class SqlError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export function isBusy(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? "";
  return code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED");
}

export function toHranaError(error: unknown): HranaError {
  if (error instanceof SqlError) return { message: error.message, code: error.code };
  const e = error as { message?: string; code?: string };
  return { message: e?.message ?? String(error), code: typeof e?.code === "string" ? e.code : "SQLITE_ERROR" };
}

export function decodeValue(value: HranaValue): unknown {
  switch (value.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(value.value);
    case "float":
      return Number(value.value);
    case "text":
      return value.value;
    case "blob":
      return Buffer.from(value.base64, "base64");
    default:
      throw new SqlError(`unknown value type ${(value as { type: string }).type}`, "HRANA_PROTO_ERROR");
  }
}

export function encodeValue(value: unknown): HranaValue {
  if (value === null || value === undefined) return { type: "null" };
  if (typeof value === "bigint") return { type: "integer", value: value.toString() };
  // A number is a REAL (integers come as bigint): one past the safe integers (1e+24) is no integer's text.
  if (typeof value === "number") return Number.isSafeInteger(value) ? { type: "integer", value: String(value) } : { type: "float", value };
  if (typeof value === "string") return { type: "text", value };
  if (value instanceof Uint8Array) return { type: "blob", base64: Buffer.from(value).toString("base64").replace(/=+$/, "") };
  throw new SqlError(`cannot encode a value of type ${typeof value}`, "HRANA_PROTO_ERROR");
}

// Statements already compiled on a connection, by their SQL: a page's statements come back at every
// request, and compiling each again (with the two bookkeeping reads after it) was most of this
// server's CPU. SQLite recompiles a kept statement by itself when the schema changes under it.
const compiled = new WeakMap<Database, Map<string, Statement>>();
const COMPILED_PER_CONNECTION = 500;

function prepared(conn: Database, sql: string): Statement {
  let statements = compiled.get(conn);
  if (!statements) compiled.set(conn, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= COMPILED_PER_CONNECTION) statements.clear();
    statements.set(sql, (statement = conn.prepare(sql).safeIntegers(true)));
  }
  return statement;
}

/** One open Hrana stream: a dedicated connection plus the SQL texts stored on it. */
export class StreamState {
  readonly sqls = new Map<number, string>();
  constructor(readonly conn: Database) {}

  sqlOf(source: { sql?: string; sql_id?: number }): string {
    if (source.sql !== undefined && source.sql !== null) return source.sql;
    if (source.sql_id !== undefined && source.sql_id !== null) {
      const sql = this.sqls.get(source.sql_id);
      if (sql === undefined) throw new SqlError(`SQL text ${source.sql_id} is not stored`, "SQL_NOT_FOUND");
      return sql;
    }
    throw new SqlError("statement has neither sql nor sql_id", "HRANA_PROTO_ERROR");
  }

  /** Runs one statement. Throws the engine's error (with its SQLITE_* code) on failure. */
  execute(stmt: HranaStmt): StmtResult {
    const sql = this.sqlOf(stmt);
    const positional = stmt.args ?? [];
    const named = stmt.named_args ?? [];
    // The binding aborts the process on mixed positional and named arguments: refuse them here.
    if (positional.length > 0 && named.length > 0)
      throw new SqlError("a statement cannot mix positional and named arguments", "ARGS_INVALID");
    const started = performance.now();
    const statement = prepared(this.conn, sql);
    const params: unknown[] | Record<string, unknown> =
      named.length > 0
        ? Object.fromEntries(named.map(({ name, value }) => [name.replace(/^[:@$]/, ""), decodeValue(value)]))
        : positional.map(decodeValue);
    const before = this.totalChanges();
    let rows: HranaValue[][] = [];
    let cols: StmtResult["cols"] = [];
    if (statement.reader) {
      cols = statement.columns().map((c) => ({ name: c.name, decltype: c.type }));
      const raw = statement.raw(true).all(params);
      if (stmt.want_rows !== false) rows = raw.map((row) => row.map(encodeValue));
    } else {
      statement.run(params);
    }
    const changed = this.totalChanges() !== before;
    const [changes, rowid] = prepared(this.conn, "SELECT changes(), last_insert_rowid()").raw(true).all([])[0] as [bigint, bigint];
    const affected = changed ? Number(changes) : 0;
    return {
      cols,
      rows,
      affected_row_count: affected,
      last_insert_rowid: rowid.toString(),
      rows_read: rows.length,
      rows_written: affected,
      query_duration_ms: performance.now() - started,
    };
  }

  totalChanges(): bigint {
    return (prepared(this.conn, "SELECT total_changes()").raw(true).all([])[0] as [bigint])[0];
  }

  isAutocommit(): boolean {
    return !this.conn.inTransaction;
  }

  describe(sql: string) {
    const prepared = this.conn.prepare(sql);
    const params: { name: string | null }[] = [];
    const matches = sql.match(/[?:@$][A-Za-z0-9_]*/g) ?? [];
    for (const m of matches) params.push({ name: m === "?" || /^\?\d*$/.test(m) ? null : m });
    const trimmed = sql.trim().toUpperCase();
    return {
      params,
      cols: prepared.reader ? prepared.columns().map((c) => ({ name: c.name, decltype: c.type })) : [],
      is_explain: trimmed.startsWith("EXPLAIN"),
      is_readonly: prepared.reader && !/^(INSERT|UPDATE|DELETE|REPLACE|WITH)/.test(trimmed),
    };
  }
}

export function evalCondition(cond: HranaCondition, outcomes: ("ok" | "error" | null)[], stream: StreamState): boolean {
  switch (cond.type) {
    case "ok":
      return outcomes[cond.step] === "ok";
    case "error":
      return outcomes[cond.step] === "error";
    case "not":
      return !evalCondition(cond.cond, outcomes, stream);
    case "and":
      return cond.conds.every((c) => evalCondition(c, outcomes, stream));
    case "or":
      return cond.conds.some((c) => evalCondition(c, outcomes, stream));
    case "is_autocommit":
      return stream.isAutocommit();
    default:
      throw new SqlError(`unknown condition ${(cond as { type: string }).type}`, "HRANA_PROTO_ERROR");
  }
}
