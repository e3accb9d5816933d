/**
 * The state of a list screen, kept in the page's query string so that it survives a reload, a
 * shared link and the back button, and works without JavaScript (platform spec §7 "Query shape").
 * Filters use the list query engine's parameter names (`label__Contains=abc`, `active=true`,
 * `price__Between=1,10`); `sort=label,-price`; `columns=a,b`; `page` counts from 0.
 * Plain functions: the server and the browser share them.
 */

export interface ListSortTerm {
  by: string;
  direction: "asc" | "desc";
}

export interface ListState {
  page: number;
  /** null: the list's default (50). -1: every row. */
  pageSize: number | null;
  /** As asked in the address; empty means the list's default sort. */
  sort: ListSortTerm[];
  /** Filter parameter → value; only non-empty values count (platform spec §5). */
  filters: Record<string, string>;
  search: string;
  /** Empty means the screen's default columns. */
  columns: string[];
}

/** What a saved view restores (platform spec §3 "Saved view"); the search text travels as the filter `search`. */
export interface SavedViewSearch {
  filters: Record<string, unknown>;
  columns: string[];
  sort: ListSortTerm[];
}

export const EMPTY_LIST_STATE: ListState = { page: 0, pageSize: null, sort: [], filters: {}, search: "", columns: [] };

const STATE_KEYS = new Set(["page", "page_size", "sort", "columns", "search"]);
/**
 * Parameters of a page that are not list state: notices after a redirect, the row a screen edits
 * in place, the engine's own flag, React Router's.
 */
const OTHER_KEYS = new Set(["notice", "edit", "total_count", "index", "_routes"]);

const isListKey = (key: string) => !OTHER_KEYS.has(key);

function intOr(text: string | null, fallback: number): number {
  return text !== null && /^\s*-?\d{1,9}\s*$/.test(text) ? Number(text) : fallback;
}

export function sortParam(sort: readonly ListSortTerm[]): string {
  return sort.map((s) => (s.direction === "desc" ? `-${s.by}` : s.by)).join(",");
}

export function parseSortParam(text: string): ListSortTerm[] {
  return text
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t && t !== "-")
    .map((t) =>
      t.startsWith("-") ? { by: t.slice(1), direction: "desc" as const } : { by: t.replace(/^\+/, ""), direction: "asc" as const },
    );
}

/** Several values of one filter (checkboxes): comma-separated, or a JSON array when a value holds a comma. */
function joinValues(values: string[]): string {
  return values.some((v) => v.includes(",")) ? JSON.stringify(values) : values.join(",");
}

/** Reads the list state of a page address. Blank values are dropped; repeated filters are joined. */
export function parseListState(params: URLSearchParams): ListState {
  const state: ListState = { ...EMPTY_LIST_STATE, filters: {}, sort: [], columns: [] };
  const page = intOr(params.get("page"), 0);
  state.page = page > 0 ? page : 0;
  const pageSize = params.get("page_size");
  state.pageSize = pageSize?.trim() ? intOr(pageSize, 50) : null;
  state.sort = parseSortParam(params.getAll("sort").join(","));
  state.search = (params.get("search") ?? "").trim();
  state.columns = [
    ...new Set(
      params
        .getAll("columns")
        .flatMap((c) => c.split(","))
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ];
  for (const key of new Set(params.keys())) {
    if (STATE_KEYS.has(key) || !isListKey(key)) continue;
    const values = params
      .getAll(key)
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length === 0) continue;
    const value = values.length === 1 ? values[0]! : joinValues(values);
    // A plain two-sided range reads as its two bounds, which is what the filter bar edits.
    const between = key.endsWith("__Between") && !value.startsWith("[") ? value.split(",") : null;
    if (between?.length === 2) {
      const field = key.slice(0, -"__Between".length);
      if (between[0]!.trim()) state.filters[`${field}__Gte`] = between[0]!.trim();
      if (between[1]!.trim()) state.filters[`${field}__Lte`] = between[1]!.trim();
    } else state.filters[key] = value;
  }
  return state;
}

/** The canonical query string of a state: filters, search, sort, columns, page size, then page (only past the first). */
export function listStateToParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filters)) if (value.trim() !== "") params.set(key, value.trim());
  if (state.search.trim()) params.set("search", state.search.trim());
  if (state.sort.length) params.set("sort", sortParam(state.sort));
  if (state.columns.length) params.set("columns", state.columns.join(","));
  if (state.pageSize !== null) params.set("page_size", String(state.pageSize));
  if (state.page > 0) params.set("page", String(state.page));
  return params;
}

