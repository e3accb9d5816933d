import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client, type InStatement, type ResultSet } from "@libsql/client/web";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { libsqlClient } from "../../db/client";
import { JSON_ROW_COLUMN } from "../../db/json-rows";
import { startDbServer, type DbServer } from "../../db/server/server";

// The app's Hrana client (db/hrana-http.ts) against `@libsql/client`'s HTTP client, on the same
// database server and the same statements: the same result sets, the same errors.
let dir: string;
let server: DbServer;
let ours: Client;
let theirs: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "hrana-http-test-"));
  server = await startDbServer({ dir, port: 0 });
  await fetch(`${server.url}/admin/databases`, { method: "POST", body: JSON.stringify({ name: "main" }) });
  ours = libsqlClient({ url: `${server.url}/main/` });
  theirs = createClient({ url: `${server.url}/main/`, intMode: "number" });
  await theirs.batch(
    [
      "CREATE TABLE t (id INTEGER PRIMARY KEY, code TEXT UNIQUE, amount REAL, data BLOB, flag INTEGER)",
      "CREATE TABLE parent (id INTEGER PRIMARY KEY)",
      "CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)",
      "CREATE TABLE big (v INTEGER)",
      "INSERT INTO big VALUES (9007199254740993)",
    ],
    "write",
  );
});

