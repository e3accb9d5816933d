import type {
  PRICE_RULE_OPERATORS,
  PRICE_RULE_ROUNDINGS,
  PRICE_RULE_SELECTIONS,
  PRICE_RULE_TARGET_KINDS,
  PRICE_RULE_TYPES,
} from "../../../../db/schema/tenant/price-rules";
import { Decimal } from "../../shared/decimal";
import { fromScaledInteger, PRICE_SCALE, QUANTITY_SCALE, toScaledInteger } from "../../shared/money";
import { newPrice, roundPrice } from "../price-updates";

/**
 * Price rules (domain spec §3 'Price rule'), pure: which active rule prices a line, and at what.
 * A rule applies to a customer (one it names, one with a tag it names, or any when it names none),
 * to the variants its selection picks, from its quantity break (the line's units of the variant)
 * and within its dates (the document's date in the company's calendar). Of the rules that apply,
 * the lowest number wins; one whose base level has no price for the line is passed over.
 */

export type PriceRuleSelection = (typeof PRICE_RULE_SELECTIONS)[number];
export type PriceRuleType = (typeof PRICE_RULE_TYPES)[number];
export type PriceRuleOperator = (typeof PRICE_RULE_OPERATORS)[number];
export type PriceRuleRounding = (typeof PRICE_RULE_ROUNDINGS)[number];
export type PriceRuleTargetKind = (typeof PRICE_RULE_TARGET_KINDS)[number];

/** A rule as the price function reads it (figures as stored: value at PRICE_SCALE, minimum at QUANTITY_SCALE). */
export interface RuleRow {
  id: number;
  number: number;
  selection: PriceRuleSelection;
  priceType: PriceRuleType;
  basePriceLevelId: number | null;
  operator: PriceRuleOperator | null;
  value: number;
  rounding: PriceRuleRounding;
  dateFrom: string | null;
  dateTo: string | null;
  minimumQuantity: number;
  /** Its link rows: [kind, id]. */
  targets: readonly (readonly [PriceRuleTargetKind, number])[];
}

/** What a rule's selection looks at of a variant. */
export interface RuleVariant {
  id: number;
  productId: number;
  brandId: number | null;
  /** The product's tags. */
  tagIds: readonly number[];
  /** The variant's attribute options. */
  optionIds: readonly number[];
}

export interface RuleCustomer {
  id: number;
  tagIds: readonly number[];
}

/** Where a price is asked: for whom, how many units of the variant, on what date (null: a rule with dates never applies). */
export interface RuleOccasion {
  customer: RuleCustomer;
  units: Decimal;
  date: string | null;
}

const SELECTED: Record<Exclude<PriceRuleSelection, "all_products">, PriceRuleTargetKind> = {
  selected_variants: "variant",
  selected_products: "product",
  selected_brands: "brand",
  selected_tags: "product_tag",
  selected_attributes: "attribute_option",
};

const idsOf = (rule: RuleRow, kind: PriceRuleTargetKind) => rule.targets.filter(([k]) => k === kind).map(([, id]) => id);
const anyOf = (wanted: readonly number[], held: readonly (number | null)[]) => held.some((id) => id !== null && wanted.includes(id));

/** Whether the rule applies to this variant on this occasion. */
export function ruleApplies(rule: RuleRow, variant: RuleVariant, occasion: RuleOccasion): boolean {
  const customers = idsOf(rule, "customer");
  const customerTags = idsOf(rule, "customer_tag");
  if (customers.length + customerTags.length > 0) {
    if (!customers.includes(occasion.customer.id) && !anyOf(customerTags, occasion.customer.tagIds)) return false;
  }
  if (rule.selection !== "all_products") {
    const wanted = idsOf(rule, SELECTED[rule.selection]);
    const held: Record<PriceRuleTargetKind, readonly (number | null)[]> = {
      variant: [variant.id],
      product: [variant.productId],
      brand: [variant.brandId],
      product_tag: variant.tagIds,
      attribute_option: variant.optionIds,
      customer: [],
      customer_tag: [],
    };
    if (!anyOf(wanted, held[SELECTED[rule.selection]])) return false;
  }
  if (rule.dateFrom !== null || rule.dateTo !== null) {
    if (occasion.date === null) return false;
    if (rule.dateFrom !== null && occasion.date < rule.dateFrom) return false;
    if (rule.dateTo !== null && occasion.date > rule.dateTo) return false;
  }
  return occasion.units.compare(fromScaledInteger(rule.minimumQuantity, QUANTITY_SCALE)) >= 0;
}

/** The rules that apply, the winner first: lowest number (numbers are unique), then lowest id. */
export function applicableRules(rules: readonly RuleRow[], variant: RuleVariant, occasion: RuleOccasion): RuleRow[] {
  return rules.filter((r) => ruleApplies(r, variant, occasion)).sort((a, b) => a.number - b.number || a.id - b.id);
}

export interface RuleMoney {
  /** Units of the document's currency per unit of the default one: a rule's amounts are in the default currency. */
  rate: Decimal;
  /** Units of the variant priced (a pack's quantity; 1 for a unit): a set price or an amount counts per unit. */
  packQuantity: Decimal;
}

/**
 * The rule's price: a set price (the value), or the base less or plus a percentage or an amount,
 * never under 0, then rounded as the rule says. Null when a calculated rule has no base.
 */
export function rulePrice(rule: RuleRow, base: Decimal | null, money: RuleMoney): Decimal | null {
  const value = fromScaledInteger(rule.value, PRICE_SCALE);
  const perLine = (amount: Decimal) => amount.mul(money.rate).mul(money.packQuantity).round(PRICE_SCALE);
  const units = (amount: Decimal) => toScaledInteger(amount.round(PRICE_SCALE), PRICE_SCALE);
  if (rule.priceType === "set") return fromScaledInteger(roundPrice(units(perLine(value)), rule.rounding), PRICE_SCALE);
  if (base === null || rule.operator === null) return null;
  const percent = rule.operator === "minus_percent" || rule.operator === "plus_percent";
  const down = rule.operator === "minus_percent" || rule.operator === "minus_amount";
  const change = units(percent ? value : perLine(value));
  return fromScaledInteger(newPrice(units(base), percent ? "percentage" : "amount", down ? -change : change, rule.rounding), PRICE_SCALE);
}
