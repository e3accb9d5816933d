import { asc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import type { PermissionCheck } from "../../identity/permissions";
import { DomainError, type FieldErrorCode } from "../../shared/domain-error";
import { FieldIssues, conflict, isUniqueViolation } from "../../shared/input";
import { defineListRegistry, likePrefix } from "../../shared/list-query-sql";
import { fromScaledInteger, PRICE_SCALE, QUANTITY_SCALE, toScaledInteger } from "../../shared/money";
import type { Decimal } from "../../shared/decimal";
import { MAX_RULE_PERCENT, PRICE_RULE_SELECTIONS, PRICE_RULE_TYPES, type PriceRuleView } from "./price-rule-schemas";
import type { PriceRuleTargetKind } from "./rule-engine";

// What the price rule verbs share: who may use them, the view, the checks and the writes.
const t = tenantSchema;
const { priceRules: rules, priceRuleTargets: targets } = t;

/** Rules change selling prices: reading them needs the selling information, changing them its edit, both the module. */
export const VIEW_PRICE_RULES = {
  allOf: ["view_products", "view_products_selling_info", "advanced_prices"],
} as const satisfies PermissionCheck;
export const EDIT_PRICE_RULES = {
  allOf: ["edit_products", "edit_products_selling_info", "advanced_prices"],
} as const satisfies PermissionCheck;

/** Each list of a rule's view, the link rows' kind it holds, and the field error of an id no record has. */
export const TARGET_LISTS = [
  { field: "customer_ids", kind: "customer", unknown: "unknown_customer", table: t.customers },
  { field: "customer_tag_ids", kind: "customer_tag", unknown: "unknown_tag", table: t.customerTags },
  { field: "variant_ids", kind: "variant", unknown: "unknown_variant", table: t.variants },
  { field: "product_ids", kind: "product", unknown: "unknown_product", table: t.products },
  { field: "brand_ids", kind: "brand", unknown: "unknown_brand", table: t.brands },
  { field: "product_tag_ids", kind: "product_tag", unknown: "unknown_tag", table: t.productTags },
  { field: "attribute_option_ids", kind: "attribute_option", unknown: "unknown_option", table: t.attributeOptions },
] as const satisfies readonly { field: keyof PriceRuleView; kind: PriceRuleTargetKind; unknown: FieldErrorCode; table: unknown }[];
type TargetField = (typeof TARGET_LISTS)[number]["field"];

/** The list a selection picks from; the customers' lists are conditions, kept whatever the selection. */
const SELECTION_LIST: Record<(typeof PRICE_RULE_SELECTIONS)[number], TargetField | null> = {
  all_products: null,
  selected_variants: "variant_ids",
  selected_products: "product_ids",
  selected_brands: "brand_ids",
  selected_tags: "product_tag_ids",
  selected_attributes: "attribute_option_ids",
};

export const priceRuleList = defineListRegistry({
  primaryKey: rules.id,
  fields: {
    id: { type: "id", column: rules.id },
    number: { type: "number", column: rules.number, sortable: true },
    label: { type: "text", column: rules.label, sortColumn: sql`${rules.label} collate nocase`, sortable: true },
    active: { type: "boolean", column: rules.active },
    selection: { type: "enum", column: rules.selection, values: PRICE_RULE_SELECTIONS },
    price_type: { type: "enum", column: rules.priceType, values: PRICE_RULE_TYPES },
    created: { type: "number", column: rules.createdAt, sortable: true, filterable: false },
  },
  defaultSort: [{ by: "number", direction: "asc" }],
  search: (text: string) => likePrefix(rules.label, text),
});

type RuleRow = typeof rules.$inferSelect;
type TargetRow = { ruleId: number; kind: PriceRuleTargetKind; targetId: number };

export function view(row: RuleRow, links: readonly TargetRow[]): PriceRuleView {
  const of = (kind: PriceRuleTargetKind) =>
    links
      .filter((l) => l.ruleId === row.id && l.kind === kind)
      .map((l) => l.targetId)
      .sort((a, b) => a - b);
  return {
    id: row.id,
    number: row.number,
    label: row.label,
    active: row.active,
    selection: row.selection,
    price_type: row.priceType,
    base_price_level_id: row.basePriceLevelId,
    operator: row.operator,
    value: fromScaledInteger(row.value, PRICE_SCALE).toString(),
    rounding: row.rounding,
    date_from: row.dateFrom,
    date_to: row.dateTo,
    minimum_quantity: fromScaledInteger(row.minimumQuantity, QUANTITY_SCALE).toString(),
    ...(Object.fromEntries(TARGET_LISTS.map((l) => [l.field, of(l.kind)])) as Record<TargetField, number[]>),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** The link rows of some rules. */
export const targetsRead = (db: TenantDb, ids: readonly number[]) =>
  db
    .select({ ruleId: targets.ruleId, kind: targets.kind, targetId: targets.targetId })
    .from(targets)
    .where(inArray(targets.ruleId, [...ids]))
    .orderBy(asc(targets.ruleId));

export async function findPriceRule(db: TenantDb, id: number): Promise<PriceRuleView> {
  const [found, links] = await db.batch([db.select().from(rules).where(eq(rules.id, id)), targetsRead(db, [id])]);
  if (!found[0]) throw new DomainError("not_found");
  return view(found[0], links);
}

/** A rule's fields once parsed and merged with what it held: what the checks and the writes take. */
export interface RuleFields {
  number?: number;
  label: string;
  active: boolean;
  selection: PriceRuleView["selection"];
  price_type: PriceRuleView["price_type"];
  base_price_level_id: number | null;
  operator: PriceRuleView["operator"];
  value: Decimal;
  rounding: PriceRuleView["rounding"];
  date_from: string | null;
  date_to: string | null;
  minimum_quantity: Decimal;
  customer_ids: number[];
  customer_tag_ids: number[];
  variant_ids: number[];
  product_ids: number[];
  brand_ids: number[];
  product_tag_ids: number[];
  attribute_option_ids: number[];
}

/**
 * Checks a rule as a whole, each fault on its field: a calculated rule has an operator, a
 * percentage stays within its bound, the dates run forward, a selection names what it picks, and
 * every id names a record (the base level, a selling one). Ids the selection does not use are dropped.
 */
export async function checkRule(db: TenantDb, fields: RuleFields): Promise<RuleFields> {
  const issues = new FieldIssues();
  const chosen = SELECTION_LIST[fields.selection];
  const kept: RuleFields = { ...fields };
  for (const list of TARGET_LISTS)
    if (list.kind !== "customer" && list.kind !== "customer_tag" && list.field !== chosen) kept[list.field] = [];
  if (kept.price_type === "calculated" && kept.operator === null) issues.add("operator", "required");
  if (kept.price_type === "set") {
    kept.operator = null;
    kept.base_price_level_id = null;
  }
  if (kept.operator === "minus_percent" || kept.operator === "plus_percent") {
    if (kept.value.compare(fromScaledInteger(BigInt(MAX_RULE_PERCENT[kept.operator]) * 10n ** BigInt(PRICE_SCALE), PRICE_SCALE)) > 0)
      issues.add("value", "too_large");
  }
  if (kept.date_from !== null && kept.date_to !== null && kept.date_to < kept.date_from) issues.add("date_to", "too_small");
  if (chosen !== null && kept[chosen].length === 0) issues.add(chosen, "required");
  const lists = TARGET_LISTS.filter((l) => kept[l.field].length > 0);
  const reads = [
    db
      .select({ id: t.priceLevels.id, type: t.priceLevels.type })
      .from(t.priceLevels)
      .where(eq(t.priceLevels.id, kept.base_price_level_id ?? 0)),
    ...lists.map((l) => db.select({ id: l.table.id }).from(l.table).where(inArray(l.table.id, kept[l.field]))),
  ];
  const [level, ...found] = (await db.batch(reads as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as {
    id: number;
    type?: string;
  }[][];
  if (kept.base_price_level_id !== null && level![0]?.type !== "selling") issues.add("base_price_level_id", "unknown_price_level");
  lists.forEach((l, i) => {
    const known = new Set(found[i]!.map((r) => r.id));
    kept[l.field].forEach((id, j) => {
      if (!known.has(id)) issues.add(`${l.field}.${j}`, l.unknown);
    });
  });
  issues.throwIfAny();
  return kept;
}

/** The rule's columns from its fields. */
export function ruleValues(fields: RuleFields) {
  return {
    label: fields.label,
    active: fields.active,
    selection: fields.selection,
    priceType: fields.price_type,
    basePriceLevelId: fields.base_price_level_id,
    operator: fields.operator,
    value: Number(toScaledInteger(fields.value, PRICE_SCALE)),
    rounding: fields.rounding,
    dateFrom: fields.date_from,
    dateTo: fields.date_to,
    minimumQuantity: Number(toScaledInteger(fields.minimum_quantity, QUANTITY_SCALE)),
  };
}

/** The link rows of a rule (its id, or the SQL reading it inside the batch that inserts it). */
export function targetRows(ruleId: number | ReturnType<typeof sql<number>>, fields: RuleFields) {
  return TARGET_LISTS.flatMap((l) => fields[l.field].map((targetId) => ({ ruleId, kind: l.kind, targetId })));
}

export const numberTaken = () => conflict("price_rule_number_taken", "number");
export const isNumberTaken = (error: unknown) => isUniqueViolation(error);
