import { z } from "zod";
import { Decimal } from "./decimal";
import { DomainError } from "./domain-error";
import { zCalendarDate } from "./input";
import { readDecimal } from "./number-format";

/**
 * List parameters (spec/platform.md §7 "Query shape"): page, page_size, sort, total_count, search
 * and filters, read from a query string or a JSON body into one typed `ListQuery`. Plain
 * TypeScript: the SQL side is in list-query-sql.ts.
 */

/** `eq` is a bare `field=value`; the others are the `field__<Operator>` suffixes. */
export const FILTER_OPERATORS = ["eq", "In", "Between", "Gte", "Lte", "Contains"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export type ListFieldType = "text" | "number" | "decimal" | "boolean" | "date" | "id" | "enum";

interface ListFieldBase {
  /** Restricts the operators the type allows (see OPERATORS_BY_TYPE). */
  operators?: readonly FilterOperator[];
  /** False for a field that may be sorted on but not filtered on. Default true. */
  filterable?: boolean;
  sortable?: boolean;
}

export type ListField = ListFieldBase &
  (
    | { type: "text" | "number" | "boolean" | "date" }
    /** Stored as an exact integer of 10^-scale units (money: 4, quantities: 7). */
    | { type: "decimal"; scale: number }
    /** Integer row ids by default; `text` for string ids such as `newId()`. */
    | { type: "id"; format?: "integer" | "text" }
    | { type: "enum"; values: readonly string[] }
  );

/** Per-entity defaults; a `parseListQuery` option overrides the registry's. */
export interface ListDefaults {
  /** Default `label` ascending when `label` is sortable, else none (the primary key still orders). */
  defaultSort?: readonly ListSort[];
  /** Default 50. */
  defaultPageSize?: number;
  /** Largest page_size other than -1. Default 500. */
  maxPageSize?: number;
  /** Rows returned for page_size -1 ("all"). Default 10,000. */
  maxAll?: number;
}

/** What an entity lets a list filter and sort on. `search` is the SQL side's callback: here only its presence counts. */
export interface ListRegistry<F extends ListField = ListField> extends ListDefaults {
  fields: Readonly<Record<string, F>>;
  search?: unknown;
}

export interface ListSort {
  by: string;
  direction: "asc" | "desc";
}

/** A typed filter value: strings (text, date, enum, text id), numbers (number, integer id), booleans, exact decimals. */
export type FilterValue = string | number | boolean | Decimal;

export type ListCondition =
  | { field: string; op: "eq" | "Gte" | "Lte" | "Contains"; value: FilterValue }
  | { field: string; op: "In"; values: FilterValue[] }
  | { field: string; op: "Between"; from: FilterValue; to: FilterValue };

/** Conditions are ANDed; each or-group holds alternatives (one of them must match), and groups are ANDed. */
export interface ListFilter {
  conditions: ListCondition[];
  or: ListFilter[][];
}

export interface ListQuery {
  page: number;
  /** As asked: -1 means all. */
  page_size: number;
  /** What the query will actually use: `maxAll` rows for -1. */
  limit: number;
  offset: number;
  sort: ListSort[];
  total_count: boolean;
  search?: string;
  filter: ListFilter;
}

export interface ParseListOptions extends ListDefaults {
  /** Keys that belong to the screen's state, not to the list (e.g. `columns`, `headers`): skipped. */
  ignoreKeys?: readonly string[];
}

const OPERATORS_BY_TYPE: Record<ListFieldType, readonly FilterOperator[]> = {
  text: ["eq", "In", "Between", "Gte", "Lte", "Contains"],
  number: ["eq", "In", "Between", "Gte", "Lte"],
  decimal: ["eq", "In", "Between", "Gte", "Lte"],
  date: ["eq", "In", "Between", "Gte", "Lte"],
  boolean: ["eq"],
  id: ["eq", "In"],
  enum: ["eq", "In"],
};

/** The operators a list filters this field with, `eq` being the bare name; none when it is not filterable. */
export function filterOperators(field: ListField): FilterOperator[] {
  if (field.filterable === false) return [];
  return (field.operators ?? OPERATORS_BY_TYPE[field.type]).filter((op) => OPERATORS_BY_TYPE[field.type].includes(op));
}

type ResolvedDefaults = Required<Omit<ListDefaults, "defaultSort">> & ListDefaults;

/** The page sizes in force for a registry: the engine's, then the registry's, then a caller's options. */
export function listDefaults(registry: ListDefaults, options: ListDefaults = {}): ResolvedDefaults {
  return { defaultPageSize: 50, maxPageSize: 500, maxAll: 10_000, ...pickDefined(registry), ...pickDefined(options) };
}

/** The order of a list given no sort: the registry's default, else `label` ascending when sortable. */
export function defaultSort(registry: ListRegistry, defaults: ListDefaults = registry): ListSort[] {
  if (defaults.defaultSort) return [...defaults.defaultSort];
  return registry.fields.label?.sortable ? [{ by: "label", direction: "asc" }] : [];
}

const RESERVED_KEYS = new Set(["page", "page_size", "sort", "total_count", "search", "or", "filters"]);
export const MAX_PAGE = 1_000_000;
export const MAX_TEXT = 200;
export const MAX_IN_VALUES = 500;
export const MAX_SORT_TERMS = 5;
export const MAX_OR_BRANCHES = 20;
const MAX_OR_DEPTH = 3;

/** A problem with one parameter; turned into a `validation_failed` DomainError at the end. */
interface Issue {
  path: (string | number)[];
  message: string;
  params?: Record<string, unknown>;
}

// Codes travel as zod messages, which DomainError.fromZod turns into field codes.
const digits = (v: unknown) => (typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v) ? Number(v) : v);
const zPage = z.preprocess(digits, z.number("invalid_number").int("invalid_number").min(0, "too_small").max(MAX_PAGE, "too_large"));
const zPageSize = z.preprocess(digits, z.number("page_size_invalid").int("page_size_invalid"));
const zFlag = z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")], "invalid");
const zText = z.union([z.string(), z.number().transform(String)], "invalid_filter_value").pipe(z.string().trim().max(MAX_TEXT, "too_long"));
const zNumber = z
  .union(
    [
      z.number("invalid_number"),
      z
        .string()
        .trim()
        .regex(/^[+-]?(\d+(\.\d*)?|\.\d+)$/, "invalid_number")
        .transform(Number),
    ],
    "invalid_number",
  )
  .pipe(z.number().refine(Number.isFinite, "invalid_number"));
