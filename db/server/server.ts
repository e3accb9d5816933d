import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import Database from "libsql";
import { evalCondition, isBusy, SqlError, StreamState, toHranaError, type HranaRequest, type StmtResult } from "./hrana";

export interface DbServerOptions {
  dir: string;
  port?: number;
  host?: string;
  authToken?: string;
  /** Idle streams (and their open transactions) are dropped after this long. */
  streamTimeoutMs?: number;
  /** How long a statement waits for another connection's write lock before failing busy. */
  busyTimeoutMs?: number;
}

export interface DbServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const MAX_IDLE_CONNECTIONS = 8;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = "HTTP_ERROR",
  ) {
    super(message);
  }
}

interface Stream {
  db: string;
  state: StreamState;
  timer: NodeJS.Timeout;
}

// Statements that cannot write. Anything else takes the database's write lock first.
const READ_ONLY = /^\s*(SELECT|EXPLAIN|VALUES)\b|^\s*PRAGMA\s+[\w.]+\s*(\(\s*[\w'"]*\s*\))?\s*;?\s*$/i;
// Opening a deferred transaction or ending one writes nothing by itself.
const TRANSACTION_BOUNDARY = /^\s*(BEGIN(\s+DEFERRED)?(\s+TRANSACTION)?|COMMIT|END|ROLLBACK)\s*;?\s*$/i;

/**
 * One writer per database at a time, queued here rather than inside SQLite: a statement that
 * fails busy in the engine stays "in progress" until collected and then blocks COMMIT.
 */
class WriteLock {
  owner: object | null = null;
  private waiters: { who: object; grant: () => void }[] = [];

  acquire(who: object, timeoutMs: number): Promise<void> {
    if (this.owner === who) return Promise.resolve();
    if (this.owner === null) {
      this.owner = who;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = { who, grant: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new SqlError("database is locked", "SQLITE_BUSY"));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  release(who: object): void {
    if (this.owner !== who) return;
    const next = this.waiters.shift();
    this.owner = next?.who ?? null;
    next?.grant();
  }
}

/**
 * A Hrana-over-HTTP server (the protocol of sqld and Turso) serving one SQLite file per
 * database name from `dir`: the local stand-in for `turso dev`, with several databases.
 */
export async function startDbServer(options: DbServerOptions): Promise<DbServer> {
  const dir = options.dir;
  mkdirSync(dir, { recursive: true });
  const streamTimeout = options.streamTimeoutMs ?? 10_000;
  const busyTimeout = options.busyTimeoutMs ?? 5_000;
  const idle = new Map<string, Database[]>();
  const streams = new Map<string, Stream>();
  const locks = new Map<string, WriteLock>();
  // Pipeline requests served per database since the start: each is one round trip of a client.
  const pipelines = new Map<string, number>();
  const labelled = new Map<string, number>();
  const lockOf = (name: string) => {
    let lock = locks.get(name);
    if (!lock) locks.set(name, (lock = new WriteLock()));
    return lock;
  };
  const pathOf = (name: string) => join(dir, `${name}.db`);

  function connect(name: string): Database {
    const pool = idle.get(name);
    const reused = pool?.pop();
    if (reused) return reused;
    const conn = new Database(pathOf(name), { timeout: 0 });
    // busy_timeout must stay 0: a blocking wait would freeze this single-threaded server,
    // and with it the connection that holds the lock. Busy statements are retried below.
    conn.exec("PRAGMA busy_timeout = 0; PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    return conn;
  }

  function release(name: string, state: StreamState) {
    try {
      if (state.conn.inTransaction) state.conn.exec("ROLLBACK");
    } catch {
      // a failed rollback leaves the connection unusable: close it below
      lockOf(name).release(state);
      state.conn.close();
      return;
    }
    lockOf(name).release(state);
    const pool = idle.get(name) ?? [];
    if (pool.length < MAX_IDLE_CONNECTIONS && existsSync(pathOf(name))) {
      pool.push(state.conn);
      idle.set(name, pool);
    } else state.conn.close();
  }

  function closeStream(baton: string) {
    const stream = streams.get(baton);
    if (!stream) return;
    clearTimeout(stream.timer);
    streams.delete(baton);
    release(stream.db, stream.state);
  }

  function closeAllOf(name: string) {
    for (const [baton, stream] of streams) if (stream.db === name) closeStream(baton);
    for (const conn of idle.get(name) ?? []) conn.close();
    idle.delete(name);
  }

  async function withBusyRetry<T>(run: () => T): Promise<T> {
    const deadline = Date.now() + busyTimeout;
    for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
      try {
        return run();
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }

  /** Runs one statement, holding the write lock for writes and for open transactions. */
  async function guarded<T>(name: string, state: StreamState, sql: string, run: () => T, readOnly = READ_ONLY.test(sql)): Promise<T> {
    const lock = lockOf(name);
    if (!readOnly || lock.owner === state) await lock.acquire(state, busyTimeout);
    try {
      return await withBusyRetry(run);
    } finally {
      if (!state.conn.inTransaction) lock.release(state);
    }
  }

  async function runRequest(name: string, state: StreamState, request: HranaRequest): Promise<object> {
    switch (request.type) {
      case "execute":
        return { type: "execute", result: await guarded(name, state, state.sqlOf(request.stmt), () => state.execute(request.stmt)) };
      case "batch": {
        const outcomes: ("ok" | "error" | null)[] = [];
        const results: (StmtResult | null)[] = [];
        const errors: ({ message: string; code: string } | null)[] = [];
        // A batch of reads in a transaction (a client's read batch) never writes: it needs no
        // write lock, and waits neither for a writer nor for other readers.
        const reads = request.batch.steps.every((step) => {
          const sql = state.sqlOf(step.stmt);
          return READ_ONLY.test(sql) || TRANSACTION_BOUNDARY.test(sql);
        });
        for (const step of request.batch.steps) {
          if (step.condition && !evalCondition(step.condition, outcomes, state)) {
            outcomes.push(null);
            results.push(null);
            errors.push(null);
            continue;
          }
          try {
            results.push(await guarded(name, state, state.sqlOf(step.stmt), () => state.execute(step.stmt), reads || undefined));
            errors.push(null);
            outcomes.push("ok");
          } catch (error) {
            results.push(null);
            errors.push(toHranaError(error));
            outcomes.push("error");
          }
        }
        return { type: "batch", result: { step_results: results, step_errors: errors } };
      }
      case "sequence": {
        const sql = state.sqlOf(request);
        await guarded(name, state, "-- sequence", () => state.conn.exec(sql));
        return { type: "sequence" };
      }
      case "describe":
        return { type: "describe", result: state.describe(state.sqlOf(request)) };
      case "store_sql":
        state.sqls.set(request.sql_id, request.sql);
        return { type: "store_sql" };
      case "close_sql":
        state.sqls.delete(request.sql_id);
        return { type: "close_sql" };
      case "get_autocommit":
        return { type: "get_autocommit", is_autocommit: state.isAutocommit() };
      case "close":
        return { type: "close" };
      default:
        throw new HttpError(400, `unknown request type ${(request as { type: string }).type}`, "HRANA_PROTO_ERROR");
    }
  }

  async function pipeline(name: string, body: unknown) {
    const { baton, requests } = (body ?? {}) as { baton?: string | null; requests?: HranaRequest[] };
    if (!Array.isArray(requests)) throw new HttpError(400, "requests must be an array", "HRANA_PROTO_ERROR");
    let stream: Stream;
    if (baton) {
      const found = streams.get(baton);
      if (!found || found.db !== name) throw new HttpError(400, "the baton is unknown or has expired", "STREAM_EXPIRED");
      streams.delete(baton);
      clearTimeout(found.timer);
      stream = found;
    } else {
      if (!existsSync(pathOf(name))) throw new HttpError(404, `database ${name} does not exist`, "DB_NOT_FOUND");
      stream = { db: name, state: new StreamState(connect(name)), timer: undefined as unknown as NodeJS.Timeout };
    }
    const results: object[] = [];
    let closed = false;
    for (const request of requests) {
      if (closed) {
        results.push({ type: "error", error: { message: "the stream is closed", code: "STREAM_CLOSED" } });
        continue;
      }
      try {
        results.push({ type: "ok", response: await runRequest(name, stream.state, request) });
        if (request.type === "close") closed = true;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        results.push({ type: "error", error: toHranaError(error) });
      }
    }
    if (closed) {
      release(name, stream.state);
      return { baton: null, base_url: null, results };
    }
    const next = randomBytes(18).toString("base64url");
    stream.timer = setTimeout(() => closeStream(next), streamTimeout);
    stream.timer.unref();
    streams.set(next, stream);
    return { baton: next, base_url: null, results };
  }

  function readJson(req: IncomingMessage): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        try {
          resolve(text ? JSON.parse(text) : null);
        } catch {
          reject(new HttpError(400, "the body is not valid JSON", "INVALID_JSON"));
        }
      });
      req.on("error", reject);
    });
  }

  async function route(req: IncomingMessage): Promise<{ status: number; body?: unknown }> {
    const url = new URL(req.url ?? "/", "http://localhost");
    let parts = url.pathname.split("/").filter(Boolean);
    // `/-/<label>/…` is the same request, its round trips also counted under the label: a client
    // given such a URL (a test's) tells its own round trips apart from everyone else's.
    let label: string | undefined;
    if (parts[0] === "-" && parts[1] && NAME.test(parts[1])) [label, parts] = [parts[1], parts.slice(2)];
    if (req.method === "GET" && parts.join("/") === "health") return { status: 200, body: { ok: true } };
    if (options.authToken && req.headers.authorization !== `Bearer ${options.authToken}`)
      throw new HttpError(401, "missing or wrong authorization token", "UNAUTHORIZED");

    if (req.method === "GET" && parts.join("/") === "admin/stats")
      return { status: 200, body: { pipelines: Object.fromEntries(pipelines), labels: Object.fromEntries(labelled) } };
    if (parts[0] === "admin" && parts[1] === "databases") {
      if (req.method === "GET" && parts.length === 2)
        return {
          status: 200,
          body: {
            databases: readdirSync(dir)
              .filter((f) => f.endsWith(".db"))
              .map((f) => f.slice(0, -3))
              .sort(),
          },
        };
      if (req.method === "POST" && parts.length === 2) {
        const { name } = ((await readJson(req)) ?? {}) as { name?: unknown };
        if (typeof name !== "string" || !NAME.test(name)) throw new HttpError(400, "invalid database name", "INVALID_NAME");
        if (existsSync(pathOf(name))) throw new HttpError(409, `database ${name} already exists`, "DB_EXISTS");
        const conn = connect(name);
        release(name, new StreamState(conn));
        return { status: 201, body: { name } };
      }
      if (req.method === "DELETE" && parts.length === 3) {
        const name = parts[2]!;
        if (!NAME.test(name) || !existsSync(pathOf(name))) throw new HttpError(404, `database ${name} does not exist`, "DB_NOT_FOUND");
        closeAllOf(name);
        for (const suffix of ["", "-wal", "-shm"]) rmSync(pathOf(name) + suffix, { force: true });
        return { status: 204 };
      }
    }

    // /<db>/v2 and /<db>/v2/pipeline
    const [name, version, action] = parts;
    if (name && NAME.test(name) && version === "v2") {
      if (req.method === "GET" && parts.length === 2) return { status: 200, body: { version: 2 } };
      if (req.method === "POST" && action === "pipeline" && parts.length === 3) {
        pipelines.set(name, (pipelines.get(name) ?? 0) + 1);
        if (label) labelled.set(label, (labelled.get(label) ?? 0) + 1);
        return { status: 200, body: await pipeline(name, await readJson(req)) };
      }
    }
    throw new HttpError(404, "not found", "NOT_FOUND");
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let status = 500;
    let body: unknown;
    try {
      ({ status, body } = await route(req));
    } catch (error) {
      if (error instanceof HttpError) {
        status = error.status;
        body = { message: error.message, code: error.code };
      } else {
        body = { message: error instanceof Error ? error.message : String(error), code: "INTERNAL" };
      }
    }
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }

  const server = createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const baton of [...streams.keys()]) closeStream(baton);
        for (const name of [...idle.keys()]) closeAllOf(name);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
