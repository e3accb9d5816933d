import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";

/**
 * A customer's payment terms (domain spec §3, §5): `net` N days after the document date, or
 * `eom`, the end of the month following the document's month (plus N days, usually 0).
 */
export const PAYMENT_TERMS_TYPES = ["net", "eom"] as const;
export type PaymentTermsType = (typeof PAYMENT_TERMS_TYPES)[number];

export interface PaymentTerms {
  type: PaymentTermsType;
  days: number;
}

function parseDate(text: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : new Date(NaN);
  if (!m || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    throw new DomainError("invalid_date", { value: text });
  return date;
}

/** The due date (YYYY-MM-DD) of a document dated `fromDate` (YYYY-MM-DD) under these terms. */
export function dueDate(terms: PaymentTerms, fromDate: string): string {
  if (!Number.isInteger(terms.days) || terms.days < 0)
    throw new RangeError(`payment terms days must be a whole number >= 0, got ${terms.days}`);
  const from = parseDate(fromDate);
  // Day 0 of the month after next is the last day of the following month.
  const start = terms.type === "eom" ? new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 2, 0)) : from;
  return new Date(start.getTime() + terms.days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A customer's minimum order amount (domain spec §5): an order below it is refused with
 * `minimum_order_amount_not_reached` and the minimum as `value`. No minimum: anything goes.
 */
export function checkMinimumOrderAmount(minimum: Decimal | null, orderAmount: Decimal): void {
  if (minimum === null || minimum.isZero()) return;
  if (orderAmount.compare(minimum) < 0) throw new DomainError("minimum_order_amount_not_reached", { value: minimum.toString() });
}
