import { z } from "zod";
import {
  PRICE_RULE_OPERATORS,
  PRICE_RULE_ROUNDINGS,
  PRICE_RULE_SELECTIONS,
  PRICE_RULE_TYPES,
} from "../../../../db/schema/tenant/price-rules";
import { MAX_MONEY, MAX_QUANTITY } from "../../shared/bounds";
import { objectError, zCalendarDate, zFlag } from "../../shared/input";
import { PRICE_SCALE, QUANTITY_SCALE, zDecimal } from "../../shared/money";
import { MAX_PRICE_UPDATE_PERCENT } from "../price-updates";
import type { PriceRuleOperator, PriceRuleRounding, PriceRuleSelection, PriceRuleType } from "./rule-engine";

export { PRICE_RULE_OPERATORS, PRICE_RULE_ROUNDINGS, PRICE_RULE_SELECTIONS, PRICE_RULE_TYPES };

/** Rule numbers (their priority) run from 1 to this. */
export const MAX_PRICE_RULE_NUMBER = 1_000_000;
/** Records a rule may name in each of its lists. */
export const MAX_PRICE_RULE_TARGETS = 500;

/** A price rule (domain spec §3 'Price rule') as the API and the pages show it. */
export interface PriceRuleView {
  id: number;
  /** The priority: of the rules that apply, the lowest number wins. */
  number: number;
  label: string;
  active: boolean;
  selection: PriceRuleSelection;
  price_type: PriceRuleType;
  /** A calculated rule's base level; null, the customer's own price. */
  base_price_level_id: number | null;
  operator: PriceRuleOperator | null;
  /** The set price, or the percentage or amount of the operator (amounts in the default currency). */
  value: string;
  rounding: PriceRuleRounding;
  date_from: string | null;
  date_to: string | null;
  /** The quantity break: the line's units of the variant from which the rule applies. */
  minimum_quantity: string;
  customer_ids: number[];
  customer_tag_ids: number[];
  variant_ids: number[];
  product_ids: number[];
  brand_ids: number[];
  product_tag_ids: number[];
  attribute_option_ids: number[];
  created_at: number;
  updated_at: number;
}

const ids = z
  .array(z.number({ error: "invalid" }).int("invalid").positive("invalid"), { error: "invalid" })
  .max(MAX_PRICE_RULE_TARGETS, "too_large")
  .transform((list) => [...new Set(list)]);

const fields = {
  label: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
  number: z.number({ error: "invalid" }).int("invalid").min(1, "too_small").max(MAX_PRICE_RULE_NUMBER, "too_large"),
  active: zFlag,
  selection: z.enum(PRICE_RULE_SELECTIONS, { error: "invalid" }),
  price_type: z.enum(PRICE_RULE_TYPES, { error: "invalid" }),
  base_price_level_id: z.number({ error: "invalid" }).int("invalid").positive("invalid").nullable(),
  operator: z.enum(PRICE_RULE_OPERATORS, { error: "invalid" }).nullable(),
  value: zDecimal(PRICE_SCALE, { min: 0, max: MAX_MONEY }),
  rounding: z.enum(PRICE_RULE_ROUNDINGS, { error: "invalid" }),
  date_from: zCalendarDate.nullable(),
  date_to: zCalendarDate.nullable(),
  minimum_quantity: zDecimal(QUANTITY_SCALE, { min: 0, max: MAX_QUANTITY }),
  customer_ids: ids,
  customer_tag_ids: ids,
  variant_ids: ids,
  product_ids: ids,
  brand_ids: ids,
  product_tag_ids: ids,
  attribute_option_ids: ids,
};

/** A new rule: a label, a price type and a value at least; the number defaults to after the last rule's. */
export const CreatePriceRuleInput = z.strictObject(
  {
    ...fields,
    label: fields.label,
    price_type: fields.price_type,
    value: fields.value,
    number: fields.number.optional(),
    active: fields.active.default(true),
    selection: fields.selection.default("all_products"),
    base_price_level_id: fields.base_price_level_id.default(null),
    operator: fields.operator.default(null),
    rounding: fields.rounding.default("none"),
    date_from: fields.date_from.default(null),
    date_to: fields.date_to.default(null),
    minimum_quantity: fields.minimum_quantity.optional(),
    customer_ids: fields.customer_ids.default([]),
    customer_tag_ids: fields.customer_tag_ids.default([]),
    variant_ids: fields.variant_ids.default([]),
    product_ids: fields.product_ids.default([]),
    brand_ids: fields.brand_ids.default([]),
    product_tag_ids: fields.product_tag_ids.default([]),
    attribute_option_ids: fields.attribute_option_ids.default([]),
  },
  objectError,
);
export type CreatePriceRuleInput = z.input<typeof CreatePriceRuleInput>;

/** A change: any of the fields; the others keep their values. */
export const UpdatePriceRuleInput = z.strictObject(
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]>;
  },
  objectError,
);
export type UpdatePriceRuleInput = z.input<typeof UpdatePriceRuleInput>;

/** The percentage a rule may take: down to 0 at most (100 %), up as far as a price update goes. */
export const MAX_RULE_PERCENT = { minus_percent: 100, plus_percent: MAX_PRICE_UPDATE_PERCENT } as const;
