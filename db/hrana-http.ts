import type { Client, InArgs, InStatement, InValue, ResultSet, Row, TransactionMode } from "@libsql/client/web";
import { LibsqlBatchError, LibsqlError } from "@libsql/core/api";
import { JSON_ROW_COLUMN } from "./json-rows";

/**
 * A client of the Hrana protocol over HTTP (version 2, JSON: `POST <database>/v2/pipeline`), the
 * part of `@libsql/client`'s HTTP client the app uses: `execute`, `batch` (in a transaction, its
 * steps each conditioned on the one before) and `migrate`. Each call is one pipeline, its stream
 * closed in the same request, as that client sends them; what it sends and what it answers (its
 * result sets, its errors, their codes and messages) are the same (tests/unit/hrana-http.test.ts
 * compares the two on the same statements). The protocol's JSON is written and read by the
 * runtime's own JSON, rather than by the library's object writer and checked reader: for a page or
 * a sales order, a fifth of the Worker's CPU went there (decision 057).
 */
export interface HranaHttpConfig {
  /** The database's base URL, as `@libsql/core`'s `encodeBaseUrl` writes it. */
  url: URL;
  authToken?: string | undefined;
  fetch?: typeof globalThis.fetch;
}

type HranaValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

interface HranaStmt {
  sql: string;
  args: HranaValue[];
  named_args: { name: string; value: HranaValue }[];
  want_rows: boolean;
}

interface HranaStmtResult {
  cols: { name?: string | null; decltype?: string | null }[];
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid?: string | null;
}

interface HranaError {
  message: string;
  code?: string | null;
}

type HranaCondition = { type: "ok"; step: number } | { type: "not"; cond: HranaCondition };

type StreamResult =
  | { type: "ok"; response: { type: "execute"; result: HranaStmtResult } }
  | {
      type: "ok";
      response: { type: "batch"; result: { step_results: (HranaStmtResult | null)[]; step_errors: (HranaError | null)[] } };
    }
  | { type: "ok"; response: { type: "close" } }
  | { type: "error"; error: HranaError };

const MIN_INTEGER = -9223372036854775808n;
const MAX_INTEGER = 9223372036854775807n;

