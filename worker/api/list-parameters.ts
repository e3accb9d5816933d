import {
  defaultSort,
  filterOperators,
  listDefaults,
  MAX_IN_VALUES,
  MAX_OR_BRANCHES,
  MAX_PAGE,
  MAX_SORT_TERMS,
  MAX_TEXT,
  type FilterOperator,
  type ListField,
  type ListRegistry,
} from "../domain/shared/list-query";

type JsonSchema = Record<string, unknown>;

/** An OpenAPI query parameter; `x-filter` names the field a filter parameter reads. */
export interface QueryParameter {
  name: string;
  in: "query";
  description?: string;
  required?: boolean;
  schema: JsonSchema;
  style?: "form";
  explode?: boolean;
  "x-filter"?: string;
}

/** The value a filter on this field takes, as the list engine reads it from a query string. */
function valueSchema(field: ListField): JsonSchema {
  switch (field.type) {
    case "text":
      return { type: "string", maxLength: MAX_TEXT };
    case "number":
      return { type: "number" };
    case "decimal":
      return { type: "string", pattern: "^[+-]?(\\d+(\\.\\d*)?|\\.\\d+)$", description: `At most ${field.scale} decimals` };
    case "boolean":
      return { type: "boolean" };
    case "date":
      return { type: "string", format: "date" };
    case "id":
      return field.format === "text" ? { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" } : { type: "integer", minimum: 1 };
    case "enum":
      return { type: "string", enum: [...field.values] };
  }
}

const OPERATOR_TEXT: Record<FilterOperator, string> = {
  eq: "equals",
  In: "is one of (comma-separated)",
  Between: "is between two values, ends included (`from,to`; leave one empty for an open end)",
  Gte: "is at least",
  Lte: "is at most",
  Contains: "contains (any case)",
};

function filterParameter(name: string, field: ListField, op: FilterOperator): QueryParameter {
  const value = valueSchema(field);
  const list = (items: JsonSchema): Pick<QueryParameter, "schema" | "style" | "explode"> => ({
    schema: { type: "array", ...items, items: value },
    style: "form",
    explode: false,
  });
  const shape =
    op === "In"
      ? list({ minItems: 1, maxItems: MAX_IN_VALUES })
      : op === "Between"
        ? list({ minItems: 2, maxItems: 2 })
        : { schema: op === "Contains" ? { type: "string", maxLength: MAX_TEXT } : value };
  return {
    name: op === "eq" ? name : `${name}__${op}`,
    in: "query",
    description: `Filter: ${name} ${OPERATOR_TEXT[op]}`,
    ...shape,
    "x-filter": name,
  };
}

/**
 * The query parameters of a list (platform spec §7), from the registry its verb parses with:
 * pages, sort, the total, the search and one parameter per field and operator it filters by.
 */
export function listParameters(registry: ListRegistry): QueryParameter[] {
  const defaults = listDefaults(registry);
  const sortable = Object.entries(registry.fields)
    .filter(([, field]) => field.sortable)
    .map(([name]) => name);
  const order = defaultSort(registry)
    .map((s) => (s.direction === "desc" ? `-${s.by}` : s.by))
    .join(",");
  const query = (name: string, description: string, schema: JsonSchema): QueryParameter => ({ name, in: "query", description, schema });
  return [
    query("page", "The page to answer, from 0", { type: "integer", minimum: 0, maximum: MAX_PAGE, default: 0 }),
    query("page_size", `Records per page, 1 to ${defaults.maxPageSize}; -1 answers all of them (at most ${defaults.maxAll})`, {
      type: "integer",
      minimum: -1,
      maximum: defaults.maxPageSize,
      not: { const: 0 },
      default: defaults.defaultPageSize,
    }),
    ...(sortable.length
      ? [
          {
            ...query("sort", `Fields to sort by, in order; a leading \`-\` sorts descending. Default: ${order || "oldest first"}`, {
              type: "array",
              maxItems: MAX_SORT_TERMS,
              items: { type: "string", enum: sortable.flatMap((name) => [name, `-${name}`]) },
            }),
            style: "form" as const,
            explode: false,
          },
        ]
      : []),
    query("total_count", "Count the records matching the filters into `totalCount`", { type: "boolean", default: false }),
    ...(registry.search
      ? [query("search", "Text to search for (the summary says what it matches)", { type: "string", maxLength: MAX_TEXT })]
      : []),
    ...Object.entries(registry.fields).flatMap(([name, field]) => filterOperators(field).map((op) => filterParameter(name, field, op))),
    query("or", `Alternatives: a JSON array of up to ${MAX_OR_BRANCHES} objects of filters (the names above), one of which must match`, {
      type: "string",
      contentMediaType: "application/json",
    }),
    query("filters", "Filters as one JSON object of the names above (a saved view's)", {
      type: "string",
      contentMediaType: "application/json",
    }),
  ];
}
