import { and, asc, eq, inArray, like, sql, type SQLWrapper } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { integer, SQLiteAsyncDialect, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { writtenOnce } from "../../db/client";

const things = sqliteTable("things", { id: integer("id").primaryKey(), label: text("label"), kind: text("kind") });
const tags = sqliteTable("tags", { thingId: integer("thing_id"), label: text("label") });
const db = drizzle.mock();
const dialect = new SQLiteAsyncDialect();

// A list's page of ids, read by each of its related reads: written into SQL once, it must give
// each statement the text and parameters the subquery itself gives.
describe("a subquery written once", () => {
  it.each([
    ["no parameter", db.select({ id: things.id }).from(things).orderBy(asc(things.id))],
    [
      "parameters, one a text holding a question mark and quotes",
      db
        .select({ id: things.id })
        .from(things)
        .where(and(eq(things.kind, `what's "this"?`), like(things.label, "a?%")))
        .orderBy(sql`${things.label} collate nocase`, asc(things.id))
        .limit(50)
        .offset(100),
    ],
    [
      "a name holding a question mark",
      db
        .select({ id: sql`"odd?name"` })
        .from(things)
        .where(eq(things.id, 7)),
    ],
  ])("with %s", (_name, ids) => {
    const related = (page: SQLWrapper) => db.select().from(tags).where(inArray(tags.thingId, page));
    expect(dialect.sqlToQuery(related(writtenOnce(ids)).getSQL())).toEqual(dialect.sqlToQuery(related(ids).getSQL()));
  });
});
