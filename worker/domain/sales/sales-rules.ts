import { DomainError } from "../shared/domain-error";
import { currencyDecimals, fromScaledInteger, PRICE_SCALE } from "../shared/money";

/** Pure rules of sales documents (domain spec §5), kept apart from the database. */

/** An estimate's expiry: its date plus estimate_expiration_days when positive, else none. */
export function expiryOf(date: string, days: number): string | null {
  if (!(days > 0)) return null;
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const money = (units: number, currency: string) => fromScaledInteger(units, PRICE_SCALE).round(currencyDecimals(currency)).toString();

/**
 * What the goods of a priced document come to without tax: its total without tax less the shipping
 * without tax (a tax-inclusive shipping cost holds its tax, taken out first).
 */
export function goodsAmount(priced: {
  taxType: "tax_exclusive" | "tax_inclusive";
  totals: { totalExclTax?: number; shippingCost?: number; shippingTaxAmount?: number };
}): number {
  const { totalExclTax = 0, shippingCost = 0, shippingTaxAmount = 0 } = priced.totals;
  const shippingExclTax = priced.taxType === "tax_inclusive" ? shippingCost - shippingTaxAmount : shippingCost;
  return totalExclTax - shippingExclTax;
}

/**
 * The customer's minimum order amount, compared with the goods' amount (total without tax, less
 * the shipping cost): the customer cannot reach it by paying more shipping or tax.
 */
export function checkMinimumOrderAmount(minimum: number | null, goods: number, currency: string): void {
  if (minimum === null || minimum <= 0 || goods >= minimum) return;
  throw new DomainError("minimum_order_amount_not_reached", { value: money(minimum, currency) });
}

/** Refusal of an order that would take the customer's open orders past their credit limit (domain spec §5). */
export function creditLimitExceeded(limit: number, currency: string): DomainError {
  return new DomainError("credit_limit_exceeded", { limit: money(limit, currency) });
}
