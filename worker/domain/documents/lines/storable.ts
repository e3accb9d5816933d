import { beyond, MAX_MONEY, MAX_QUANTITY, MAX_WEIGHT_GRAMS } from "../../shared/bounds";
import { Decimal } from "../../shared/decimal";
import type { ComputedDocument, ComputedLine } from "./types";

/**
 * Where a computed document is past the bounds a stored document keeps (shared/bounds.ts). Inputs
 * within their bounds can still multiply past them (a price × a quantity, 1,000 lines added up):
 * such a document is refused before anything is written, rather than stored inexactly.
 */

export interface BoundsIssue {
  /** The engine's line at fault (its index in `computed.lines`), or null for the document's totals. */
  line: number | null;
  /** quantity: its units or weight; total: one of its amounts; null: the document's totals. */
  field: "quantity" | "total" | null;
  max: number;
}

const LINE_MONEY = [
  "price",
  "cost",
  "discount",
  "amount",
  "discount_amount",
  "total",
  "ecotax_amount",
  "tax_amount",
  "total_excl_tax",
  "total_incl_tax",
] as const satisfies readonly (keyof ComputedLine)[];
const LINE_QUANTITIES = ["quantity", "pack_quantity", "units"] as const satisfies readonly (keyof ComputedLine)[];
const DOCUMENT_MONEY = [
  "subtotal",
  "global_discount_amount",
  "total_ecotax",
  "shipping_cost",
  "shipping_tax_amount",
  "tax_total",
  "total_excl_tax",
  "total",
] as const satisfies readonly (keyof ComputedDocument)[];

/**
 * Whether a figure the engine wrote (plain digits, an optional sign and point) is past its bound.
 * One with fewer digits before its point than the bound cannot be: read only the others.
 */
export function pastBound(text: string, max: number): boolean {
  const digits = Number.isInteger(max) && max > 0 ? String(max).length : 0;
  const start = text.startsWith("-") ? 1 : 0;
  const point = text.indexOf(".");
  if ((point < 0 ? text.length : point) - start < digits && /^-?\d+(?:\.\d+)?$/.test(text)) return false;
  return beyond(Decimal.parse(text), max);
}

export function boundsIssues(computed: ComputedDocument): BoundsIssue[] {
  const issues: BoundsIssue[] = [];
  computed.lines.forEach((line, i) => {
    if (LINE_QUANTITIES.some((k) => pastBound(line[k], MAX_QUANTITY))) issues.push({ line: i, field: "quantity", max: MAX_QUANTITY });
    else if (pastBound(line.weight, MAX_WEIGHT_GRAMS)) issues.push({ line: i, field: "quantity", max: MAX_WEIGHT_GRAMS });
    if (LINE_MONEY.some((k) => pastBound(line[k], MAX_MONEY))) issues.push({ line: i, field: "total", max: MAX_MONEY });
  });
  // A line past its bound is the cause of the totals past theirs: named alone.
  if (issues.length > 0) return issues;
  if (DOCUMENT_MONEY.some((k) => pastBound(computed[k], MAX_MONEY))) issues.push({ line: null, field: null, max: MAX_MONEY });
  else if (pastBound(computed.total_units, MAX_QUANTITY)) issues.push({ line: null, field: null, max: MAX_QUANTITY });
  else if (pastBound(computed.total_weight, MAX_WEIGHT_GRAMS)) issues.push({ line: null, field: null, max: MAX_WEIGHT_GRAMS });
  return issues;
}
