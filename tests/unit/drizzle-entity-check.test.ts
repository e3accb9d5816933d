import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import * as drizzle from "drizzle-orm";
import { SQLiteColumn, SQLiteTable, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { drizzle as libsqlDrizzle } from "drizzle-orm/libsql";
import { DRIZZLE_ENTITY_FILE, keepEntityKinds } from "../../scripts/lib/drizzle-entity-check";

// The build rewrites drizzle's `is` (scripts/lib/drizzle-entity-check.ts). Its answers must be
// drizzle's own, for drizzle's real classes, or every statement the app builds could change.

const require = createRequire(import.meta.url);
const entityFile = join(dirname(require.resolve("drizzle-orm")), "entity.js");
const folder = mkdtempSync(join(tmpdir(), "entity-check-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function rewrittenIs(): Promise<typeof drizzle.is> {
  const file = join(folder, "entity.mjs");
  writeFileSync(file, keepEntityKinds(readFileSync(entityFile, "utf8")));
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { is: typeof drizzle.is }).is;
}

const things = sqliteTable("things", { id: integer("id").primaryKey(), label: text("label") });
const db = libsqlDrizzle.mock();

describe("drizzle's `is`, as the build rewrites it", () => {
  it("names the file it rewrites, and refuses a source without the function it replaces", () => {
    expect(DRIZZLE_ENTITY_FILE.test(entityFile)).toBe(true);
    expect(() => keepEntityKinds("export function is() { return false; }")).toThrow(/changed/);
  });

  it("gives drizzle's own answer for every pair of value and class, asked twice (the second from what it kept)", async () => {
    const is = await rewrittenIs();
    const values: unknown[] = [
      drizzle.sql`select 1`,
      drizzle.sql.raw("x"),
      drizzle.sql.placeholder("p"),
      new drizzle.Param(1),
      drizzle.sql`1`.as("one"),
      drizzle.eq(things.id, 1),
      things,
      things.id,
      things.label,
      db.select().from(things),
      db.select().from(things).as("sub"),
      new drizzle.Name("n"),
      { id: 1 },
      [],
      new Date(),
      "text",
      42,
      null,
      undefined,
    ];
    const classes = [
      drizzle.SQL,
      drizzle.Column,
      drizzle.Table,
      drizzle.Param,
      drizzle.Placeholder,
      drizzle.Subquery,
      drizzle.View,
      drizzle.Name,
      drizzle.SQL.Aliased,
      SQLiteColumn,
      SQLiteTable,
    ];
    let yes = 0;
    for (let round = 0; round < 2; round++)
      for (const value of values)
        for (const type of classes) {
          const expected = drizzle.is(value, type);
          expect(is(value, type), `${String(type.name)} of value ${values.indexOf(value)}`).toBe(expected);
          if (expected) yes++;
        }
    // Both answers are exercised: some values are of some classes.
    expect(yes).toBeGreaterThan(10);
  });

  it("throws as drizzle does for a class that is not a drizzle entity", async () => {
    const is = await rewrittenIs();
    class Plain {}
    expect(() => drizzle.is(drizzle.sql`1`, Plain as never)).toThrow(/Drizzle entity/);
    expect(() => is(drizzle.sql`1`, Plain as never)).toThrow(/Drizzle entity/);
  });
});