const zBoolean = z.union(
  [z.boolean(), z.literal([0, 1]).transform(Boolean), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")],
  "invalid_filter_value",
);
const zIntegerId = z.preprocess(
  digits,
  z
    .number("invalid_filter_value")
    .int("invalid_filter_value")
    .min(1, "invalid_filter_value")
    .max(Number.MAX_SAFE_INTEGER, "invalid_filter_value"),
);
const zTextId = z
  .string("invalid_filter_value")
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "invalid_filter_value");

function decimalSchema(scale: number) {
  return z.union([z.string(), z.number()], "invalid_number").transform((raw, ctx) => {
    const read = readDecimal(raw);
    if ("error" in read) {
      ctx.addIssue({ code: "custom", message: read.error });
      return z.NEVER;
    }
    const value = read.value;
    // Rounding a bound would change which rows match: refuse digits the column cannot hold.
    if (!value.round(scale).equals(value)) {
      ctx.addIssue({ code: "custom", message: "too_many_decimals", params: { max: scale } });
      return z.NEVER;
    }
    return value.round(scale);
  });
}

function valueSchema(field: ListField): z.ZodType<FilterValue> {
  switch (field.type) {
    case "text":
      return zText;
    case "number":
      return zNumber;
    case "decimal":
      return decimalSchema(field.scale);
    case "boolean":
      return zBoolean;
    case "date":
      return zCalendarDate;
    case "id":
      return field.format === "text" ? zTextId : zIntegerId;
    case "enum": {
      const values = field.values;
      return z.union([z.string(), z.number().transform(String)], "invalid_filter_value").pipe(
        z
          .string()
          .trim()
          .refine((v) => values.includes(v), { message: "invalid_filter_value", params: { values: values.join(", ") } }),
      );
    }
  }
}

