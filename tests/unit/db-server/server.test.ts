import { createClient, LibsqlError, type Client } from "@libsql/client/web";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql/web";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startDbServer, type DbServer } from "../../../db/server/server";
import { dbServerStats } from "../../support/db-server-stats";

let dir: string;
let server: DbServer;
const clients: Client[] = [];

async function createDb(name: string, srv = server, token?: string) {
  const response = await fetch(`${srv.url}/admin/databases`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ name }),
  });
  return response.status;
}

function client(name: string, options: { intMode?: "number" | "bigint" | "string"; srv?: DbServer; authToken?: string } = {}) {
  const c = createClient({
    url: `${(options.srv ?? server).url}/${name}/`,
    intMode: options.intMode ?? "number",
    authToken: options.authToken,
  });
  clients.push(c);
  return c;
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "db-server-test-"));
  server = await startDbServer({ dir, port: 0, streamTimeoutMs: 300 });
  await createDb("main");
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the local libSQL server driven by the official client", () => {
  it("sends a float past the safe integers as a float, which the client reads (a whole-number float is not an integer's text)", async () => {
    const db = client("main");
    await db.execute("CREATE TABLE f (amount INTEGER)");
    // An INTEGER column keeps a float it cannot hold as an integer: 1e24 is past SQLite's integers.
    await db.execute("INSERT INTO f (amount) VALUES (1e24), (2.0), (1e19)");
    const { rows } = await db.execute("SELECT amount, typeof(amount) AS kind FROM f ORDER BY rowid");
    expect(rows.map((r) => [r.amount, r.kind])).toEqual([
      [1e24, "real"],
      [2, "integer"],
      [1e19, "real"],
    ]);
  });

  it("creates a table, inserts rows and reads every value type back exactly", async () => {
    const db = client("main", { intMode: "bigint" });
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, big INTEGER, f REAL, s TEXT, b BLOB, n TEXT)");
    const insert = await db.execute({
      sql: "INSERT INTO t (big, f, s, b, n) VALUES (?, ?, ?, ?, ?)",
      args: [9007199254740993n, 3.25, "Crème brûlée — 東京 ✓", new Uint8Array([0, 1, 254, 255]), null],
    });
    expect(insert.rowsAffected).toBe(1);
    expect(insert.lastInsertRowid).toBe(1n);
    const { rows, columns } = await db.execute("SELECT big, f, s, b, n FROM t");
    expect(columns).toEqual(["big", "f", "s", "b", "n"]);
    expect(rows[0]!.big).toBe(9007199254740993n);
    expect(rows[0]!.f).toBe(3.25);
    expect(rows[0]!.s).toBe("Crème brûlée — 東京 ✓");
    expect([...new Uint8Array(rows[0]!.b as ArrayBuffer)]).toEqual([0, 1, 254, 255]);
    expect(rows[0]!.n).toBeNull();
    const asString = await client("main", { intMode: "string" }).execute("SELECT big FROM t");
    expect(asString.rows[0]!.big).toBe("9007199254740993");
  });

  it("binds named arguments with any prefix", async () => {
    const db = client("main");
    await db.execute("CREATE TABLE t (a INTEGER, b TEXT)");
    await db.execute({ sql: "INSERT INTO t VALUES (:a, @b)", args: { a: 7, b: "x" } });
    const { rows } = await db.execute({ sql: "SELECT * FROM t WHERE a = $a", args: { a: 7 } });
    expect(rows.map((r) => [r.a, r.b])).toEqual([[7, "x"]]);
  });

  it("counts affected rows and reports the last inserted row id", async () => {
    const db = client("main");
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)");
    for (let i = 0; i < 5; i++) await db.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: [i] });
    expect((await db.execute("UPDATE t SET v = v + 1 WHERE v >= 2")).rowsAffected).toBe(3);
    expect((await db.execute("DELETE FROM t WHERE v = 0")).rowsAffected).toBe(1);
    expect((await db.execute("SELECT * FROM t")).rowsAffected).toBe(0);
    const returning = await db.execute("INSERT INTO t (v) VALUES (42) RETURNING id");
    expect(returning.rows[0]!.id).toBe(6);
    expect(returning.rowsAffected).toBe(1);
  });

  it("runs a write batch atomically", async () => {
    const db = client("main");
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)");
    const results = await db.batch(
      [
        { sql: "INSERT INTO t (v) VALUES (?)", args: ["a"] },
        { sql: "INSERT INTO t (v) VALUES (?)", args: ["b"] },
        "SELECT count(*) AS n FROM t",
      ],
      "write",
    );
    expect(results[2]!.rows[0]!.n).toBe(2);
  });

  it("rolls back a whole batch when one statement fails", async () => {
    const db = client("main");
    await db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)");
    await db.execute("INSERT INTO t (v) VALUES ('taken')");
    await expect(
      db.batch(
        [
          { sql: "INSERT INTO t (v) VALUES (?)", args: ["new-1"] },
          { sql: "INSERT INTO t (v) VALUES (?)", args: ["new-2"] },
          { sql: "INSERT INTO t (v) VALUES (?)", args: ["taken"] },
        ],
        "write",
      ),
    ).rejects.toThrow(LibsqlError);
    const { rows } = await db.execute("SELECT v FROM t ORDER BY v");
    expect(rows.map((r) => r.v)).toEqual(["taken"]);
  });

  it("surfaces constraint violations with their SQLite code", async () => {
    const db = client("main");
    await db.execute("CREATE TABLE t (v TEXT UNIQUE)");
    await db.execute("INSERT INTO t VALUES ('x')");
    const error = await db.execute("INSERT INTO t VALUES ('x')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LibsqlError);
    expect((error as LibsqlError).code).toMatch(/^SQLITE_CONSTRAINT/);
  });

  it("commits an interactive transaction and rolls another back", async () => {
    const db = client("main");
    await db.execute("CREATE TABLE t (v INTEGER)");
    const tx = await db.transaction("write");
    await tx.execute("INSERT INTO t VALUES (1)");
    await tx.execute("INSERT INTO t VALUES (2)");
    expect((await tx.execute("SELECT count(*) AS n FROM t")).rows[0]!.n).toBe(2);
    await tx.commit();
    const rollback = await db.transaction("write");
    await rollback.execute("INSERT INTO t VALUES (3)");
    await rollback.rollback();
    const { rows } = await db.execute("SELECT v FROM t ORDER BY v");
    expect(rows.map((r) => r.v)).toEqual([1, 2]);
  });

  it("answers a batch of reads while a writer holds its transaction open, from the last committed data", async () => {
    const db = client("main");
    await db.execute("CREATE TABLE t (v INTEGER)");
    await db.execute("INSERT INTO t VALUES (1)");
    const tx = await db.transaction("write");
    await tx.execute("INSERT INTO t VALUES (2)");
    const read = client("main").batch(["SELECT count(*) AS n FROM t", "SELECT max(v) AS m FROM t"], "deferred");
    const outcome = await Promise.race([read, new Promise((r) => setTimeout(() => r("waited for the writer"), 1000))]);
    await tx.commit();
    expect(outcome).not.toBe("waited for the writer");
    const [count, max] = outcome as Awaited<typeof read>;
    expect([count!.rows[0]!.n, max!.rows[0]!.m]).toEqual([1, 1]);
    expect((await db.execute("SELECT count(*) AS n FROM t")).rows[0]!.n).toBe(2);
  });

  it("serves two concurrent writers and fifty concurrent inserts without losing one", async () => {
    const db = client("main");
    await db.execute("CREATE TABLE t (who TEXT, v INTEGER)");
    const writer = async (who: string) => {
      const tx = await db.transaction("write");
      for (let i = 0; i < 10; i++) await tx.execute({ sql: "INSERT INTO t VALUES (?, ?)", args: [who, i] });
      await tx.commit();
    };
    const inserts = Array.from({ length: 50 }, (_, i) => db.execute({ sql: "INSERT INTO t VALUES ('auto', ?)", args: [i] }));
    await Promise.all([writer("a"), writer("b"), ...inserts]);
    const { rows } = await db.execute("SELECT who, count(*) AS n FROM t GROUP BY who ORDER BY who");
    expect(rows.map((r) => [r.who, r.n])).toEqual([
      ["a", 10],
      ["auto", 50],
      ["b", 10],
    ]);
  });

  it("runs several statements with executeMultiple and migrations with migrate", async () => {
    const db = client("main");
    await db.executeMultiple("CREATE TABLE a (x); CREATE TABLE b (y); INSERT INTO a VALUES (1);");
    await db.migrate(["CREATE TABLE c (z)", "INSERT INTO c VALUES (5)"]);
    expect((await db.execute("SELECT x FROM a")).rows[0]!.x).toBe(1);
    expect((await db.execute("SELECT z FROM c")).rows[0]!.z).toBe(5);
  });

  it("works under drizzle", async () => {
    const items = sqliteTable("items", { id: integer("id").primaryKey(), label: text("label").notNull() });
    const db = drizzle(client("main"));
    await db.run(sql`CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT NOT NULL)`);
    const inserted = await db
      .insert(items)
      .values([{ label: "Bolt" }, { label: "Nut" }])
      .returning();
    expect(inserted.map((i) => i.label)).toEqual(["Bolt", "Nut"]);
    await db.transaction(async (tx) => {
      await tx.insert(items).values({ label: "Washer" });
    });
    expect((await db.select().from(items)).length).toBe(3);
  });

  it("refuses an expired baton", async () => {
    const first = await fetch(`${server.url}/main/v2/pipeline`, {
      method: "POST",
      body: JSON.stringify({ baton: null, requests: [{ type: "execute", stmt: { sql: "BEGIN" } }] }),
    });
    const { baton } = (await first.json()) as { baton: string };
    expect(baton).toBeTruthy();
    await new Promise((r) => setTimeout(r, 500));
    const second = await fetch(`${server.url}/main/v2/pipeline`, {
      method: "POST",
      body: JSON.stringify({ baton, requests: [{ type: "execute", stmt: { sql: "COMMIT" } }] }),
    });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ code: "STREAM_EXPIRED" });
  });

  it("refuses a statement mixing positional and named arguments instead of crashing", async () => {
    const response = await fetch(`${server.url}/main/v2/pipeline`, {
      method: "POST",
      body: JSON.stringify({
        baton: null,
        requests: [
          {
            type: "execute",
            stmt: { sql: "SELECT ?, :a", args: [{ type: "integer", value: "1" }], named_args: [{ name: "a", value: { type: "null" } }] },
          },
          { type: "close" },
        ],
      }),
    });
    const body = (await response.json()) as { results: { type: string; error?: { code: string } }[] };
    expect(body.results[0]).toMatchObject({ type: "error", error: { code: "ARGS_INVALID" } });
  });

  it("answers an unknown database with an error and never creates it", async () => {
    await expect(client("nope").execute("SELECT 1")).rejects.toThrow();
    const list = (await (await fetch(`${server.url}/admin/databases`)).json()) as { databases: string[] };
    expect(list.databases).toEqual(["main"]);
  });

  it("creates, lists and deletes databases through the admin API", async () => {
    expect(await createDb("company-a")).toBe(201);
    expect(await createDb("company-a")).toBe(409);
    expect(await createDb("Bad Name!")).toBe(400);
    expect(((await (await fetch(`${server.url}/admin/databases`)).json()) as { databases: string[] }).databases).toEqual([
      "company-a",
      "main",
    ]);
    expect((await fetch(`${server.url}/admin/databases/company-a`, { method: "DELETE" })).status).toBe(204);
    expect((await fetch(`${server.url}/admin/databases/company-a`, { method: "DELETE" })).status).toBe(404);
  });

  it("counts each HTTP request of a client as one round trip of its database, a batch of reads included", async () => {
    await createDb("other");
    const stats = async () => (await dbServerStats(server.url)).pipelines;
    const before = await stats();
    const db = client("main");
    await db.execute("SELECT 1");
    await db.batch(["SELECT 1", "SELECT 2", "SELECT 3"], "read");
    await client("other").execute("SELECT 1");
    const after = await stats();
    expect((after.main ?? 0) - (before.main ?? 0)).toBe(2);
    expect((after.other ?? 0) - (before.other ?? 0)).toBe(1);
  });

  it("serves a database under a labelled address and counts its round trips under the label too", async () => {
    const labelled = createClient({ url: `${server.url}/-/mine/main/`, intMode: "number" });
    clients.push(labelled);
    await labelled.execute("CREATE TABLE t (x INTEGER)");
    await labelled.execute({ sql: "INSERT INTO t VALUES (?)", args: [7] });
    await client("main").execute("SELECT 1");
    expect((await client("main").execute("SELECT x FROM t")).rows[0]!.x).toBe(7);
    const { pipelines, labels } = await dbServerStats(server.url);
    expect(labels).toEqual({ mine: 2 });
    expect(pipelines.main).toBe(4);
  });

  it("keeps databases apart", async () => {
    await createDb("other");
    await client("main").execute("CREATE TABLE only_in_main (x)");
    await expect(client("other").execute("SELECT * FROM only_in_main")).rejects.toThrow(/no such table/);
  });

  it("demands the token when one is configured", async () => {
    const dir2 = mkdtempSync(join(tmpdir(), "db-server-auth-"));
    const guarded = await startDbServer({ dir: dir2, port: 0, authToken: "s3cret" });
    try {
      expect(await createDb("x", guarded)).toBe(401);
      expect(await createDb("x", guarded, "s3cret")).toBe(201);
      await expect(client("x", { srv: guarded }).execute("SELECT 1")).rejects.toThrow();
      expect((await client("x", { srv: guarded, authToken: "s3cret" }).execute("SELECT 1 AS one")).rows[0]!.one).toBe(1);
    } finally {
      await guarded.close();
      rmSync(dir2, { recursive: true, force: true });
    }
  });

  it("keeps the data after the server is stopped and started again on the same folder", async () => {
    await client("main").execute("CREATE TABLE kept (v TEXT)");
    await client("main").execute("INSERT INTO kept VALUES ('still here')");
    for (const c of clients.splice(0)) c.close();
    await server.close();
    server = await startDbServer({ dir, port: 0 });
    expect((await client("main").execute("SELECT v FROM kept")).rows[0]!.v).toBe("still here");
  });

  it("rejects a body that is not JSON", async () => {
    const response = await fetch(`${server.url}/main/v2/pipeline`, { method: "POST", body: "{nope" });
    expect(response.status).toBe(400);
  });
});
