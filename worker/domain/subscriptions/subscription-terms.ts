import type { SavedSalesDocument } from "../sales/sales-documents";
import { fieldError } from "../shared/input";
import { endDate, firstCycleDate, nextRenewal, type FirstBilling } from "./renewal";

/** A subscription's terms as stored: its rule, the first cycle's date, the next one and the last one. */
export interface TermValues {
  billingCycle: number;
  cycleLimit: number | null;
  firstBilling: FirstBilling;
  /** The first cycle's date (the day chosen with specific_day, else the one the rule gave): the anchor of the later cycles. */
  specificDay: string;
  renewalDate: string | null;
  endDate: string | null;
}

export interface TermsInput {
  billing_cycle?: number | null;
  cycle_limit?: number | null;
  first_billing?: FirstBilling;
  specific_day?: string | null;
}

/**
 * The terms a create or an update writes, checked against today in the company's calendar: a
 * specific day must be today or later (a past cycle would be billed at once, dated in the past,
 * which is what "immediately" is for); once a cycle is billed, the first billing cannot move (the
 * cycles billed were counted from it) and the limit cannot fall to what was billed (cancelling
 * stops a subscription). Without `saved`, a new subscription: monthly, immediately, never ending.
 */
export function subscriptionTerms(input: TermsInput, saved: SavedSalesDocument | null, today: string): TermValues {
  const billed = saved?.cyclesBilled ?? 0;
  const billingCycle = input.billing_cycle ?? saved?.billingCycle ?? 1;
  const cycleLimit = input.cycle_limit !== undefined ? input.cycle_limit : (saved?.cycleLimit ?? null);
  const firstBilling = input.first_billing ?? (saved?.firstBilling as FirstBilling | null | undefined) ?? "immediately";
  const dayGiven = firstBilling === "specific_day" && input.specific_day !== undefined && input.specific_day !== null;
  const moved =
    saved === null ||
    (input.first_billing !== undefined && input.first_billing !== saved.firstBilling) ||
    (dayGiven && input.specific_day !== saved.specificDay);
  if (billed > 0 && moved) throw fieldError(dayGiven ? "specific_day" : "first_billing", "subscription_already_billed");
  if (cycleLimit !== null && cycleLimit <= billed) throw fieldError("cycle_limit", "cycle_limit_below_billed", { billed });
  let first: string;
  if (!moved) {
    first = saved.specificDay ?? saved.date;
  } else if (firstBilling === "specific_day") {
    const day = dayGiven ? input.specific_day! : saved?.firstBilling === "specific_day" ? saved.specificDay : null;
    if (day === null) throw fieldError("specific_day", "required");
    if (day < today) throw fieldError("specific_day", "subscription_day_past", { today });
    first = day;
  } else {
    first = firstCycleDate(firstBilling, today, null);
  }
  return {
    billingCycle,
    cycleLimit,
    firstBilling,
    specificDay: first,
    renewalDate: nextRenewal(first, billed, cycleLimit, billingCycle, firstBilling),
    endDate: endDate(first, cycleLimit, billingCycle, firstBilling),
  };
}