/** An argument as the library's `valueToProto` and its JSON writer spell it (a JS number is a float). */
function valueOf(value: InValue): HranaValue {
  if (value === null) return { type: "null" };
  if (typeof value === "string") return { type: "text", value };
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    return { type: "float", value };
  }
  if (typeof value === "bigint") {
    if (value < MIN_INTEGER || value > MAX_INTEGER)
      throw new RangeError("This bigint value is too large to be represented as a 64-bit integer and passed as argument");
    return { type: "integer", value: `${value}` };
  }
  if (typeof value === "boolean") return { type: "integer", value: value ? "1" : "0" };
  if (value instanceof ArrayBuffer) return { type: "blob", base64: base64Of(new Uint8Array(value)) };
  if (value instanceof Uint8Array) return { type: "blob", base64: base64Of(value) };
  if (value instanceof Date) return { type: "float", value: +value.valueOf() };
  if (typeof value === "object") return { type: "text", value: `${(value as object).toString()}` };
  throw new TypeError("Unsupported type of value");
}

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function bytesOf(base64: string): ArrayBuffer {
  const binary = atob(base64.replace(/=+$/, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

/** A result's value as the library gives it with `intMode: "number"`. */
function fromValue(value: HranaValue): InValue {
  switch (value.type) {
    case "null":
      return null;
    case "text":
      return value.value;
    case "float":
      return value.value;
    case "integer": {
      const number = Number(BigInt(value.value));
      if (!Number.isSafeInteger(number))
        throw new RangeError("Received integer which is too large to be safely represented as a JavaScript number");
      return number;
    }
    case "blob":
      return bytesOf(value.base64);
    default:
      throw new LibsqlError("Received unrecognized type of Value", "HRANA_PROTO_ERROR");
  }
}

function statementOf(stmt: InStatement | [string, InArgs?] | string): HranaStmt {
  let sql: string;
  let args: InArgs | undefined;
  if (typeof stmt === "string") sql = stmt;
  else if (Array.isArray(stmt)) [sql, args] = stmt;
  else ({ sql, args } = stmt);
  const out: HranaStmt = { sql, args: [], named_args: [], want_rows: true };
  if (Array.isArray(args)) for (const value of args) out.args.push(valueOf(value));
  else if (args) {
    // The library keeps named arguments in a Map: a name given twice is sent once, with its last value.
    const named = new Map<string, HranaValue>();
    for (const [name, value] of Object.entries(args)) named.set(name, valueOf(value));
    for (const [name, value] of named) out.named_args.push({ name, value });
  }
  return out;
}

/**
 * A row as the library's: its values at their indexes and its columns by name (the first of a
 * repeated name), only the names enumerable (assigned rather than defined, but for a name that
 * `Object.prototype` holds); a row of the one JSON column a JSON read makes (db/json-rows.ts) is a
 * plain array of its value, read by index only.
 */
function rowOf(names: (string | undefined)[], values: HranaValue[]): Row {
  if (values.length === 1 && names[0] === JSON_ROW_COLUMN) return [fromValue(values[0]!)] as unknown as Row;
  const row = {} as Record<string | number, InValue>;
  Object.defineProperty(row, "length", { value: values.length });
  for (let i = 0; i < values.length; i++) {
    const value = fromValue(values[i]!);
    Object.defineProperty(row, i, { value });
    const name = names[i];
    if (name !== undefined && !Object.hasOwn(row, name)) {
      if (name in Object.prototype) Object.defineProperty(row, name, { value, enumerable: true, configurable: true, writable: true });
      else row[name] = value;
    }
  }
  return row as unknown as Row;
}

class HranaResultSet implements ResultSet {
  constructor(
    readonly columns: string[],
    readonly columnTypes: string[],
    readonly rows: Row[],
    readonly rowsAffected: number,
    readonly lastInsertRowid: bigint | undefined,
  ) {}
  toJSON() {
    return {
      columns: this.columns,
      columnTypes: this.columnTypes,
      rows: this.rows.map((row) => Array.from({ length: row.length }, (_, i) => jsonValue(row[i]))),
      rowsAffected: this.rowsAffected,
      lastInsertRowid: this.lastInsertRowid !== undefined ? `${this.lastInsertRowid}` : null,
    };
  }
}

function jsonValue(value: unknown): unknown {
  if (typeof value === "bigint") return `${value}`;
  if (value instanceof ArrayBuffer) return base64Of(new Uint8Array(value));
  return value;
}

function resultSetOf(result: HranaStmtResult): ResultSet {
  const names = result.cols.map((c) => c.name ?? undefined);
  return new HranaResultSet(
    names.map((n) => n ?? ""),
    result.cols.map((c) => c.decltype ?? ""),
    result.rows.map((values) => rowOf(names, values)),
    result.affected_row_count,
    result.last_insert_rowid !== undefined && result.last_insert_rowid !== null ? BigInt(result.last_insert_rowid) : undefined,
  );
}

/** A statement's error, as the library maps the server's: its code (UNKNOWN when it gives none). */
const errorOf = (error: HranaError) => new LibsqlError(error.message, error.code ?? "UNKNOWN", undefined, undefined, serverError(error));

/** The cause the library's errors carry: the server's error, with its message and code. */
function serverError(error: HranaError): Error {
  return Object.assign(new Error(error.message), { name: "ResponseError", code: error.code ?? undefined, proto: error });
}

const BEGIN: Record<TransactionMode, string> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

/** Each base URL's pipeline URL, made once: the caller keeps its base URLs (db/client.ts). */
const pipelineUrls = new WeakMap<URL, string>();
function pipelineUrlOf(base: URL): string {
  let url = pipelineUrls.get(base);
  if (url === undefined) pipelineUrls.set(base, (url = new URL("v2/pipeline", base).toString()));
  return url;
}

/** A new client: nothing is opened until a statement is sent. */
export function hranaHttpClient(config: HranaHttpConfig): Client {
  const pipelineUrl = pipelineUrlOf(config.url);
  const fetchFn = config.fetch ?? globalThis.fetch;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (config.authToken !== undefined) headers.authorization = `Bearer ${config.authToken}`;
  let closed = false;

  /** One pipeline of one request and the stream's close; the results, one per request. */
  async function pipeline(request: object): Promise<StreamResult> {
    if (closed) throw new LibsqlError("Client is closed", "CLIENT_CLOSED");
    const response = await fetchFn(pipelineUrl, {
      method: "POST",
      headers,
      body: JSON.stringify({ baton: null, requests: [request, { type: "close" }] }),
    });
    if (!response.ok) throw await httpError(response);
    const body = (await response.json()) as { results?: StreamResult[] };
    if (!Array.isArray(body.results) || body.results.length !== 2)
      throw new LibsqlError("Server returned unexpected number of pipeline results", "HRANA_PROTO_ERROR");
    return body.results[0]!;
  }

  async function runBatch(steps: { stmt: HranaStmt; condition?: HranaCondition }[], count: number, first: number) {
    const result = await pipeline({ type: "batch", batch: { steps } });
    if (result.type === "error") throw errorOf(result.error);
    if (result.response.type !== "batch") throw new LibsqlError("Received unexpected type of response", "HRANA_PROTO_ERROR");
    const { step_results: results, step_errors: errors } = result.response.result;
    // The transaction's BEGIN, then each statement in turn, then its COMMIT, as the library reads them.
    const begin = errors[first - 1];
    if (begin) throw errorOf(begin);
    const sets: ResultSet[] = [];
    for (let i = 0; i < count; i++) {
      const error = errors[first + i];
      if (error) {
        const mapped = errorOf(error);
        throw new LibsqlBatchError(mapped.message, i, mapped.code, undefined, undefined, mapped.cause as Error);
      }
      const stepResult = results[first + i];
      if (!stepResult)
        throw new LibsqlBatchError(
          "Statement in a batch was not executed, probably because the transaction has been rolled back",
          i,
          "TRANSACTION_CLOSED",
        );
      sets.push(resultSetOf(stepResult));
    }
    const commit = errors[first + count];
    if (commit) throw errorOf(commit);
    return sets;
  }

  /** The statements in one transaction: BEGIN, each step if the one before succeeded, COMMIT, else ROLLBACK. */
  function transactionSteps(mode: TransactionMode, stmts: HranaStmt[], foreignKeysOff: boolean) {
    const run = (sql: string): HranaStmt => ({ sql, args: [], named_args: [], want_rows: false });
    const steps: { stmt: HranaStmt; condition?: HranaCondition }[] = [];
    if (foreignKeysOff) steps.push({ stmt: run("PRAGMA foreign_keys=off") });
    const begin = steps.push({ stmt: run(BEGIN[mode]) }) - 1;
    for (const stmt of stmts) steps.push({ condition: { type: "ok", step: steps.length - 1 }, stmt });
    const commit = steps.push({ condition: { type: "ok", step: steps.length - 1 }, stmt: run("COMMIT") }) - 1;
    steps.push({ condition: { type: "not", cond: { type: "ok", step: commit } }, stmt: run("ROLLBACK") });
    if (foreignKeysOff) steps.push({ stmt: run("PRAGMA foreign_keys=on") });
    return { steps, first: begin + 1 };
  }

  const unsupported = (what: string) => () => {
    throw new LibsqlError(`${what} is not supported by this client`, "NOT_SUPPORTED");
  };

  const client = {
    protocol: "http",
    get closed() {
      return closed;
    },
    close() {
      closed = true;
    },
    async execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
      const stmt = statementOf(typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql);
      const result = await pipeline({ type: "execute", stmt });
      if (result.type === "error") throw errorOf(result.error);
      if (result.response.type !== "execute") throw new LibsqlError("Received unexpected type of response", "HRANA_PROTO_ERROR");
      return resultSetOf(result.response.result);
    },
    async batch(stmts: (InStatement | [string, InArgs?])[], mode: TransactionMode = "deferred"): Promise<ResultSet[]> {
      if (!(mode in BEGIN)) throw RangeError('Unknown transaction mode, supported values are "write", "read" and "deferred"');
      const { steps, first } = transactionSteps(
        mode,
        stmts.map((s) => statementOf(s)),
        false,
      );
      return runBatch(steps, stmts.length, first);
    },
    async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
      const { steps, first } = transactionSteps(
        "deferred",
        stmts.map((s) => statementOf(s)),
        true,
      );
      return runBatch(steps, stmts.length, first);
    },
    transaction: unsupported("An interactive transaction"),
    executeMultiple: unsupported("executeMultiple"),
    sync: unsupported("sync"),
    reconnect: unsupported("reconnect"),
  };
  return client as unknown as Client;
}

/** An HTTP error of the server as the library reads it: its JSON error, else its status and text. */
async function httpError(response: Response): Promise<Error> {
  const type = response.headers.get("content-type") ?? "text/plain";
  let message = `Server returned HTTP status ${response.status}`;
  if (type === "application/json") {
    const body = (await response.json()) as Partial<HranaError>;
    if (body && typeof body === "object" && "message" in body) return errorOf(body as HranaError);
    return new LibsqlError(message, "SERVER_ERROR");
  }
  if (type === "text/plain") {
    const text = (await response.text()).trim();
    if (text !== "") message += `: ${text}`;
    return new LibsqlError(message, "SERVER_ERROR");
  }
  await response.body?.cancel();
  return new LibsqlError(message, "SERVER_ERROR");
}