/** Runs a zod schema on one value; on failure records its issues under `path` and returns undefined. */
function check<T>(schema: z.ZodType<T>, value: unknown, path: Issue["path"], issues: Issue[]): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const params = (issue as { params?: Record<string, unknown> }).params;
    issues.push({ path, message: issue.message, ...(params ? { params } : {}) });
  }
  return undefined;
}

/** A value counts only when non-empty (spec §5): null, blank strings and empty arrays are dropped. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.every(isEmpty);
  return false;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The items of an `__In` or `__Between` value: a JSON array, or a comma-separated string (a JSON
 * array in a string too, for text values that hold commas). `null` when the shape is wrong.
 */
function listItems(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") {
    if (value.trim().startsWith("[")) {
      const parsed = parseJson(value);
      return parsed.ok && Array.isArray(parsed.value) ? parsed.value : null;
    }
    return value.split(",");
  }
  if (typeof value === "number" || typeof value === "boolean") return [value];
  return null;
}

const isScalar = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function parseCondition(key: string, raw: unknown, registry: ListRegistry, path: Issue["path"], issues: Issue[]): ListCondition | null {
  const cut = key.lastIndexOf("__");
  const name = cut > 0 ? key.slice(0, cut) : key;
  const op = cut > 0 ? key.slice(cut + 2) : "eq";
  const field = Object.hasOwn(registry.fields, name) ? registry.fields[name] : undefined;
  const allowed = field ? filterOperators(field) : [];
  if (!field || allowed.length === 0) {
    issues.push({ path, message: "unknown_filter", params: { field: name } });
    return null;
  }
  if (op === "eq" && cut > 0) {
    // `field__eq` is not a spelling we offer: equality is the bare name.
    issues.push({ path, message: "invalid_operator", params: { operator: op } });
    return null;
  }
  if (!allowed.includes(op as FilterOperator)) {
    issues.push({ path, message: "invalid_operator", params: { operator: op } });
    return null;
  }
  const schema = valueSchema(field);
  const before = issues.length;

  if (op === "In") {
    const items = listItems(raw);
    if (!items || !items.every((v) => v === null || isScalar(v))) {
      issues.push({ path, message: "invalid_filter_value" });
      return null;
    }
    const present = items.filter((v) => !isEmpty(v));
    if (present.length === 0) return null;
    if (present.length > MAX_IN_VALUES) {
      issues.push({ path, message: "too_long", params: { max: MAX_IN_VALUES } });
      return null;
    }
    const values = present.map((v) => check(schema, v, path, issues));
    return issues.length > before ? null : { field: name, op, values: values as FilterValue[] };
  }

  if (op === "Between") {
    const items = listItems(raw);
    if (!items || items.length !== 2 || !items.every((v) => v === null || isScalar(v))) {
      issues.push({ path, message: "invalid_filter_value" });
      return null;
    }
    // An open side ("10," or [null, "20"]) leaves a one-sided range.
    const [from, to] = items.map((v) => (isEmpty(v) ? undefined : check(schema, v, path, issues)));
    if (issues.length > before) return null;
    if (from !== undefined && to !== undefined) return { field: name, op, from, to };
    if (from !== undefined) return { field: name, op: "Gte", value: from };
    if (to !== undefined) return { field: name, op: "Lte", value: to };
    return null;
  }

  if (!isScalar(raw)) {
    issues.push({ path, message: "invalid_filter_value" });
    return null;
  }
  const value = check(schema, raw, path, issues);
  return value === undefined ? null : { field: name, op: op as "eq" | "Gte" | "Lte" | "Contains", value };
}

function parseFilterObject(
  entries: [string, unknown][],
  registry: ListRegistry,
  base: Issue["path"],
  depth: number,
  issues: Issue[],
): ListFilter {
  const filter: ListFilter = { conditions: [], or: [] };
  for (const [key, raw] of entries) {
    if (isEmpty(raw)) continue;
    const path = [...base, key];
    if (key === "or") {
      const group = parseOrGroup(raw, registry, path, depth + 1, issues);
      if (group) filter.or.push(group);
      continue;
    }
    const condition = parseCondition(key, raw, registry, path, issues);
    if (condition) filter.conditions.push(condition);
  }
  return filter;
}

