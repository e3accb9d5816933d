import type { Client, InArgs, InStatement, ResultSet } from "@libsql/client/web";

type Statement = InStatement | [string, InArgs?];

/** A statement that only reads (drizzle writes `select`; anything else goes out on its own). */
const READ = /^\s*select\b/i;
const sqlOf = (stmt: Statement) => (typeof stmt === "string" ? stmt : Array.isArray(stmt) ? stmt[0] : stmt.sql);
const isRead = (stmt: Statement) => READ.test(sqlOf(stmt));
const argsOf = (stmt: Statement) => (typeof stmt === "string" ? undefined : Array.isArray(stmt) ? stmt[1] : stmt.args);

/** An argument spelled so that two arguments with the same spelling bind the same value. */
function argKey(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean") return `${typeof value}:${value}`;
  if (typeof value === "bigint") return `bigint:${value}`;
  if (value instanceof Date) return `date:${value.getTime()}`;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value))
    return `blob:${(value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength)).join(",")}`;
  return JSON.stringify(value);
}

/** Two statements with the same key read the same thing. */
function keyOf(stmt: Statement): string {
  const args = argsOf(stmt) ?? [];
  const spelled = Array.isArray(args)
    ? args.map(argKey)
    : Object.entries(args as Record<string, unknown>).map(([name, value]) => `${name}=${argKey(value)}`);
  return `${sqlOf(stmt)}\u0000${spelled.join("\u0000")}`;
}

/**
 * Runs after a few turns of the microtask queue: long enough for the loaders of a page, woken by the
 * same promise, to start their reads, and without yielding to a timer, behind which the other
 * requests of the isolate would run first.
 */
function afterMicrotasks(run: () => void, turns = 16): void {
  let chain = Promise.resolve();
  for (let i = 0; i < turns; i++) chain = chain.then();
  void chain.then(run);
}

interface Pending {
  stmts: Statement[];
  /** How the caller asked: its own way again if the joint batch fails. */
  alone: () => Promise<ResultSet[]>;
  resolve(results: ResultSet[]): void;
  reject(error: unknown): void;
}

/**
 * A client whose reads, from any caller, that start within a few microtask turns (a page's
 * loaders, each with its own reads) go to the database together as one batch: one round trip
 * instead of one each. Writes, transactions and other batches pass through unchanged. When the
 * joint batch fails, each caller's reads run again on their own, so each gets its own answer.
 */
export function batchingReads(client: Client): Client {
  let queue: Pending[] = [];
  const flush = async () => {
    const jobs = queue;
    queue = [];
    if (jobs.length === 1) return void jobs[0]!.alone().then(jobs[0]!.resolve, jobs[0]!.reject);
    // The same read asked twice (a page's loaders each reading the store's settings, say) goes out
    // once: both are answered from the same snapshot, as they would have been side by side.
    const unique: Statement[] = [];
    const indexOf = new Map<string, number>();
    const positions = jobs.map((job) =>
      job.stmts.map((stmt) => {
        const key = keyOf(stmt);
        let index = indexOf.get(key);
        if (index === undefined) indexOf.set(key, (index = unique.push(stmt) - 1));
        return index;
      }),
    );
    let results: ResultSet[];
    try {
      results = await client.batch(unique, "deferred");
    } catch {
      for (const job of jobs) job.alone().then(job.resolve, job.reject);
      return;
    }
    jobs.forEach((job, j) => job.resolve(positions[j]!.map((index) => results[index]!)));
  };
  const enqueue = (stmts: Statement[], alone: () => Promise<ResultSet[]>) =>
    new Promise<ResultSet[]>((resolve, reject) => {
      if (queue.length === 0) afterMicrotasks(() => void flush());
      queue.push({ stmts, alone, resolve, reject });
    });

  const execute = (stmt: InStatement | string, args?: InArgs): Promise<ResultSet> => {
    const statement: InStatement = typeof stmt === "string" && args !== undefined ? { sql: stmt, args } : stmt;
    if (!isRead(statement)) return client.execute(statement);
    return enqueue([statement], () => client.execute(statement).then((r) => [r])).then((r) => r[0]!);
  };
  const batch = (stmts: Statement[], mode?: Parameters<Client["batch"]>[1]): Promise<ResultSet[]> => {
    if ((mode !== undefined && mode !== "deferred" && mode !== "read") || stmts.length === 0 || !stmts.every(isRead))
      return client.batch(stmts, mode);
    return enqueue(stmts, () => client.batch(stmts, mode));
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "execute") return execute;
      if (property === "batch") return batch;
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
