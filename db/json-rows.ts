import { Column, getTableName, is, SQL, Subquery, type DriverValueDecoder } from "drizzle-orm";

/**
 * Selects of two columns or more read each row as ONE text, `json_array(<its columns>)`, that
 * the runtime's own `JSON.parse` reads (decision 053). The libSQL client makes each value of a row a property of its
 * own (`rowFromProto`, about 0.75 µs a value in workerd, with the protocol's object per value): a
 * sales document of 70 columns and its ten lines of 30 are 370 values, a list page of 50 rows of
 * 15 are 750. As JSON, a row is one value.
 *
 * Exact for what the schema stores, integers and text (it has no real or blob column; an integer
 * past 2^53 is refused as the client refuses it), read from columns of tables, which carry no JSON
 * subtype (json_array would nest such a value instead of quoting it). Only a plain select
 * qualifies, told by its text: each of its columns a table's column or a figure read through
 * `readable` (an integer within 2^53, else text), from and joined to tables only (no subquery, no
 * table-valued function), no compound select, no CTE. Its rows are then made as drizzle's
 * `mapResultRow` makes them, each field's decoder and path worked out once per select rather than
 * once per value.
 */

/** Fewer columns than this are read as they are: one JSON text per row pays off from two values. */
const MIN_COLUMNS = 2;
/** SQLite's default bound on a function's arguments is 127. */
const MAX_COLUMNS = 100;
const COLUMN = String.raw`(?:"[^"]+"\.)?"[^"]+"`;
/** A figure read through `readable` (worker/domain/shared/stored-figures.ts): an integer within 2^53, else text. */
const READABLE = String.raw`case when typeof\(${COLUMN}\) = 'integer' and ${COLUMN} between -9007199254740991 and 9007199254740991 then ${COLUMN} else cast\(${COLUMN} as text\) end`;
const ITEM = `(?:${COLUMN}|${READABLE})`;
/** From a table named in quotes: not a subquery, nor a table-valued function such as json_each (its values may be JSON). */
const PLAIN_COLUMNS = new RegExp(`^select (${ITEM}(?:, ${ITEM})*) from "`);
/** A compound select, a join to anything but a table named in quotes, or a comma before anything else (a comma join): not rewritten. */
const NOT_PLAIN = /\b(?:union|intersect|except)\b|\bjoin (?!")|,(?!\s*")/i;

/**
 * The name of the one column of a select read as JSON rows: the app's Hrana client (db/hrana-http.ts)
 * gives such a row as a plain array of its one value.
 */
export const JSON_ROW_COLUMN = "__json_row";

type SelectedField = { path: string[]; field: unknown };
/** The rewritten text of each statement seen, or null: statements are few, their texts fixed. */
const rewritten = new Map<string, string | null>();
const REWRITTEN_MAX = 5_000;

/**
 * What follows a select's columns without its quoted texts and without what stands in parentheses
 * (subqueries, function arguments): a union or a join inside a subquery of its WHERE leaves the
 * select's own columns as they are. Null when a quote or a parenthesis is left open.
 */
function outerText(sql: string): string | null {
  let text = sql.replace(/'(?:[^']|'')*'/g, "");
  if (text.includes("'")) return null;
  for (let inner = text.replace(PARENTHESES, ""); inner !== text; inner = text.replace(PARENTHESES, "")) text = inner;
  return /[()]/.test(text) ? null : text;
}
const PARENTHESES = /\([^()]*\)/g;

function rewrite(sql: string, count: number): string | null {
  const columns = PLAIN_COLUMNS.exec(sql);
  if (!columns || columns[1]!.split(", ").length !== count) return null;
  const outer = outerText(sql.slice(columns[0].length));
  if (outer === null || NOT_PLAIN.test(outer)) return null;
  return `select json_array(${columns[1]}) as "${JSON_ROW_COLUMN}" from "${sql.slice(columns[0].length)}`;
}

/** The select's text with each row as one JSON array, or null when it is not a plain select of two columns or more. */
export function jsonRowsSql(sql: string, fields: readonly SelectedField[] | undefined): string | null {
  if (!fields || fields.length < MIN_COLUMNS || fields.length > MAX_COLUMNS) return null;
  let text = rewritten.get(sql);
  if (text === undefined) {
    if (rewritten.size >= REWRITTEN_MAX) rewritten.clear();
    rewritten.set(sql, (text = rewrite(sql, fields.length)));
  }
  return text;
}