/** One or-group: an array of branches, each a filter object (a JSON string of one in a query string). */
function parseOrGroup(raw: unknown, registry: ListRegistry, path: Issue["path"], depth: number, issues: Issue[]): ListFilter[] | null {
  let branches = raw;
  if (typeof raw === "string") {
    const parsed = parseJson(raw);
    branches = parsed.ok ? parsed.value : undefined;
  }
  if (!Array.isArray(branches) || !branches.every(isPlainObject) || depth > MAX_OR_DEPTH) {
    issues.push({ path, message: "invalid" });
    return null;
  }
  if (branches.length > MAX_OR_BRANCHES) {
    issues.push({ path, message: "too_long", params: { max: MAX_OR_BRANCHES } });
    return null;
  }
  // A branch left empty (a blank row in the filter builder) is dropped rather than matching everything.
  const group = branches
    .map((branch, i) => parseFilterObject(Object.entries(branch), registry, [...path, i], depth, issues))
    .filter((f) => f.conditions.length > 0 || f.or.length > 0);
  return group.length > 0 ? group : null;
}

function parseSortTerms(raw: unknown, issues: Issue[]): ListSort[] | undefined {
  if (isEmpty(raw)) return undefined;
  if (typeof raw === "string") {
    const text = raw.trim();
    if (text.startsWith("[") || text.startsWith("{")) {
      const parsed = parseJson(text);
      if (parsed.ok) return parseSortTerms(parsed.value, issues);
      issues.push({ path: ["sort"], message: "invalid" });
      return undefined;
    }
    return text
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) =>
        t.startsWith("-") ? { by: t.slice(1).trim(), direction: "desc" } : { by: t.replace(/^\+/, "").trim(), direction: "asc" },
      );
  }
  const items = Array.isArray(raw) ? raw : [raw];
  const terms: ListSort[] = [];
  for (const item of items) {
    if (typeof item === "string") terms.push(...(parseSortTerms(item, issues) ?? []));
    else {
      const term = check(zSortTerm, item, ["sort"], issues);
      if (term) terms.push(term);
    }
  }
  return terms;
}

const zSortTerm = z.object(
  {
    by: z.string("invalid").trim().min(1, "invalid"),
    direction: z.preprocess((v) => (typeof v === "string" ? v.toLowerCase() : v), z.enum(["asc", "desc"], "invalid")).default("asc"),
  },
  "invalid",
);

function parseSort(raw: unknown, registry: ListRegistry, defaults: ListDefaults, issues: Issue[]): ListSort[] {
  const terms = parseSortTerms(raw, issues);
  if (terms === undefined || terms.length === 0) {
    return defaultSort(registry, defaults);
  }
  if (terms.length > MAX_SORT_TERMS) {
    issues.push({ path: ["sort"], message: "too_long", params: { max: MAX_SORT_TERMS } });
    return [];
  }
  const seen = new Set<string>();
  const sort: ListSort[] = [];
  for (const term of terms) {
    const field = Object.hasOwn(registry.fields, term.by) ? registry.fields[term.by] : undefined;
    if (!field?.sortable) {
      issues.push({ path: ["sort"], message: "unknown_sort", params: { by: term.by } });
      continue;
    }
    if (seen.has(term.by)) continue; // a later term on the same field cannot change the order
    seen.add(term.by);
    sort.push(term);
  }
  return sort;
}

/** A query string as the same plain object a JSON body gives; repeated keys become arrays. */
function fromSearchParams(params: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    if (key === "sort") raw.sort = all.join(",");
    else if (key === "or") raw.or = all.length === 1 ? all[0] : all;
    else raw[key] = all.length === 1 ? all[0] : all;
  }
  return raw;
}

/** `or` from a query string may be repeated: several groups, each a JSON array of branches. */
function orGroups(raw: unknown): { value: unknown; path: Issue["path"] }[] {
  if (Array.isArray(raw) && raw.length > 1 && raw.every((g) => typeof g === "string"))
    return raw.map((value, i) => ({ value, path: ["or", i] }));
  return [{ value: raw, path: ["or"] }];
}

