import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { LIBSQL_HTTP_FILE, withoutSqlCache } from "../../scripts/lib/libsql-sql-cache";

// The build turns the libSQL client's SQL text cache off (scripts/lib/libsql-sql-cache.ts): each
// statement then carries its text, as the client's own cache does with a capacity of 0.

const require = createRequire(import.meta.url);
const clientDir = join(dirname(require.resolve("@libsql/client")), "..", "lib-esm");
const httpFile = join(clientDir, "http.js");

describe("the libSQL client's SQL cache, as the build sets it", () => {
  it("names the file it changes, sets the capacity to 0, and refuses a source without the line it changes", () => {
    expect(LIBSQL_HTTP_FILE.test(httpFile)).toBe(true);
    const source = readFileSync(httpFile, "utf8");
    const changed = withoutSqlCache(source);
    expect(changed).toContain("const sqlCacheCapacity = 0;");
    expect(changed).not.toContain("const sqlCacheCapacity = 30;");
    expect(() => withoutSqlCache("const sqlCacheCapacity = 50;")).toThrow(/changed/);
  });

  it("with a capacity of 0 the client stores no text and sends each statement's own; with its default it stores each", async () => {
    const { SqlCache } = (await import(/* @vite-ignore */ join(clientDir, "sql_cache.js"))) as {
      SqlCache: new (owner: { storeSql(sql: string): unknown }, capacity: number) => { apply(stmts: { sql: unknown }[]): void };
    };
    const stored: string[] = [];
    const owner = { storeSql: (sql: string) => (stored.push(sql), { close() {} }) };
    const statements = [{ sql: "select 1" }, { sql: "select 2" }];
    new SqlCache(owner, 0).apply(statements);
    expect(stored).toEqual([]);
    expect(statements.map((s) => s.sql)).toEqual(["select 1", "select 2"]);
    new SqlCache(owner, 30).apply(statements);
    expect(stored).toEqual(["select 1", "select 2"]);
  });
});
