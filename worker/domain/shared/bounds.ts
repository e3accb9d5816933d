import { Decimal } from "./decimal";

/**
 * The largest figures the product accepts and stores, in one place (decision 036). Money is stored
 * at 4 decimals and quantities at 7, as integers read back as JavaScript numbers: 10^11 × 10^4 and
 * 10^8 × 10^7 stay under 2^53, so every stored figure held to these bounds reads back exactly.
 */

/** Prices, costs, amounts, shipping costs, credit limits, and every amount or total a document stores: |x| ≤ 100,000,000,000. */
export const MAX_MONEY = 100_000_000_000;

/** Quantities and units (a line's, a document's total, a cart line's): ≤ 100,000,000. */
export const MAX_QUANTITY = 100_000_000;

/** Rates and percentages (discounts, tax rates, a customer's discount rate): 0 to 100. */
export const MAX_PERCENT = 100;

/** A document's weight in grams (10,000 tonnes): stored at 5 decimals, it stays under 2^53 too. */
export const MAX_WEIGHT_GRAMS = 10_000_000_000;

const limits = new Map<number, Decimal>();
const limit = (max: number) => limits.get(max) ?? limits.set(max, Decimal.parse(max)).get(max)!;

/** Whether a figure is past its bound, either way (|value| > max). */
export function beyond(value: Decimal, max: number): boolean {
  const bound = limit(max);
  return value.compare(bound) > 0 || value.neg().compare(bound) > 0;
}
