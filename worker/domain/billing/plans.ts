/**
 * The product's plans and what they cost (domain spec §9; the amounts the spec does not give are
 * chosen in decision 049). Amounts are integers in the currency's minor unit (cents), before tax.
 * A yearly cycle costs ten months: two months free.
 */
export const PLANS = ["standard", "premium", "elite"] as const;
export type Plan = (typeof PLANS)[number];
export const BILLING_PERIODS = ["monthly", "yearly"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const BILLING_CURRENCIES = ["usd", "eur"] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];

export interface PlanTerms {
  /** Monthly price of the plan, users up to `includedUsers` included. */
  monthly: Record<BillingCurrency, number>;
  includedUsers: number;
  /** Monthly price of each active user beyond `includedUsers` (domain spec §9). */
  extraUserMonthly: Record<BillingCurrency, number>;
  /** The B2B store add-on is part of the plan (the top plan). */
  b2bIncluded: boolean;
}

export const PLAN_TERMS: Record<Plan, PlanTerms> = {
  standard: { monthly: { usd: 3900, eur: 3900 }, includedUsers: 1, extraUserMonthly: { usd: 1500, eur: 1500 }, b2bIncluded: false },
  premium: { monthly: { usd: 7900, eur: 7900 }, includedUsers: 3, extraUserMonthly: { usd: 1900, eur: 1900 }, b2bIncluded: false },
  elite: { monthly: { usd: 14900, eur: 14900 }, includedUsers: 10, extraUserMonthly: { usd: 2500, eur: 2500 }, b2bIncluded: true },
};

/** The B2B store add-on: 49 USD or 49 EUR a month on the first and premium plans, included in elite (domain spec §9). */
export const B2B_ADDON_MONTHLY: Record<BillingCurrency, number> = { usd: 4900, eur: 4900 };

/** Months billed for a cycle: a year is billed as ten months. */
export const MONTHS_BILLED: Record<BillingPeriod, number> = { monthly: 1, yearly: 10 };

/** Months a cycle lasts. */
export const MONTHS_COVERED: Record<BillingPeriod, number> = { monthly: 1, yearly: 12 };

/** Life of the promoCode cookie (platform spec §9): 7 days. */
export const PROMO_COOKIE_SECONDS = 604_800;

/** Reasons offered when cancelling (domain spec §9). */
export const CANCEL_REASONS = [
  "businessNotOperating",
  "tooHard",
  "lackOfSupport",
  "doNotNeedFeatures",
  "lacksFeatures",
  "otherComments",
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** A promotion as Stripe describes its coupon: a percentage, or an amount off in one currency. */
export interface Promotion {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  currency: BillingCurrency | null;
}

export interface QuoteLine {
  kind: "plan" | "extra_users" | "b2b_addon";
  quantity: number;
  /** Price of one for the whole cycle. */
  unitAmount: number;
  amount: number;
}

export interface Quote {
  plan: Plan;
  period: BillingPeriod;
  currency: BillingCurrency;
  lines: QuoteLine[];
  subtotal: number;
  discount: number;
  total: number;
}

/**
 * What a cycle costs: the plan, the active users beyond those it includes, the B2B add-on when
 * chosen and not included, less a promotion (a percentage of the subtotal, or an amount in the
 * same currency, never below zero).
 */
export function quote(input: {
  plan: Plan;
  period: BillingPeriod;
  currency: BillingCurrency;
  activeUsers: number;
  b2bAddon: boolean;
  promotion?: Promotion | null;
}): Quote {
  const terms = PLAN_TERMS[input.plan];
  const months = MONTHS_BILLED[input.period];
  const lines: QuoteLine[] = [{ kind: "plan", quantity: 1, unitAmount: terms.monthly[input.currency] * months, amount: 0 }];
  const extraUsers = Math.max(0, Math.floor(input.activeUsers) - terms.includedUsers);
  if (extraUsers > 0)
    lines.push({ kind: "extra_users", quantity: extraUsers, unitAmount: terms.extraUserMonthly[input.currency] * months, amount: 0 });
  if (input.b2bAddon && !terms.b2bIncluded)
    lines.push({ kind: "b2b_addon", quantity: 1, unitAmount: B2B_ADDON_MONTHLY[input.currency] * months, amount: 0 });
  for (const line of lines) line.amount = line.unitAmount * line.quantity;
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const discount = promotionAmount(input.promotion ?? null, subtotal, input.currency);
  return { plan: input.plan, period: input.period, currency: input.currency, lines, subtotal, discount, total: subtotal - discount };
}

function promotionAmount(promotion: Promotion | null, subtotal: number, currency: BillingCurrency): number {
  if (!promotion) return 0;
  if (promotion.percentOff !== null) return Math.min(subtotal, Math.round((subtotal * promotion.percentOff) / 100));
  if (promotion.amountOff !== null && promotion.currency === currency) return Math.min(subtotal, promotion.amountOff);
  return 0;
}
