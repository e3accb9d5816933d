import { and, or, type SQL } from "drizzle-orm";
import type { FilterValue, ListCondition, ListFilter, ListQuery } from "../shared/list-query";
import { listWhere, type SqlListRegistry } from "../shared/list-query-sql";

/** The values an `eq` or `In` condition matches (the only operators a related-row field allows). */
export function conditionValues(condition: ListCondition): FilterValue[] {
  if (condition.op === "In") return condition.values;
  if (condition.op === "eq") return [condition.value];
  throw new Error(`operator ${condition.op} is not allowed on ${condition.field}`);
}

/**
 * A filter as SQL where some fields live in other rows (a customer's tags, its addresses'
 * countries): those conditions become the EXISTS built by `related`, the others go through
 * the list engine as usual, or-groups included.
 */
export function contactFilterSql(
  registry: SqlListRegistry,
  query: ListQuery,
  filter: ListFilter,
  related: Record<string, (values: FilterValue[]) => SQL>,
): SQL | undefined {
  const isRelated = (c: ListCondition) => Object.hasOwn(related, c.field);
  const plain = filter.conditions.filter((c) => !isRelated(c));
  const exists = filter.conditions.filter(isRelated).map((c) => related[c.field]!(conditionValues(c)));
  const groups = filter.or.map((group) => or(...group.map((branch) => contactFilterSql(registry, query, branch, related))));
  const rest = listWhere(registry, { ...query, search: undefined, filter: { conditions: plain, or: [] } });
  return and(rest, ...exists, ...groups);
}

/** The query with its filter taken out, for `runList` once the filter is in `where`. */
export function withoutFilter(query: ListQuery): ListQuery {
  return { ...query, filter: { conditions: [], or: [] } };
}