/**
 * The address of a list in a state, with some of it changed (a new sort or page, other filters...).
 * Never the bare path: that one opens the user's default view instead.
 */
export function listHref(pathname: string, state: ListState, change: Partial<ListState> = {}): string {
  const query = listStateToParams({ ...state, ...change }).toString();
  return `${pathname}?${query || "page=0"}`;
}

/** Whether an address says anything about its list; if not, the user's default view may fill it in. */
export function hasListState(params: URLSearchParams): boolean {
  return [...params.keys()].some(isListKey);
}

/**
 * The canonical query string (with its "?", or "" when empty) when the address has blank values or
 * repeated parameters, as a GET form without JavaScript sends; null when it is already clean.
 */
export function canonicalListSearch(params: URLSearchParams): string | null {
  const keys = [...params.keys()];
  const blank = [...params.entries()].some(([key, value]) => isListKey(key) && value.trim() === "");
  const repeated = keys.length !== new Set(keys).size;
  if (!blank && !repeated) return null;
  const clean = listStateToParams(parseListState(params));
  for (const [key, value] of params) if (!isListKey(key) && value.trim() && !clean.has(key)) clean.set(key, value);
  const query = clean.toString();
  // Nothing left but blanks still says "no saved view please": keep one explicit parameter.
  return query ? `?${query}` : "?page=0";
}

/** A state as a saved view keeps it: filters (with the search text), columns and sort; never the page. */
export function savedViewSearchFromState(state: ListState): SavedViewSearch {
  return {
    filters: { ...state.filters, ...(state.search ? { search: state.search } : {}) },
    columns: [...state.columns],
    sort: state.sort.map((s) => ({ ...s })),
  };
}

function filterText(value: unknown): string {
  if (Array.isArray(value)) return joinValues(value.map((v) => String(v)));
  if (value === null || value === undefined) return "";
  return String(value).trim();
}

/**
 * The state a saved view restores. Its sort falls back to `defaultSort`, so that the address of a
 * view always carries some state and opening it never triggers the default-view redirect again.
 */
export function listStateFromSavedView(search: SavedViewSearch, defaultSort: readonly ListSortTerm[]): ListState {
  const filters: Record<string, string> = {};
  let text = "";
  for (const [key, value] of Object.entries(search.filters ?? {})) {
    const v = filterText(value);
    if (!v) continue;
    if (key === "search") text = v;
    else filters[key] = v;
  }
  const sort = search.sort?.length ? search.sort.map((s) => ({ by: s.by, direction: s.direction })) : defaultSort.map((s) => ({ ...s }));
  return { page: 0, pageSize: null, sort, filters, search: text, columns: [...(search.columns ?? [])] };
}

export function savedViewHref(pathname: string, search: SavedViewSearch, defaultSort: readonly ListSortTerm[]): string {
  const query = listStateToParams(listStateFromSavedView(search, defaultSort)).toString();
  return query ? `${pathname}?${query}` : `${pathname}?page=0`;
}

/** The parameters handed to the list query engine: everything of the address but the screen's own keys, with the count. */
export function listQueryParams(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of params) if (isListKey(key) && key !== "columns") query.append(key, value);
  query.set("total_count", "true");
  return query;
}

export type ListFilterType = "text" | "select" | "boolean" | "range" | "date" | "lookup";

export interface ListFilterDefinition {
  /** The list field, e.g. `label` or `price`. */
  key: string;
  label: string;
  type: ListFilterType;
  /** For `select`: the values and their labels. */
  options?: { value: string; label: string }[];
  /** For `lookup`: where its suggestions come from (`?q=` → `{ items: [{ id, label }] }`; lookup-filter.tsx). */
  source?: string;
  /** For `lookup`: the value the address names and its label (null: none, or not found). */
  chosen?: { value: string; label: string } | null;
}

/** The parameters a filter of the bar edits: `label__Contains`, `active`, `price__Gte` and `price__Lte`. */
export function filterParamNames(filter: ListFilterDefinition): string[] {
  switch (filter.type) {
    case "text":
      return [`${filter.key}__Contains`];
    case "select":
    case "boolean":
    case "lookup":
      return [filter.key];
    case "range":
    case "date":
      return [`${filter.key}__Gte`, `${filter.key}__Lte`];
  }
}

/** The next sort when a column header is followed: ascending first, then descending. */
export function nextSort(current: readonly ListSortTerm[], by: string): ListSortTerm[] {
  const first = current[0];
  return [{ by, direction: first?.by === by && first.direction === "asc" ? "desc" : "asc" }];
}