function toDomainError(issues: Issue[]): DomainError {
  const error = DomainError.fromZod({ issues });
  // fromZod keeps the first issue per field; give that one its params back.
  for (const issue of issues) {
    const entry = error.fields?.[issue.path.map(String).join(".") || "_"];
    if (entry && entry.code === issue.message && issue.params && !entry.params) entry.params = issue.params;
  }
  return error;
}

/**
 * Reads list parameters from a query string or a JSON body, checked against the entity's registry.
 * Throws `validation_failed` naming each bad parameter: unknown_filter, invalid_operator,
 * invalid_filter_value, invalid_number, invalid_date, too_many_decimals, unknown_sort, page_size_invalid...
 */
export function parseListQuery(
  input: URLSearchParams | Record<string, unknown>,
  registry: ListRegistry,
  options: ParseListOptions = {},
): ListQuery {
  const raw = input instanceof URLSearchParams ? fromSearchParams(input) : input;
  if (!isPlainObject(raw)) throw new DomainError("validation_failed", {}, { _: { code: "invalid" } });
  const defaults = listDefaults(registry, options);
  const issues: Issue[] = [];
  const ignored = new Set(options.ignoreKeys ?? []);

  let page = isEmpty(raw.page) ? 0 : (check(zPage, raw.page, ["page"], issues) ?? 0);
  let pageSize = defaults.defaultPageSize;
  if (!isEmpty(raw.page_size)) {
    const asked = check(zPageSize, raw.page_size, ["page_size"], issues);
    if (asked !== undefined && asked !== -1 && (asked < 1 || asked > defaults.maxPageSize))
      issues.push({ path: ["page_size"], message: "page_size_invalid" });
    else if (asked !== undefined) pageSize = asked;
  }
  const total = isEmpty(raw.total_count) ? false : (check(zFlag, raw.total_count, ["total_count"], issues) ?? false);

  let search: string | undefined;
  if (!isEmpty(raw.search)) {
    if (!registry.search) issues.push({ path: ["search"], message: "unknown_filter", params: { field: "search" } });
    else
      search = check(
        zText.refine((v) => v !== "", "invalid"),
        raw.search,
        ["search"],
        issues,
      );
  }

  const sort = parseSort(raw.sort, registry, defaults, issues);

  // Filters: the top-level keys, plus a `filters` object (a saved view's, or JSON in a page URL).
  const entries = Object.entries(raw).filter(([key]) => !RESERVED_KEYS.has(key) && !ignored.has(key));
  const filter = parseFilterObject(entries, registry, [], 0, issues);
  if (!isEmpty(raw.or)) {
    for (const { value, path } of orGroups(raw.or)) {
      const group = parseOrGroup(value, registry, path, 1, issues);
      if (group) filter.or.push(group);
    }
  }
  if (!isEmpty(raw.filters)) {
    const parsed = typeof raw.filters === "string" ? parseJson(raw.filters) : { ok: true as const, value: raw.filters };
    if (!parsed.ok || !isPlainObject(parsed.value)) issues.push({ path: ["filters"], message: "invalid" });
    else {
      const inner = parseFilterObject(Object.entries(parsed.value), registry, ["filters"], 0, issues);
      filter.conditions.push(...inner.conditions);
      filter.or.push(...inner.or);
    }
  }

  if (issues.length > 0) {
    const error = toDomainError(issues);
    const entry = error.fields?.page_size;
    if (entry?.code === "page_size_invalid") entry.params = { max: defaults.maxPageSize };
    throw error;
  }

  if (pageSize === -1) page = 0; // "all" has a single page
  const limit = pageSize === -1 ? defaults.maxAll : pageSize;
  return {
    page,
    page_size: pageSize,
    limit,
    offset: page * limit,
    sort,
    total_count: total,
    ...(search ? { search } : {}),
    filter,
  };
}

function pickDefined(source: ListDefaults): ListDefaults {
  const out: ListDefaults = {};
  if (source.defaultSort !== undefined) out.defaultSort = source.defaultSort;
  if (source.defaultPageSize !== undefined) out.defaultPageSize = source.defaultPageSize;
  if (source.maxPageSize !== undefined) out.maxPageSize = source.maxPageSize;
  if (source.maxAll !== undefined) out.maxAll = source.maxAll;
  return out;
}
