import {
  BILLING_CURRENCIES,
  BILLING_PERIODS,
  PLANS,
  PLAN_TERMS,
  type BillingCurrency,
  type BillingPeriod,
  type Plan,
} from "../../../worker/domain/billing/plans";

/** Where account settings live (platform spec §2). */
export const ACCOUNT_PATH = "/account-settings";

/** The checkout's steps in their order (domain spec §2 'Account settings'). */
export const CHECKOUT_STEPS = ["pick-period", "billing-information", "payment-information", "confirm-order", "confirmation"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** The billing information form's fields, as the billing verb reads them. */
export const BILLING_FIELDS = ["name", "email", "address1", "address2", "postal_code", "city", "country", "vat_number"] as const;

/** What the checkout subscribes to: the plan, its cycle and currency, and the B2B store add-on. */
export interface CheckoutChoice {
  plan: Plan;
  period: BillingPeriod;
  currency: BillingCurrency;
  b2bAddon: boolean;
}

/**
 * The address of a checkout step, always with every segment: the short forms the route also
 * accepts are sent here first. The add-on travels in the query (the route table has no segment
 * for it), written only when chosen: an address without it means no add-on. A plan that includes
 * it carries none.
 */
export function checkoutPath(choice: CheckoutChoice, step: CheckoutStep): string {
  const addon = choice.b2bAddon && !PLAN_TERMS[choice.plan].b2bIncluded ? "?b2b_addon=1" : "";
  return `${ACCOUNT_PATH}/${choice.plan}/${choice.period}/${choice.currency}/${step}${addon}`;
}

/** An amount in cents (every billing currency has two decimals) as the decimal text money formatting reads. */
export function fromCents(cents: number): string {
  const whole = Math.abs(Math.round(cents));
  return `${cents < 0 ? "-" : ""}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

export interface CheckoutParams {
  plan?: string | undefined;
  period?: string | undefined;
  currency?: string | undefined;
}

/**
 * The address's segments by what they name. Plans, periods and currencies share no word, so
 * "/premium/monthly" and "/monthly/eur" read the same whichever optional segment the router
 * filled. Anything else is an unknown page (null).
 */
export function readCheckoutSegments(params: CheckoutParams) {
  const given = [params.plan, params.period, params.currency].filter((v): v is string => v !== undefined && v !== "");
  let at = 0;
  const plan = PLANS.find((p) => p === given[at]) ?? null;
  if (plan) at++;
  const period = BILLING_PERIODS.find((p) => p === given[at]) ?? null;
  if (!period) return null;
  at++;
  const currency = BILLING_CURRENCIES.find((c) => c === given[at]) ?? null;
  if (currency) at++;
  return at === given.length ? { plan, period, currency } : null;
}