/** A row read as JSON: its values, as the client would have given them. */
function valuesOf(row: ArrayLike<unknown>): unknown[] {
  const values = JSON.parse(row[0] as string) as unknown[];
  for (const value of values)
    if (typeof value === "number" && Math.abs(value) > Number.MAX_SAFE_INTEGER && Number.isInteger(value))
      throw new RangeError("Received integer which is too large to be safely represented as a JavaScript number");
  return values;
}

interface Prepared {
  joinsNotNullableMap?: unknown;
  /** The select as drizzle built it, before its rows were asked as JSON. */
  plainQuery?: { sql: string; params: unknown[] };
  mapAllResult?: (rows: unknown, isFromBatch?: boolean) => unknown;
  mapGetResult?: (rows: unknown, isFromBatch?: boolean) => unknown;
}

type Rows = ArrayLike<unknown>[];
const rowsOf = (result: unknown, isFromBatch?: boolean): Rows => (isFromBatch ? (result as { rows: Rows }).rows : (result as Rows));

/** How each selected field is read: its decoder and where it goes, worked out once per select. */
interface Slot {
  path: string[];
  decoder: DriverValueDecoder<unknown, unknown>;
  /** A table's column under an object of two levels (`{ order: { id } }`): the table, for a left join's nulls. */
  joinedTable: string | null;
}

/** Per fields list: a kept select gives the same list at each call. */
const slotsByFields = new WeakMap<readonly SelectedField[], Slot[]>();

function slotsOf(fields: readonly SelectedField[]): Slot[] {
  let slots = slotsByFields.get(fields);
  if (!slots) slotsByFields.set(fields, (slots = slotsFor(fields)));
  return slots;
}

function slotsFor(fields: readonly SelectedField[]): Slot[] {
  return fields.map(({ path, field }) => {
    const f = field as {
      decoder?: DriverValueDecoder<unknown, unknown>;
      _?: { sql: { decoder: DriverValueDecoder<unknown, unknown> } };
      sql?: { decoder: DriverValueDecoder<unknown, unknown> };
    };
    const decoder = is(field, Column) ? field : is(field, SQL) ? f.decoder! : is(field, Subquery) ? f._!.sql.decoder : f.sql!.decoder;
    return { path, decoder, joinedTable: is(field, Column) && path.length === 2 ? getTableName(field.table) : null };
  });
}

/**
 * One row from its values, as drizzle's `mapResultRow` makes it (drizzle-orm/utils.js): each value
 * through its field's decoder (a null stays null) at its path, and with joins, an object of a
 * left-joined table whose columns all came null is itself null.
 */
function rowOf(
  slots: readonly Slot[],
  values: readonly unknown[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const nullify: Record<string, string | false> = {};
  for (let i = 0; i < slots.length; i++) {
    const { path, decoder, joinedTable } = slots[i]!;
    let node = result;
    for (let p = 0; p < path.length - 1; p++) {
      if (!(path[p]! in node)) node[path[p]!] = {};
      node = node[path[p]!] as Record<string, unknown>;
    }
    const raw = values[i];
    const value = (node[path[path.length - 1]!] = raw === null ? null : decoder.mapFromDriverValue(raw));
    if (joinsNotNullableMap && joinedTable !== null) {
      const object = path[0]!;
      if (!(object in nullify)) nullify[object] = value === null ? joinedTable : false;
      else if (typeof nullify[object] === "string" && nullify[object] !== joinedTable) nullify[object] = false;
    }
  }
  if (joinsNotNullableMap)
    for (const [object, table] of Object.entries(nullify))
      if (typeof table === "string" && !joinsNotNullableMap[table]) result[object] = null;
  return result;
}

/**
 * Makes a prepared select read its JSON rows, for `all`, `get` and a batch alike: its own
 * `mapAllResult` and `mapGetResult`, as drizzle's would (the first row, or undefined, for `get`).
 * The joins are read when the rows come, as the select's builder sets them after preparing.
 */
export function readJsonRows(prepared: Prepared, fields: readonly SelectedField[], plainQuery: Prepared["plainQuery"]): void {
  let slots: Slot[] | undefined;
  const row = (r: ArrayLike<unknown>) =>
    rowOf((slots ??= slotsOf(fields)), valuesOf(r), prepared.joinsNotNullableMap as Record<string, boolean> | undefined);
  prepared.plainQuery = plainQuery;
  prepared.mapAllResult = (result, isFromBatch) => rowsOf(result, isFromBatch).map(row);
  prepared.mapGetResult = (result, isFromBatch) => {
    const first = rowsOf(result, isFromBatch)[0];
    return first ? row(first) : undefined;
  };
}
