import { asc, desc, eq, like, sql, type SQL } from "drizzle-orm";
import { integer, SQLiteAsyncDialect, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { writtenSql } from "../../db/client";
import { pageIdsSql } from "../../worker/domain/shared/list-query-sql";

const things = sqliteTable("things", { id: integer("id").primaryKey(), label: text("label"), kind: text("kind") });
const dialect = new SQLiteAsyncDialect();

// A list's page of ids, read by each of its related reads: written from its WHERE and ORDER BY
// already written (their `?` inside quotes left alone), it must be the text and parameters drizzle
// writes for that subquery, in the same order.
describe("the subquery of a page's ids", () => {
  it.each<[string, SQL | undefined, SQL[], number, number]>([
    ["no condition", undefined, [asc(things.id)], 50, 0],
    [
      "parameters, one a text holding a question mark and quotes",
      sql`${eq(things.kind, `what's "this"?`)} and ${like(things.label, "a?%")}`,
      [sql`${things.label} collate nocase`, desc(things.id)],
      50,
      100,
    ],
    ["every row", eq(things.id, 7), [asc(things.label), asc(things.id)], -1, 0],
  ])("with %s", (_name, where, order, limit, offset) => {
    const ids = pageIdsSql(things, things.id, {
      where: writtenSql(where ?? sql`1`),
      order: writtenSql(sql.join(order, sql`, `)),
      limit,
      offset,
    });
    // As drizzle writes the same subquery in one piece (a page's limit and offset always bound: -1 is no limit).
    const expected = dialect.sqlToQuery(
      sql`select ${things.id} from ${things} where ${where ?? sql`1`} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
    );
    expect(ids.sql).toBe(`(${expected.sql})`);
    expect(ids.params).toEqual(expected.params);
  });
});
