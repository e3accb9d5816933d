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
  const text: ListResultText<T> = { ...result, items: JSON.stringify(result.items) as RowsText<T> };
  rowsByResult.set(text, result.items);
  return text;
}

/** The rows of a result: read once per result (the loader's, then each new answer's in the browser). */
export function rowsOf<T>(result: ListResultText<T>): T[] {
  let rows = rowsByResult.get(result);
  if (!rows) rowsByResult.set(result, (rows = JSON.parse(result.items) as unknown[]));
  return rows as T[];
}

/** The row type of a list page's data (`Route.ComponentProps["loaderData"]["list"]`). */
export type ListRow<L extends { result: { items: RowsText<unknown> } }> = L["result"]["items"] extends RowsText<infer R> ? R : never;