afterAll(async () => {
  ours.close();
  theirs.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What a caller can read of a result set: its columns, its rows by index and by name, its counts. */
function seen(result: ResultSet) {
  return {
    columns: result.columns,
    columnTypes: result.columnTypes,
    rows: result.rows.map((row) => ({
      length: row.length,
      values: Array.from({ length: row.length }, (_, i) => row[i]),
      named: Object.entries(row),
      keys: Object.keys(row),
    })),
    rowsAffected: result.rowsAffected,
    lastInsertRowid: result.lastInsertRowid,
    json: JSON.stringify(result),
  };
}

/** An error as a caller can tell it: its class, message, code and statement, and its cause's message. */
async function failure(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    const e = error as Error & { code?: string; statementIndex?: number; cause?: { message?: string } };
    return { name: e.name, message: e.message, code: e.code, statementIndex: e.statementIndex, cause: e.cause?.message };
  }
  throw new Error("expected the call to fail");
}

async function both<T>(run: (client: Client) => Promise<T>): Promise<[T, T]> {
  return [await run(ours), await run(theirs)];
}

describe("the app's Hrana client", () => {
  it("binds every kind of argument as the library does and reads rows alike", async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const insert = (client: Client, id: number) =>
      client.execute({
        sql: "INSERT INTO t (id, code, amount, data, flag) VALUES (?, ?, ?, ?, ?)",
        args: [id, `c${id}`, 12.5, bytes, true],
      });
    const [a, b] = [seen(await insert(ours, 1)), seen(await insert(theirs, 2))];
    expect(a).toEqual({ ...b, lastInsertRowid: 1n, json: b.json.replace('"lastInsertRowid":"2"', '"lastInsertRowid":"1"') });

    const read: InStatement = {
      sql: "SELECT id, code, amount, data, flag, typeof(amount) AS amount_type, NULL AS empty, id AS code, ? AS n, ? AS big, ? AS day, ? AS f, ? AS buffer FROM t ORDER BY id",
      args: [7, 2n ** 40n, new Date(Date.UTC(2026, 10, 28)), false, bytes.buffer],
    };
    const [ourRows, theirRows] = await both(async (c) => seen(await c.execute(read)));
    expect(ourRows).toEqual(theirRows);
    expect(ourRows.rows).toHaveLength(2);
    expect(ourRows.rows[0]!.values[3]).toBeInstanceOf(ArrayBuffer);

    const named = { sql: "SELECT :a AS a, $b AS b, @c AS c", args: { a: "x", b: 2.5, c: null } };
    const [ourNamed, theirNamed] = await both(async (c) => seen(await c.execute(named)));
    expect(ourNamed).toEqual(theirNamed);
    expect(ourNamed.rows[0]!.values).toEqual(["x", 2.5, null]);
  });

  it("gives a row of the JSON column as a plain array of its one value", async () => {
    const result = await ours.execute(`SELECT json_array(1, 'a') AS "${JSON_ROW_COLUMN}"`);
    expect(result.rows[0]).toEqual(['[1,"a"]']);
    expect(Array.isArray(result.rows[0])).toBe(true);
  });

  it("runs a batch in one transaction, each result in turn", async () => {
    const stmts: InStatement[] = [
      { sql: "INSERT INTO parent (id) VALUES (?)", args: [10] },
      "SELECT count(*) AS n FROM parent",
      { sql: "DELETE FROM parent WHERE id = ?", args: [10] },
    ];
    const [a, b] = await both(async (c) => (await c.batch(stmts, "write")).map(seen));
    expect(a).toEqual(b);
    expect(a[1]!.rows[0]!.values).toEqual([1]);
    const [reads, theirReads] = await both(async (c) => (await c.batch(["SELECT 1 AS one", "SELECT 'x' AS x"], "read")).map(seen));
    expect(reads).toEqual(theirReads);
  });

  it("fails a batch at its failing statement, with the library's error, and keeps nothing of it", async () => {
    const stmts = (id: number): InStatement[] => [
      { sql: "INSERT INTO parent (id) VALUES (?)", args: [id] },
      { sql: "INSERT INTO t (id, code) VALUES (?, 'c1')", args: [100 + id] },
      "SELECT 1",
    ];
    const [a, b] = await both((c) => failure(() => c.batch(stmts(c === ours ? 20 : 21), "write")));
    expect(a).toEqual(b);
    expect(a).toMatchObject({ name: "LibsqlBatchError", statementIndex: 1, code: "SQLITE_CONSTRAINT_UNIQUE" });
    expect(a.message).toMatch(/UNIQUE constraint failed: t\.code/);
    const left = await ours.execute("SELECT count(*) AS n FROM parent WHERE id IN (20, 21)");
    expect(left.rows[0]![0]).toBe(0);
  });

  it("fails a batch whose commit is refused (a deferred foreign key), as the library does", async () => {
    const stmts: InStatement[] = ["INSERT INTO child (id, parent_id) VALUES (1, 999)"];
    const [a, b] = await both((c) => failure(() => c.batch(stmts, "write")));
    expect(a).toEqual(b);
    expect(a.message).toMatch(/FOREIGN KEY constraint failed/);
    expect((await ours.execute("SELECT count(*) FROM child")).rows[0]![0]).toBe(0);
  });

  it("fails a statement, an unknown database and an unsafe integer with the library's errors", async () => {
    const [a, b] = await both((c) => failure(() => c.execute("SELECT * FROM nowhere")));
    expect(a).toEqual(b);
    expect(a.message).toMatch(/no such table: nowhere/);

    const [big, theirBig] = await both((c) => failure(() => c.execute("SELECT v FROM big")));
    expect(big).toEqual(theirBig);
    expect(big.name).toBe("RangeError");

    const [gone, theirGone] = await both((c) =>
      failure(() =>
        (c === ours ? libsqlClient({ url: `${server.url}/absent/` }) : createClient({ url: `${server.url}/absent/` })).execute("SELECT 1"),
      ),
    );
    expect(gone).toEqual(theirGone);
    expect(gone.code).toBe("DB_NOT_FOUND");

    const [inf, theirInf] = await both((c) => failure(() => c.execute({ sql: "SELECT ?", args: [Infinity] })));
    expect(inf).toEqual(theirInf);
  });

  it("migrates with foreign keys off in one transaction, as the library does", async () => {
    const [a, b] = await both(async (c) =>
      (await c.migrate(["CREATE TABLE IF NOT EXISTS m (v INTEGER)", "SELECT count(*) AS n FROM m"])).map(seen),
    );
    expect(a).toEqual(b);
  });

  it("counts one round trip per statement or batch and refuses work once closed", async () => {
    const trips = { count: 0 };
    const counted = libsqlClient({ url: `${server.url}/main/` }, trips);
    await counted.execute("SELECT 1");
    await counted.batch(["SELECT 1", "SELECT 2"]);
    expect(trips.count).toBe(2);
    counted.close();
    expect(counted.closed).toBe(true);
    await expect(counted.execute("SELECT 1")).rejects.toThrow(/closed/);
  });
});
