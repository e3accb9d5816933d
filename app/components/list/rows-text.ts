declare const rowType: unique symbol;

/**
 * A list page's rows written as one JSON text in its loader data (decision 057): the page's data
 * goes to the browser through React Router's encoder, which walks every value of every row (a
 * twelfth of a list page's Worker CPU), while one text is written once and read by one
 * `JSON.parse`. Its type keeps the rows' own for the screen (`ListRow`).
 */
export type RowsText<T> = string & { readonly [rowType]?: T };

/** A list's result as its loader sends it: the rows as one text. */
export interface ListResultText<T> {
  items: RowsText<T>;
  page: number;
  page_size: number;
  totalCount: number;
}

/** The rows of each result: the server's own (no text read back), the browser's once read. */
const rowsByResult = new WeakMap<object, unknown[]>();

/** A result with its rows as one text. Rows are plain data: JSON keeps what SQL gives (no Date, no bigint). */
export function resultAsText<T>(result: { items: T[]; page: number; page_size: number; totalCount: number }): ListResultText<T> {
  const text: ListResultText<T> = { ...result, items: rowsText(result.items) as RowsText<T> };
  rowsByResult.set(text, result.items);
  return text;
}

/** The rows of a result: read once per result (the loader's, then each new answer's in the browser). */
export function rowsOf<T>(result: ListResultText<T>): T[] {
  let rows = rowsByResult.get(result);
  if (!rows) rowsByResult.set(result, (rows = rowsFromText(result.items)));
  return rows as T[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Rows of the same fields, in the same order, none undefined, are written as their field names
 * once and each row's values (`{"keys":[…],"values":[[…],…]}`): a page's text is written escaped
 * twice, so its field names, written again in each row, weighed a third of it. Any other rows are
 * written as they are (a JSON array).
 */
function rowsText(rows: unknown[]): string {
  const first = rows[0];
  if (rows.length < 2 || !isPlainObject(first)) return JSON.stringify(rows);
  const keys = Object.keys(first);
  if (keys.includes("__proto__")) return JSON.stringify(rows);
  const values: unknown[][] = [];
  for (const row of rows) {
    if (!isPlainObject(row)) return JSON.stringify(rows);
    const own = Object.keys(row);
    if (own.length !== keys.length) return JSON.stringify(rows);
    const line: unknown[] = [];
    for (let i = 0; i < keys.length; i++) {
      const value = row[keys[i]!];
      if (own[i] !== keys[i] || value === undefined || typeof value === "function" || typeof value === "symbol")
        return JSON.stringify(rows);
      line.push(value);
    }
    values.push(line);
  }
  return JSON.stringify({ keys, values });
}

/** The rows of a text `rowsText` wrote: the same as its rows sent through JSON. */
function rowsFromText(text: string): unknown[] {
  const parsed = JSON.parse(text) as unknown[] | { keys: string[]; values: unknown[][] };
  if (Array.isArray(parsed)) return parsed;
  const { keys, values } = parsed;
  return values.map((line) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) row[keys[i]!] = line[i];
    return row;
  });
}

/** The row type of a list page's data (`Route.ComponentProps["loaderData"]["list"]`). */
export type ListRow<L extends { result: { items: RowsText<unknown> } }> = L["result"]["items"] extends RowsText<infer R> ? R : never;
