// Price rules (domain spec §3 'Price rule'): selling prices set or calculated for some customers,
// some products, from a quantity and within dates, applied by the one price function.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { priceLevels } from "./catalogue";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** What a rule prices: every product, or the variants, products, brands, product tags or attribute options it names. */
export const PRICE_RULE_SELECTIONS = [
  "all_products",
  "selected_variants",
  "selected_products",
  "selected_brands",
  "selected_tags",
  "selected_attributes",
] as const;
/** A set price (the value is the price), or one calculated from a base price. */
export const PRICE_RULE_TYPES = ["set", "calculated"] as const;
export const PRICE_RULE_OPERATORS = ["minus_percent", "plus_percent", "minus_amount", "plus_amount"] as const;
/** As a price update rounds (products/price-updates.ts). */
export const PRICE_RULE_ROUNDINGS = ["none", "0.01", "0.05", "0.10", "1.00", "x.99"] as const;
/** What a rule's link rows name: its customers and customer tags (conditions), and what its selection picks. */
export const PRICE_RULE_TARGET_KINDS = [
  "customer",
  "customer_tag",
  "variant",
  "product",
  "brand",
  "product_tag",
  "attribute_option",
] as const;

export const priceRules = sqliteTable(
  "price_rules",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // The priority: the matching rule with the lowest number wins.
    number: integer("number").notNull(),
    label: text("label").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    selection: text("selection", { enum: PRICE_RULE_SELECTIONS }).notNull().default("all_products"),
    priceType: text("price_type", { enum: PRICE_RULE_TYPES }).notNull(),
    // A calculated rule's base: this level's price; null, the price the customer has without the rule.
    basePriceLevelId: integer("base_price_level_id").references(() => priceLevels.id, { onDelete: "set null" }),
    operator: text("operator", { enum: PRICE_RULE_OPERATORS }),
    // The set price, the percentage or the amount, at PRICE_SCALE, in the default currency.
    value: integer("value").notNull(),
    rounding: text("rounding", { enum: PRICE_RULE_ROUNDINGS }).notNull().default("none"),
    // Calendar dates (YYYY-MM-DD) the document's date must fall within, both included.
    dateFrom: text("date_from"),
    dateTo: text("date_to"),
    // The quantity break: units of the variant on the line, at QUANTITY_SCALE.
    minimumQuantity: integer("minimum_quantity").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("price_rules_number_unique").on(t.number),
    check("price_rules_value_non_negative", sql`${t.value} >= 0`),
    check("price_rules_minimum_non_negative", sql`${t.minimumQuantity} >= 0`),
    check("price_rules_calculated_operator", sql`${t.priceType} = 'set' or ${t.operator} is not null`),
  ],
);

/** The customers, customer tags and catalogue records a rule names, by kind. */
export const priceRuleTargets = sqliteTable(
  "price_rule_targets",
  {
    ruleId: integer("rule_id")
      .notNull()
      .references(() => priceRules.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PRICE_RULE_TARGET_KINDS }).notNull(),
    targetId: integer("target_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.kind, t.targetId] }), index("price_rule_targets_target_idx").on(t.kind, t.targetId)],
);
