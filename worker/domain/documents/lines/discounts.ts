import { MAX_MONEY, MAX_PERCENT } from "../../shared/bounds";
import { Decimal } from "../../shared/decimal";
import { readDecimal } from "../../shared/number-format";
import { atScale, DISCOUNT_DECIMALS, HUNDRED, minOf, percentOf } from "./rounding";
import type { DiscountType } from "./types";

export interface Discount {
  value: Decimal;
  type: DiscountType;
}

export const NO_DISCOUNT: Discount = { value: Decimal.zero(DISCOUNT_DECIMALS), type: "percentage" };

/**
 * A discount as domain spec §5 reads it: a non-negative number, otherwise 0, rounded to 2
 * decimals; a percentage (the default type) is capped at 100. The amount cap needs the line's
 * total: `discountAmount` applies it.
 */
export function readDiscount(
  raw: string | null | undefined,
  type: DiscountType | null | undefined,
  parse: (text: string, scale: number) => Decimal | null = parseOrNull,
): Discount {
  const kind: DiscountType = type === "amount" ? "amount" : "percentage";
  let value = parse(raw ?? "0", DISCOUNT_DECIMALS) ?? NO_DISCOUNT.value;
  if (value.isNegative()) value = NO_DISCOUNT.value;
  if (kind === "percentage" && value.units > FULL.units) value = FULL;
  return { value, type: kind };
}

const FULL = HUNDRED.round(DISCOUNT_DECIMALS);

/**
 * A discount as someone typed or sent it ("10", "10,5", "1 234,50", "abc"), as the text the engine
 * reads: a number in either language's format, else "0" (domain spec §5: otherwise 0). The line
 * editor and the verbs both read discounts through it, so the screen totals what the server saves.
 */
export function discountText(raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")) return "0";
  const read = readDecimal(raw);
  return "value" in read ? read.value.toString() : "0";
}

/**
 * Whether a typed discount is a number past its bound (shared/bounds.ts): a percentage over 100, an
 * amount over MAX_MONEY. The verbs refuse it; what is not a number still counts as 0 (spec §5).
 */
export function discountPastBound(raw: string | null | undefined, type: DiscountType | null | undefined): boolean {
  const value = raw === null || raw === undefined ? null : parseOrNull(raw, DISCOUNT_DECIMALS);
  return value !== null && value.compare(Decimal.parse(type === "amount" ? MAX_MONEY : MAX_PERCENT)) > 0;
}

function parseOrNull(text: string, scale: number): Decimal | null {
  try {
    return Decimal.parse(text).round(scale);
  } catch {
    return null;
  }
}

/** What a discount takes off `base` (an amount at `decimals`): never more than `base`. */
export function discountAmount(base: Decimal, discount: Discount, decimals: number): Decimal {
  if (discount.value.isZero() || base.isZero()) return Decimal.zero(decimals);
  const off = discount.type === "percentage" ? percentOf(base, discount.value).round(decimals) : atScale(discount.value, decimals);
  return atScale(minOf(off, base), decimals);
}

/**
 * An amount above the line's is shown as the line's (rounded up where the currency has more
 * decimals than a discount), so that typing back what is shown gives the same line.
 */
export function discountAsShown(discount: Discount, lineAmount: Decimal): Discount {
  if (discount.type !== "amount" || discount.value.compare(lineAmount) <= 0) return discount;
  let shown = lineAmount.round(DISCOUNT_DECIMALS);
  if (shown.compare(lineAmount) < 0) shown = shown.add(Decimal.of(1n, DISCOUNT_DECIMALS));
  return { type: "amount", value: shown };
}
