import { Hono } from "hono";
import { z } from "zod";
import { accountInvoices, billingOverview, type AccountInvoice, type BillingOverview } from "../domain/billing/account";
import { BILLING_CURRENCIES, BILLING_PERIODS, PLANS } from "../domain/billing/plans";
import { requireActor, verbCtx } from "./auth";
import { errors, type ApiOperation } from "./operation";
import { shape, timestamp } from "./schemas/common";
import type { ApiEnv } from "./types";

// The company's own subscription to the product (platform spec §4 'Company account'): read with account_settings.
const ACCOUNT = { allOf: ["account_settings"] } as const;
const TAG = "Account";

const nullableTimestamp = timestamp.nullable();
const amount = z.int().meta({ description: "In the currency's minor unit (cents), before tax" });

const QuoteLine = z.object({
  kind: z.enum(["plan", "extra_users", "b2b_addon"]),
  quantity: z.int(),
  unit_amount: amount,
  amount,
});

export const AccountStatus = shape(
  {
    id: "AccountStatus",
    description: "Where the company's subscription stands, what it costs a cycle, its card (brand and last digits only)",
  },
  z.object({
    status: z.enum(["trial", "subscribed", "paused", "suspended", "cancelled", "trial_ended"]),
    trial_ends_at: nullableTimestamp,
    access_ends_at: nullableTimestamp.meta({ description: "A cancelled subscription: full access until then, read-only after" }),
    plan: z.enum(PLANS).nullable(),
    period: z.enum(BILLING_PERIODS).nullable(),
    currency: z.enum(BILLING_CURRENCIES).nullable(),
    b2b_addon: z.boolean(),
    active_users: z.int().meta({ description: "Active users of the company, B2B buyers aside" }),
    card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.int(), exp_year: z.int() }).nullable(),
    current_period_end: nullableTimestamp,
    cancel_at_period_end: z.boolean(),
    billing_information: z
      .object({
        name: z.string(),
        email: z.string(),
        address1: z.string(),
        address2: z.string().nullable(),
        city: z.string(),
        postal_code: z.string(),
        country: z.string(),
        vat_number: z.string().nullable(),
      })
      .nullable(),
    promo_code: z.string().nullable(),
    billing_configured: z.boolean().meta({ description: "Billing is available on this server" }),
    quote: z
      .object({
        plan: z.enum(PLANS),
        period: z.enum(BILLING_PERIODS),
        currency: z.enum(BILLING_CURRENCIES),
        lines: z.array(QuoteLine),
        subtotal: amount,
        discount: amount,
        total: amount,
      })
      .nullable(),
  }),
);

export const AccountInvoiceAnswer = shape(
  { id: "AccountInvoice", description: "An invoice of the company's subscription, as the billing provider issued it" },
  z.object({
    id: z.string(),
    number: z.string().nullable(),
    created_at: timestamp,
    total: amount,
    currency: z.string(),
    status: z.string().nullable(),
    hosted_invoice_url: z.string().nullable(),
    pdf_url: z.string().nullable(),
  }),
);

export const AccountInvoices = shape(
  { id: "AccountInvoices", description: "The invoices of the company's subscription, newest first" },
  z.object({ data: z.array(AccountInvoiceAnswer) }),
);

export const accountOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/account",
    tag: TAG,
    summary: "The company's subscription: status, plan, cycle, users, card and billing information",
    auth: true,
    permissions: ACCOUNT,
    result: AccountStatus,
    responses: { 200: "The account", ...errors },
  },
  {
    method: "get",
    path: "/account/invoices",
    tag: TAG,
    summary: "The invoices of the company's subscription, newest first (none before the first checkout)",
    auth: true,
    permissions: ACCOUNT,
    result: AccountInvoices,
    responses: { 200: "The invoices", ...errors },
  },
];

function accountAnswer(o: BillingOverview): z.output<typeof AccountStatus> {
  const info = o.billingInformation;
  return {
    status: o.status,
    trial_ends_at: o.trialEndsAt,
    access_ends_at: o.accessEndsAt,
    plan: o.plan,
    period: o.period,
    currency: o.currency,
    b2b_addon: o.b2bAddon,
    active_users: o.activeUsers,
    card: o.card && { brand: o.card.brand, last4: o.card.last4, exp_month: o.card.expMonth, exp_year: o.card.expYear },
    current_period_end: o.currentPeriodEnd,
    cancel_at_period_end: o.cancelAtPeriodEnd,
    billing_information: info && {
      name: info.name,
      email: info.email,
      address1: info.address1,
      address2: info.address2,
      city: info.city,
      postal_code: info.postalCode,
      country: info.country,
      vat_number: info.vatNumber,
    },
    promo_code: o.promoCode,
    billing_configured: o.configured,
    quote: o.quote && {
      ...o.quote,
      lines: o.quote.lines.map((line) => ({ kind: line.kind, quantity: line.quantity, unit_amount: line.unitAmount, amount: line.amount })),
    },
  };
}

const invoiceAnswer = (i: AccountInvoice): z.output<typeof AccountInvoiceAnswer> => ({
  id: i.id,
  number: i.number,
  created_at: i.created,
  total: i.total,
  currency: i.currency,
  status: i.status,
  hosted_invoice_url: i.hostedInvoiceUrl,
  pdf_url: i.pdfUrl,
});

/** /api/v1/account: the account's status and its invoices, for account_settings. */
export const account = new Hono<ApiEnv>()
  .get("/", requireActor(ACCOUNT), async (c) => c.json(accountAnswer(await billingOverview(await verbCtx(c)))))
  .get("/invoices", requireActor(ACCOUNT), async (c) => c.json({ data: (await accountInvoices(await verbCtx(c))).map(invoiceAnswer) }));
