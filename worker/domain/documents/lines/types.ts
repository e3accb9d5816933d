/**
 * The plain data the line engine reads and writes (decision 018). Amounts, prices and quantities
 * are decimal strings, never floats, so that the server, the browser and the store cart give the
 * same cents from the same data. Field names follow the document line of domain spec §3.
 */
import type { WeightUnit } from "../../shared/money";

export type TaxModel = "us" | "global";
export type TaxType = "tax_exclusive" | "tax_inclusive";
export type TaxPriority = "product" | "document";
export type DiscountType = "percentage" | "amount";
/** How a kit line is priced: only a price level or an advanced price (price rule) lets it take a discount. */
export type KitPriceType = "price_level" | "advanced_price" | "components";
/**
 * `deposit`: a deposit invoice's amount, or its deduction on a later invoice of the same order (a
 * negative price): quantity 1, no discount, outside the global discount, taxed at its own taxes.
 */
export type LineKind = "variant" | "pack" | "kit" | "service" | "text" | "deposit";

/** A simple tax (a rate in percent, up to 4 decimals) or a group of simple taxes. */
export type TaxInput = SimpleTaxInput | TaxGroupInput;
export interface SimpleTaxInput {
  id: number;
  label?: string;
  rate: string;
}
export interface TaxGroupInput {
  id: number;
  label?: string;
  taxes: readonly SimpleTaxInput[];
}

export interface LineInput {
  /** The line's id in its document, unique there. */
  lid: string;
  kind: LineKind;
  /** The kit line this (variant) line is a component of: its quantity is then the kit's times `required_quantity`. */
  component_of_lid?: string | null;
  /** Units of a component per kit (default 1). */
  required_quantity?: string | null;
  quantity?: string | null;
  /** Units of the variant in one pack (pack lines). */
  pack_quantity?: string | null;
  /** Per line unit (per pack for a pack line), in the document's currency and tax type. */
  price?: string | null;
  cost?: string | null;
  /** Anything that is not a non-negative number counts as 0. */
  discount?: string | null;
  discount_type?: DiscountType | null;
  /** The variant's or service's own taxes; `taxable: false` charges none. */
  taxes?: readonly TaxInput[] | null;
  taxable?: boolean | null;
  /** Per variant unit, in the document's currency and tax type; never discounted. */
  ecotax?: string | null;
  /** Per variant unit. */
  weight_amount?: string | null;
  weight_unit?: WeightUnit | null;
  kit_price_type?: KitPriceType | null;
  kit_price_locked?: boolean | null;
  description?: string | null;
}

export interface DocumentInput {
  /** ISO code; its minor units give the amounts' decimals (default 2). */
  currency?: string | null;
  /** Overrides the decimals of the currency. */
  currency_decimals?: number | null;
  tax_model: TaxModel;
  tax_type: TaxType;
  tax_priority: TaxPriority;
  /** The document's taxes: with `tax_priority: "document"` they replace those of every taxable line and of shipping. */
  document_taxes?: readonly TaxInput[] | null;
  global_discount?: string | null;
  global_discount_type?: DiscountType | null;
  shipping_cost?: string | null;
  shipping_taxes?: readonly TaxInput[] | null;
  /** The company's use_ecotax; off, ecotax counts nowhere (default on). */
  use_ecotax?: boolean | null;
  lines: readonly LineInput[];
}

export interface TaxAmount {
  id: number;
  rate: string;
  amount: string;
}

export interface ComputedLine {
  lid: string;
  kind: LineKind;
  component_of_lid: string | null;
  description: string | null;
  quantity: string;
  pack_quantity: string;
  /** Variant units the line moves: quantity × pack quantity. */
  units: string;
  price: string;
  cost: string;
  /** The discount as applied (0 when ignored), 2 decimals, and whether the user may change it. */
  discount: string;
  discount_type: DiscountType;
  discount_editable: boolean;
  /** quantity × price. */
  amount: string;
  discount_amount: string;
  /** The line total shown on the document: amount − discount_amount. */
  total: string;
  global_discount_share: string;
  ecotax: string;
  ecotax_amount: string;
  /** What the taxes apply to: total − global share + ecotax (tax included when prices are). */
  tax_base: string;
  taxes: TaxAmount[];
  tax_amount: string;
  total_excl_tax: string;
  total_incl_tax: string;
  cost_amount: string;
  /** Grams. */
  weight: string;
}

export interface DocumentTax extends TaxAmount {
  label: string;
}

export interface ComputedDocument {
  currency_decimals: number;
  tax_model: TaxModel;
  tax_type: TaxType;
  lines: ComputedLine[];
  /** Sum of the line totals (after line discounts, before the global discount, without ecotax). */
  subtotal: string;
  global_discount: string;
  global_discount_type: DiscountType;
  global_discount_amount: string;
  total_ecotax: string;
  shipping_cost: string;
  shipping_taxes: TaxAmount[];
  shipping_tax_amount: string;
  /** Per simple tax, lines and shipping together, by id. */
  taxes: DocumentTax[];
  tax_total: string;
  total_excl_tax: string;
  /** What the customer pays: total_excl_tax + tax_total. */
  total: string;
  total_units: string;
  /** Grams. */
  total_weight: string;
}
