import { getTableColumns, is, sql, SQL, type Column } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { TenantDb } from "../../../db/client";

/**
 * `insert into <table> (…) select <fixed>, <row's values> from json_each(<rows>)`: many rows as ONE
 * parameter, a JSON array of arrays, each value as the column stores it (drizzle's own mapping).
 * drizzle's `insert().values(rows)` binds every value of every row as a parameter and builds the
 * statement a value at a time; a 10-line sales order's lines were 360 parameters, each row naming
 * its document by the same numbering subquery. Here the statement's text depends only on the table
 * and its fixed columns (made once per isolate), the fixed values (the document's id, as SQL that
 * the batch reads) appear once, and the rows are one `JSON.stringify`.
 *
 * A row's missing value takes the column's default as drizzle's insert would (`.default(…)`, else
 * `$defaultFn`, else `$onUpdateFn`, else null: an autoincrement id is the database's to give). A
 * default that is SQL is written in the statement when no row gives the column, and so is a value
 * given as SQL when there is one row; otherwise SQL is refused (that statement is drizzle's to
 * build). Numbers, text, null and booleans (as 1 and 0) come back out of JSON as SQLite's integer,
 * real, text and null, and the column's type does the rest, as with bound parameters (tests/worker/rows-as-json.test.ts compares the stored rows with drizzle's).
 */
export function insertRowsAsJson<T extends SQLiteTable>(
  db: TenantDb,
  table: T,
  rows: readonly Partial<T["$inferInsert"]>[],
  fixed: Partial<Record<keyof T["$inferInsert"] & string, SQL>>,
) {
  const all = getTableColumns(table) as Record<string, Column>;
  const given = { ...fixed } as Record<string, SQL>;
  for (const [key, column] of Object.entries(all)) {
    if (key in given) continue;
    const values = rows.map((row) => (row as Record<string, unknown>)[key]);
    // One row's SQL values, and a default that is SQL for a column no row gives, are written in place (once per row, as drizzle does).
    if (rows.length === 1 && is(values[0], SQL)) given[key] = values[0] as SQL;
    else if (values.every((v) => v === undefined) && is(column.default, SQL)) given[key] = column.default as SQL;
  }
  const shape = shapeOf(table, Object.keys(given));
  const values = rows.map((row) => shape.columns.map(([key, column]) => storedValue(column, (row as Record<string, unknown>)[key], key)));
  const fixedValues = shape.fixedKeys.map((key) => given[key]!);
  // In the rows' order, as drizzle's `values` list inserts them (their ids ascend the same way).
  return db.run(sql`${shape.head}${sql.join(fixedValues, sql`, `)}${shape.tail}${JSON.stringify(values)}) as j order by j.key`);
}

interface Shape {
  fixedKeys: string[];
  columns: [string, Column][];
  head: SQL;
  tail: SQL;
}

const shapes = new WeakMap<SQLiteTable, Map<string, Shape>>();

/** The statement's text around the fixed values and the rows, per table and set of fixed columns. */
function shapeOf(table: SQLiteTable, fixedKeys: string[]): Shape {
  const byFixed = shapes.get(table) ?? new Map<string, Shape>();
  shapes.set(table, byFixed);
  const id = fixedKeys.join(",");
  const known = byFixed.get(id);
  if (known) return known;
  const all = Object.entries(getTableColumns(table)) as [string, Column][];
  for (const key of fixedKeys) if (!all.some(([k]) => k === key)) throw new Error(`${key} is not a column`);
  // The columns drizzle's insert writes (not the generated ones), in its order.
  const columns = all.filter(
    ([key, column]) => !fixedKeys.includes(key) && !(column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert(),
  );
  const names = [...fixedKeys.map((key) => all.find(([k]) => k === key)![1]), ...columns.map(([, c]) => c)].map((c) => `"${c.name}"`);
  const tableName = (table as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")]!;
  const picks = columns.map((_, i) => `j.value ->> ${i}`).join(", ");
  const shape: Shape = {
    fixedKeys,
    columns,
    head: sql.raw(`insert into "${tableName}" (${names.join(", ")}) select `),
    // `json_each(?)`: the rows are the statement's last parameter.
    tail: sql.raw(`${fixedKeys.length && columns.length ? ", " : ""}${picks} from json_each(`),
  };
  byFixed.set(id, shape);
  return shape;
}

/** A value as the column stores it, for JSON: what drizzle would bind (its default when missing). */
function storedValue(column: Column, value: unknown, key: string): unknown {
  let given = value;
  // drizzle's order (buildInsertQuery): the default, else the default function, else the update function, else null.
  if (given === undefined) {
    if (column.default !== null && column.default !== undefined) given = column.default;
    else if (column.defaultFn !== undefined) given = column.defaultFn();
    else if (!column.default && column.onUpdateFn !== undefined) given = column.onUpdateFn();
    else return null;
  }
  if (given === null) return null;
  if (is(given, SQL)) throw new Error(`${key}: a value given as SQL is drizzle's insert's to write`);
  const stored = column.mapToDriverValue(given);
  if (typeof stored === "boolean") return stored ? 1 : 0;
  if (typeof stored === "bigint") {
    if (stored > BigInt(Number.MAX_SAFE_INTEGER) || stored < BigInt(Number.MIN_SAFE_INTEGER))
      throw new RangeError(`${key}: ${stored} is not a safe integer`);
    return Number(stored);
  }
  if (typeof stored === "number" && !Number.isFinite(stored)) throw new RangeError(`${key}: ${stored} cannot be stored`);
  if (stored !== null && typeof stored === "object")
    throw new Error(`${key}: ${Object.prototype.toString.call(stored)} cannot be stored as JSON`);
  return stored;
}
