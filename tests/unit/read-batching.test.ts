import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { libsqlClient } from "../../db/client";
import { batchingReads } from "../../db/read-batching";
import { startDbServer, type DbServer } from "../../db/server/server";
import { dbServerStats } from "../support/db-server-stats";

let dir: string;
let server: DbServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "read-batching-test-"));
  server = await startDbServer({ dir, port: 0 });
  await fetch(`${server.url}/admin/databases`, { method: "POST", body: JSON.stringify({ name: "main" }) });
  await libsqlClient({ url: `${server.url}/main/` }).batch(["CREATE TABLE t (v INTEGER)", "INSERT INTO t VALUES (1), (2), (3)"], "write");
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const roundTrips = async () => (await dbServerStats(server.url)).pipelines.main ?? 0;

async function counting<T>(run: () => Promise<T>): Promise<{ result: T; trips: number }> {
  const before = await roundTrips();
  const result = await run();
  return { result, trips: (await roundTrips()) - before };
}

describe("a client batching reads started together", () => {
  it("sends reads and read batches started in the same turn as one round trip, each caller getting its own results", async () => {
    const db = batchingReads(libsqlClient({ url: `${server.url}/main/` }));
    const { result, trips } = await counting(() =>
      Promise.all([
        db.execute("SELECT count(*) AS n FROM t"),
        db.execute({ sql: "SELECT v FROM t WHERE v = ?", args: [2] }),
        db.batch(["SELECT min(v) AS v FROM t", "SELECT max(v) AS v FROM t"]),
      ]),
    );
    expect(trips).toBe(1);
    const [count, two, [min, max]] = result;
    expect([count.rows[0]!.n, two.rows[0]!.v, min!.rows[0]!.v, max!.rows[0]!.v]).toEqual([3, 2, 1, 3]);
  });

  it("sends a read asked twice in the same turn once, and reads that differ by their arguments each", async () => {
    const db = batchingReads(libsqlClient({ url: `${server.url}/main/` }));
    // A random value tells one answer shared from two answers computed.
    const [a, b, [c], other, two] = await Promise.all([
      db.execute("SELECT hex(randomblob(16)) AS r"),
      db.execute("SELECT hex(randomblob(16)) AS r"),
      db.batch(["SELECT hex(randomblob(16)) AS r"]),
      db.execute({ sql: "SELECT hex(randomblob(16)) || ? AS r", args: [""] }),
      db.execute({ sql: "SELECT v FROM t WHERE v = ?", args: [2] }),
    ]);
    expect(b.rows[0]!.r).toBe(a.rows[0]!.r);
    expect(c!.rows[0]!.r).toBe(a.rows[0]!.r);
    expect(other.rows[0]!.r).not.toBe(a.rows[0]!.r);
    const [one, three] = await Promise.all([
      db.execute({ sql: "SELECT v FROM t WHERE v = ?", args: [1] }),
      db.execute({ sql: "SELECT v FROM t WHERE v = ?", args: [3] }),
    ]);
    expect([one.rows[0]!.v, two.rows[0]!.v, three.rows[0]!.v]).toEqual([1, 2, 3]);
  });

  it("gives a failing read its own error and the others their answers", async () => {
    const db = batchingReads(libsqlClient({ url: `${server.url}/main/` }));
    const [good, bad] = await Promise.allSettled([db.execute("SELECT count(*) AS n FROM t"), db.execute("SELECT nope FROM t")]);
    expect(good.status === "fulfilled" && good.value.rows[0]!.n).toBe(3);
    expect(bad.status === "rejected" && String(bad.reason)).toMatch(/no such column: nope/);
  });

  it("sends writes on their own, at once, and reads later see them", async () => {
    const db = batchingReads(libsqlClient({ url: `${server.url}/main/` }));
    const { trips } = await counting(() =>
      Promise.all([db.execute("INSERT INTO t VALUES (4)"), db.batch(["INSERT INTO t VALUES (5)", "SELECT 1"], "write")]),
    );
    expect(trips).toBe(2);
    expect((await db.execute("SELECT count(*) AS n FROM t")).rows[0]!.n).toBe(5);
  });
});
