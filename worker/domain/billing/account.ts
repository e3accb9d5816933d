import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { controlSchema, type ControlDb } from "../../../db/client";
import { periodEnd, StripeError, type StripeClient, type StripeSubscription } from "../../integrations/stripe/client";
import { effectiveStatus, type CompanyRef } from "../identity/actor";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseInput, strictInput, zCountry, zOptionalText } from "../shared/input";
import {
  BILLING_CURRENCIES,
  BILLING_PERIODS,
  CANCEL_REASONS,
  PLANS,
  quote,
  type BillingCurrency,
  type BillingPeriod,
  type Plan,
  type Promotion,
  type Quote,
  type QuoteLine,
} from "./plans";

const { companies, companyBilling, memberships } = controlSchema;

// The account's own subscription to the product (domain spec §2 'Account settings', §5): who may
// see it holds account_settings; only the company administrator changes the card (platform spec §6).
const ACCOUNT = { allOf: ["account_settings"] } as const;

export interface BillingCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface BillingInformation {
  name: string;
  email: string;
  address1: string;
  address2: string | null;
  city: string;
  postalCode: string;
  country: string;
  vatNumber: string | null;
}

export interface BillingOverview {
  status: CompanyRef["status"];
  trialEndsAt: number | null;
  accessEndsAt: number | null;
  plan: Plan | null;
  period: BillingPeriod | null;
  currency: BillingCurrency | null;
  b2bAddon: boolean;
  /** Active users of the company, B2B buyers aside: what a plan's users are counted on. */
  activeUsers: number;
  card: BillingCard | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  billingInformation: BillingInformation | null;
  promoCode: string | null;
  /** Billing goes through Stripe here; false where no secret key is set (the status is still shown). */
  configured: boolean;
  canUpdateCard: boolean;
  /** What the chosen plan costs a cycle today, with the promotion; null before a plan is chosen. */
  quote: Quote | null;
}

export interface AccountInvoice {
  id: string;
  number: string | null;
  /** Milliseconds. */
  created: number;
  total: number;
  currency: string;
  status: string | null;
  hostedInvoiceUrl: string | null;
  pdfUrl: string | null;
}

type BillingRow = typeof companyBilling.$inferSelect;

function stripeOf(ctx: Ctx): StripeClient {
  if (!ctx.stripe) throw new DomainError("billing_unavailable");
  return ctx.stripe;
}

/** The card is the company administrator's alone (platform spec §6); the others are told to ask them. */
function requireCardAdmin(ctx: Ctx): void {
  requirePermission(ctx, ACCOUNT);
  if (ctx.actor.kind !== "user" || !ctx.actor.isAdmin) throw new DomainError("card_admin_only");
}

async function companyRow(control: ControlDb, companyId: string) {
  const [row] = await control.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw new DomainError("not_found");
  return row;
}

async function billingRow(control: ControlDb, companyId: string): Promise<BillingRow | undefined> {
  const [row] = await control.select().from(companyBilling).where(eq(companyBilling.companyId, companyId));
  return row;
}

/** The company's billing row, made at its first use (the first checkout step). */
async function ensureBillingRow(ctx: Ctx): Promise<BillingRow> {
  const companyId = ctx.actor.company.id;
  await ctx.control.insert(companyBilling).values({ companyId, updatedAt: ctx.now() }).onConflictDoNothing();
  return (await billingRow(ctx.control, companyId))!;
}

/** A subscription id Stripe gave, as opposed to the claim a checkout in progress writes (see confirmOrder). */
function realSubscription(row: BillingRow | undefined): string | null {
  const id = row?.stripeSubscriptionId ?? null;
  return id && !id.startsWith(PENDING) ? id : null;
}

async function countActiveUsers(control: ControlDb, companyId: string): Promise<number> {
  const [row] = await control
    .select({ count: sql<number>`count(*)` })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.active, true), isNull(memberships.customerId)));
  return Number(row?.count ?? 0);
}

function informationOf(row: BillingRow | undefined): BillingInformation | null {
  if (!row?.billingName || !row.billingEmail || !row.billingAddress1 || !row.billingCity || !row.billingPostalCode || !row.billingCountry)
    return null;
  return {
    name: row.billingName,
    email: row.billingEmail,
    address1: row.billingAddress1,
    address2: row.billingAddress2,
    city: row.billingCity,
    postalCode: row.billingPostalCode,
    country: row.billingCountry,
    vatNumber: row.billingVatNumber,
  };
}

function cardOf(row: BillingRow | undefined): BillingCard | null {
  if (!row?.stripePaymentMethodId || !row.cardBrand || !row.cardLast4 || row.cardExpMonth === null || row.cardExpYear === null) return null;
  return { brand: row.cardBrand, last4: row.cardLast4, expMonth: row.cardExpMonth, expYear: row.cardExpYear };
}

function promotionOf(found: {
  code: string;
  coupon: { percent_off?: number | null; amount_off?: number | null; currency?: string | null };
}): Promotion {
  const currency = found.coupon.currency?.toLowerCase();
  return {
    code: found.code,
    percentOff: found.coupon.percent_off ?? null,
    amountOff: found.coupon.amount_off ?? null,
    currency: (BILLING_CURRENCIES as readonly string[]).includes(currency ?? "") ? (currency as BillingCurrency) : null,
  };
}

/** The stored promotion code's terms as Stripe gives them: shown when Stripe answers, the page stays up when it does not. */
async function storedPromotion(ctx: Ctx, row: BillingRow | undefined): Promise<Promotion | null> {
  if (!row?.promoCode || !ctx.stripe) return null;
  const found = await ctx.stripe.findPromotionCode(row.promoCode).catch(() => null);
  return found ? promotionOf(found) : null;
}

/** The account page: where the subscription stands, what it costs, the card and billing information. Never throws for want of Stripe. */
export async function billingOverview(ctx: Ctx): Promise<BillingOverview> {
  requirePermission(ctx, ACCOUNT);
  const companyId = ctx.actor.company.id;
  const [company, row, activeUsers] = await Promise.all([
    companyRow(ctx.control, companyId),
    billingRow(ctx.control, companyId),
    countActiveUsers(ctx.control, companyId),
  ]);
  const promotion = await storedPromotion(ctx, row);
  const plan = row?.plan ?? null;
  const period = row?.period ?? null;
  const currency = row?.currency ?? null;
  return {
    status: effectiveStatus(
      { ...company, trialEndsAt: company.trialEndsAt ?? null, accessEndsAt: company.accessEndsAt ?? null },
      ctx.now(),
    ),
    trialEndsAt: company.trialEndsAt ?? null,
    accessEndsAt: company.accessEndsAt ?? null,
    plan,
    period,
    currency,
    b2bAddon: row?.b2bAddon ?? false,
    activeUsers,
    card: cardOf(row),
    currentPeriodEnd: row?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    billingInformation: informationOf(row),
    promoCode: row?.promoCode ?? null,
    configured: ctx.stripe !== null,
    canUpdateCard: ctx.actor.kind === "user" && ctx.actor.isAdmin,
    quote: plan && period && currency ? quote({ plan, period, currency, activeUsers, b2bAddon: row?.b2bAddon ?? false, promotion }) : null,
  };
}

const QuoteInput = z.object({
  plan: z.enum(PLANS, { error: "invalid" }),
  period: z.enum(BILLING_PERIODS, { error: "invalid" }),
  currency: z.enum(BILLING_CURRENCIES, { error: "invalid" }),
  b2b_addon: z.boolean({ error: "invalid" }).default(false),
});

/**
 * What a plan would cost a cycle for this company today (its active users, the stored promotion
 * code as Stripe knows it): the checkout's confirmation step shows it before the order is confirmed.
 */
export async function previewQuote(ctx: Ctx, input: unknown): Promise<Quote> {
  requirePermission(ctx, ACCOUNT);
  const choice = parseInput(QuoteInput, input);
  const companyId = ctx.actor.company.id;
  const [row, activeUsers] = await Promise.all([billingRow(ctx.control, companyId), countActiveUsers(ctx.control, companyId)]);
  const promotion = await storedPromotion(ctx, row);
  return quote({ plan: choice.plan, period: choice.period, currency: choice.currency, activeUsers, b2bAddon: choice.b2b_addon, promotion });
}

/** The account's own invoices from Stripe, newest first; none before the first checkout or without Stripe. */
export async function accountInvoices(ctx: Ctx): Promise<AccountInvoice[]> {
  requirePermission(ctx, ACCOUNT);
  const row = await billingRow(ctx.control, ctx.actor.company.id);
  if (!ctx.stripe || !row?.stripeCustomerId) return [];
  const invoices = await ctx.stripe.listInvoices(row.stripeCustomerId, 24);
  return invoices.map((invoice) => ({
    id: invoice.id,
    number: invoice.number ?? null,
    created: invoice.created * 1000,
    total: invoice.total,
    currency: invoice.currency,
    status: invoice.status ?? null,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
  }));
}

const requiredText = (max: number) => z.string({ error: "required" }).trim().min(1, "required").max(max, "too_long");

const BillingInformationInput = strictInput({
  name: requiredText(200),
  email: z.string({ error: "required" }).trim().min(1, "required").max(254, "too_long").pipe(z.email("invalid_email")),
  address1: requiredText(200),
  address2: zOptionalText(200).optional(),
  city: requiredText(100),
  postal_code: requiredText(20),
  country: zCountry.refine((v) => v !== null, "required"),
  vat_number: zOptionalText(30).optional(),
});

/** A short digest of a request, for an Idempotency-Key that a retry of the same change repeats. */
async function digest(value: unknown): Promise<string> {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(value)));
  return [...new Uint8Array(bytes).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Checkout step 2: the billing information, on the company's Stripe customer (made at the first save). */
export async function saveBillingInformation(ctx: Ctx, input: unknown): Promise<void> {
  requirePermission(ctx, ACCOUNT);
  const data = parseInput(BillingInformationInput, input);
  const stripe = stripeOf(ctx);
  const companyId = ctx.actor.company.id;
  const row = await ensureBillingRow(ctx);
  const details = {
    name: data.name,
    email: data.email,
    address: { line1: data.address1, line2: data.address2 ?? "", city: data.city, postal_code: data.postal_code, country: data.country! },
    metadata: { company_id: companyId, vat_number: data.vat_number ?? "" },
  };
  let customerId = row.stripeCustomerId;
  if (!customerId) {
    // One customer per company: the key repeats for a retry of the same save.
    const made = await stripe.createCustomer(details, `customer-create:${companyId}:${await digest(details)}`);
    const claimed = await ctx.control
      .update(companyBilling)
      .set({ stripeCustomerId: made.id })
      .where(and(eq(companyBilling.companyId, companyId), isNull(companyBilling.stripeCustomerId)));
    // A save in parallel made its customer first: that one is the company's, and gets these details.
    customerId = claimed.rowsAffected === 1 ? made.id : ((await billingRow(ctx.control, companyId))?.stripeCustomerId ?? made.id);
    if (customerId !== made.id) await stripe.updateCustomer(customerId, details, `customer-update:${customerId}:${await digest(details)}`);
  } else await stripe.updateCustomer(customerId, details, `customer-update:${customerId}:${await digest(details)}`);
  await ctx.control
    .update(companyBilling)
    .set({
      billingName: data.name,
      billingEmail: data.email,
      billingAddress1: data.address1,
      billingAddress2: data.address2 ?? null,
      billingCity: data.city,
      billingPostalCode: data.postal_code,
      billingCountry: data.country,
      billingVatNumber: data.vat_number ?? null,
      updatedAt: ctx.now(),
    })
    .where(eq(companyBilling.companyId, companyId));
}

const PromoCode = z
  .string({ error: "invalid" })
  .trim()
  .min(1, "required")
  .max(100, "too_long")
  .regex(/^[A-Za-z0-9_-]+$/, "unknown_promo_code");

/** A promotion code (the promoCode cookie's, or typed at checkout), as Stripe knows it; null takes it off. */
export async function applyPromoCode(ctx: Ctx, code: string | null): Promise<Promotion | null> {
  requirePermission(ctx, ACCOUNT);
  const companyId = ctx.actor.company.id;
  if (code === null || (typeof code === "string" && code.trim() === "")) {
    await ensureBillingRow(ctx);
    await ctx.control.update(companyBilling).set({ promoCode: null, updatedAt: ctx.now() }).where(eq(companyBilling.companyId, companyId));
    return null;
  }
  const parsed = PromoCode.safeParse(code);
  if (!parsed.success) throw new DomainError("unknown_promo_code", {}, { promo_code: { code: "unknown_promo_code" } });
  const found = await stripeOf(ctx).findPromotionCode(parsed.data);
  if (!found) throw new DomainError("unknown_promo_code", {}, { promo_code: { code: "unknown_promo_code" } });
  await ensureBillingRow(ctx);
  await ctx.control
    .update(companyBilling)
    .set({ promoCode: found.code, updatedAt: ctx.now() })
    .where(eq(companyBilling.companyId, companyId));
  return promotionOf(found);
}

const ReturnUrl = z.url({ protocol: /^https?$/, error: "invalid_url" }).max(2000, "too_long");
const CardSetupInput = z.object({ successUrl: ReturnUrl, cancelUrl: ReturnUrl });

/**
 * Checkout step 3: a Stripe Checkout Session in setup mode, whose page takes the card; the card
 * never reaches this server. Stripe sends the browser back to `successUrl` with the session's id.
 */
export async function startCardSetup(ctx: Ctx, input: { successUrl: string; cancelUrl: string }): Promise<{ url: string }> {
  requireCardAdmin(ctx);
  const urls = parseInput(CardSetupInput, input);
  const stripe = stripeOf(ctx);
  const row = await billingRow(ctx.control, ctx.actor.company.id);
  if (!row?.stripeCustomerId || !informationOf(row)) throw new DomainError("billing_information_missing");
  let successUrl = urls.successUrl;
  if (!successUrl.includes("{CHECKOUT_SESSION_ID}")) {
    const url = new URL(successUrl);
    url.searchParams.set("session_id", "SESSION_ID_HERE");
    successUrl = url.toString().replace("SESSION_ID_HERE", "{CHECKOUT_SESSION_ID}");
  }
  const params = {
    customer: row.stripeCustomerId,
    currency: row.currency ?? "usd",
    successUrl,
    cancelUrl: urls.cancelUrl,
    companyId: ctx.actor.company.id,
  };
  // The same request from the same state of the row gets the same session back; a session already
  // completed (its page gone) is not offered again.
  const key = `checkout-setup:${row.companyId}:${row.updatedAt}:${await digest(params)}`;
  let session = await stripe.createSetupSession(params, key);
  if (!session.url) session = await stripe.createSetupSession(params, `${key}:${ctx.newId()}`);
  if (!session.url) throw new DomainError("billing_unavailable");
  return { url: session.url };
}

const SessionId = z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/);

/** Back from the card page: the session's card becomes the customer's (and the subscription's) default, and is shown by brand and last digits. */
export async function finishCardSetup(ctx: Ctx, sessionId: string): Promise<void> {
  requireCardAdmin(ctx);
  if (!SessionId.safeParse(sessionId).success) throw new DomainError("not_found");
  const stripe = stripeOf(ctx);
  const row = await billingRow(ctx.control, ctx.actor.company.id);
  if (!row?.stripeCustomerId) throw new DomainError("billing_information_missing");
  const session = await stripe.retrieveSetupSession(sessionId);
  // A session of another customer (another company's, or forged) is refused whatever it holds.
  if (session.mode !== "setup" || session.customer !== row.stripeCustomerId) throw new DomainError("forbidden");
  const intent = typeof session.setup_intent === "object" ? session.setup_intent : null;
  const method = intent && typeof intent.payment_method === "object" ? intent.payment_method : null;
  if (session.status !== "complete" || intent?.status !== "succeeded" || !method?.card) throw new DomainError("card_setup_not_completed");
  await stripe.updateCustomer(
    row.stripeCustomerId,
    { invoice_settings: { default_payment_method: method.id } },
    `default-card:${row.stripeCustomerId}:${method.id}`,
  );
  const subscription = realSubscription(row);
  // A renewal that failed is tried again on the new card.
  if (subscription)
    await stripe.updateSubscription(subscription, { default_payment_method: method.id }, `subscription-card:${subscription}:${method.id}`);
  await ctx.control
    .update(companyBilling)
    .set({
      stripePaymentMethodId: method.id,
      cardBrand: method.card.brand,
      cardLast4: method.card.last4,
      cardExpMonth: method.card.exp_month,
      cardExpYear: method.card.exp_year,
      updatedAt: ctx.now(),
    })
    .where(eq(companyBilling.companyId, row.companyId));
}

const ConfirmOrderInput = strictInput({
  plan: z.enum(PLANS, { error: "invalid" }),
  period: z.enum(BILLING_PERIODS, { error: "invalid" }),
  currency: z.enum(BILLING_CURRENCIES, { error: "invalid" }),
  b2b_addon: z.boolean({ error: "invalid" }).default(false),
  accept_card: z.boolean({ error: "invalid" }).default(false),
  accept_terms: z.boolean({ error: "invalid" }).default(false),
});

// A checkout creating the subscription writes `pending:<claimed at>:<Idempotency-Key>` where the
// subscription's id goes: a second one sees it and stops. A claim left by a call whose outcome is
// unknown is taken over after CLAIM_STALE_MS with the same key, so Stripe answers with the
// subscription it may have made rather than making a second.
const PENDING = "pending:";
const CLAIM_STALE_MS = 120_000;

/** Our product for each line of a quote: fixed ids, made once, priced at each subscription by price_data. */
const PRODUCTS: Record<QuoteLine["kind"], (plan: Plan) => { id: string; name: string }> = {
  plan: (plan) => ({ id: `comptoir_plan_${plan}`, name: `Comptoir ${plan} plan` }),
  extra_users: (plan) => ({ id: `comptoir_users_${plan}`, name: `Comptoir ${plan} plan: additional user` }),
  b2b_addon: () => ({ id: "comptoir_b2b_store", name: "Comptoir B2B store add-on" }),
};

function subscriptionItems(q: Quote) {
  return q.lines.map((line) => ({
    product: PRODUCTS[line.kind](q.plan).id,
    currency: q.currency,
    unitAmount: line.unitAmount,
    interval: q.period === "yearly" ? ("year" as const) : ("month" as const),
    quantity: line.quantity,
  }));
}

/** Checkout's last step: subscribes the company (or changes its plan) on the saved card, at the quote's prices. */
export async function confirmOrder(ctx: Ctx, input: unknown): Promise<void> {
  requirePermission(ctx, ACCOUNT);
  const order = parseInput(ConfirmOrderInput, input);
  if (!order.accept_card || !order.accept_terms) {
    const fields: Record<string, { code: "card_and_terms_not_confirmed" }> = {};
    if (!order.accept_card) fields.accept_card = { code: "card_and_terms_not_confirmed" };
    if (!order.accept_terms) fields.accept_terms = { code: "card_and_terms_not_confirmed" };
    throw new DomainError("card_and_terms_not_confirmed", {}, fields);
  }
  const companyId = ctx.actor.company.id;
  const row = await billingRow(ctx.control, companyId);
  if (!row?.stripeCustomerId || !informationOf(row)) throw new DomainError("billing_information_missing");
  if (!row.stripePaymentMethodId) throw new DomainError("no_credit_card");
  const stripe = stripeOf(ctx);
  const activeUsers = await countActiveUsers(ctx.control, companyId);
  const q = quote({ plan: order.plan, period: order.period, currency: order.currency, activeUsers, b2bAddon: order.b2b_addon });
  const chosen = { plan: order.plan, period: order.period, currency: order.currency, b2bAddon: order.b2b_addon };

  const current = realSubscription(row);
  if (current) {
    const subscription = await stripe.retrieveSubscription(current);
    if (subscription.status !== "canceled") {
      await changePlan(ctx, stripe, row, subscription, q, chosen);
      return;
    }
  }
  await subscribe(ctx, stripe, row, q, chosen);
}

type Chosen = Pick<BillingRow, "plan" | "period" | "currency" | "b2bAddon">;

async function changePlan(ctx: Ctx, stripe: StripeClient, row: BillingRow, subscription: StripeSubscription, q: Quote, chosen: Chosen) {
  for (const line of q.lines) {
    const product = PRODUCTS[line.kind](q.plan);
    await stripe.ensureProduct(product.id, product.name);
  }
  // The old items go and the quote's come, in one update: Stripe prorates the change.
  const items = [
    ...subscription.items.data.map((item) => ({ id: item.id, deleted: true })),
    ...subscriptionItems(q).map((item) => ({
      price_data: {
        product: item.product,
        currency: item.currency,
        unit_amount: item.unitAmount,
        recurring: { interval: item.interval, interval_count: 1 },
      },
      quantity: item.quantity,
    })),
  ];
  const params = { items, cancel_at_period_end: false, pause_collection: "" };
  const updated = await stripe.updateSubscription(
    subscription.id,
    params,
    `plan-change:${subscription.id}:${row.updatedAt}:${await digest(params)}`,
  );
  await ctx.control.batch([
    ctx.control
      .update(companyBilling)
      .set({ ...chosen, cancelReason: null, cancelComment: null, updatedAt: ctx.now() })
      .where(eq(companyBilling.companyId, row.companyId)),
    ...subscriptionEffect(ctx.control, row.companyId, updated, ctx.now()),
  ]);
}

async function subscribe(ctx: Ctx, stripe: StripeClient, row: BillingRow, q: Quote, chosen: Chosen) {
  const now = ctx.now();
  const claimedBefore = row.stripeSubscriptionId;
  let key: string;
  if (claimedBefore?.startsWith(PENDING)) {
    const [, at, ...rest] = claimedBefore.split(":");
    if (now - Number(at) < CLAIM_STALE_MS) throw new DomainError("conflict");
    key = rest.join(":");
  } else key = `subscription-create:${row.companyId}:${ctx.newId()}`;
  const marker = `${PENDING}${now}:${key}`;
  const claimed = await ctx.control
    .update(companyBilling)
    .set({ stripeSubscriptionId: marker })
    .where(
      and(
        eq(companyBilling.companyId, row.companyId),
        claimedBefore === null ? isNull(companyBilling.stripeSubscriptionId) : eq(companyBilling.stripeSubscriptionId, claimedBefore),
      ),
    );
  // Another checkout of this company got there first: one subscription only.
  if (claimed.rowsAffected !== 1) throw new DomainError("conflict");
  const release = (to: string | null) =>
    ctx.control
      .update(companyBilling)
      .set({ stripeSubscriptionId: to })
      .where(and(eq(companyBilling.companyId, row.companyId), eq(companyBilling.stripeSubscriptionId, marker)));
  let subscription: StripeSubscription;
  try {
    for (const line of q.lines) {
      const product = PRODUCTS[line.kind](q.plan);
      await stripe.ensureProduct(product.id, product.name);
    }
    const promotion = row.promoCode ? await stripe.findPromotionCode(row.promoCode) : null;
    if (row.promoCode && !promotion) throw new DomainError("unknown_promo_code", {}, { promo_code: { code: "unknown_promo_code" } });
    subscription = await stripe.createSubscription(
      {
        customer: row.stripeCustomerId!,
        paymentMethod: row.stripePaymentMethodId!,
        companyId: row.companyId,
        promotionCode: promotion?.id ?? null,
        items: subscriptionItems(q),
      },
      key,
    );
  } catch (error) {
    // Stripe said no (a card refused, a parameter): nothing was made, the next try starts afresh.
    // No answer at all: it may have made it; the next try at once repeats the same key.
    const unknown = error instanceof StripeError && (error.httpStatus === 0 || error.httpStatus >= 500 || error.httpStatus === 409);
    await release(unknown ? `${PENDING}0:${key}` : null);
    throw error;
  }
  await ctx.control.batch([
    ctx.control
      .update(companyBilling)
      .set({ ...chosen, stripeSubscriptionId: subscription.id, cancelReason: null, cancelComment: null, updatedAt: ctx.now() })
      .where(eq(companyBilling.companyId, row.companyId)),
    ...subscriptionEffect(ctx.control, row.companyId, subscription, ctx.now()),
  ]);
}

/**
 * The company's state as its Stripe subscription says (platform spec §4): ended → cancelled and
 * read-only from now; a payment failed → suspended; cancelling at the period's end → cancelled with
 * access until then; collection paused → paused; else subscribed. Verbs and webhooks both write
 * it from the subscription Stripe answered, so they agree whatever order they come in.
 */
export function subscriptionEffect(control: ControlDb, companyId: string, subscription: StripeSubscription, now: number, onlyIf?: SQL) {
  const end = periodEnd(subscription);
  const endMs = end === null ? null : end * 1000;
  let status: CompanyRef["status"];
  let accessEndsAt: number | null = null;
  if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
    status = "cancelled";
    accessEndsAt = now;
  } else if (["past_due", "unpaid", "incomplete"].includes(subscription.status)) status = "suspended";
  else if (subscription.cancel_at_period_end) {
    status = "cancelled";
    accessEndsAt = endMs ?? now;
  } else if (subscription.pause_collection) status = "paused";
  else status = "subscribed";
  return [
    control
      .update(companyBilling)
      .set({ currentPeriodEnd: endMs, cancelAtPeriodEnd: subscription.cancel_at_period_end, updatedAt: now })
      .where(and(eq(companyBilling.companyId, companyId), onlyIf)),
    control
      .update(companies)
      .set({ status, accessEndsAt })
      .where(and(eq(companies.id, companyId), onlyIf)),
  ] as const satisfies readonly BatchItem<"sqlite">[];
}

/** The company's live subscription, or `no_active_subscription` (never subscribed, or ended: checkout again). */
async function liveSubscription(ctx: Ctx, stripe: StripeClient) {
  const row = await billingRow(ctx.control, ctx.actor.company.id);
  const id = realSubscription(row);
  if (!row || !id) throw new DomainError("no_active_subscription");
  const subscription = await stripe.retrieveSubscription(id);
  if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
    await ctx.control.batch([...subscriptionEffect(ctx.control, row.companyId, subscription, ctx.now())]);
    throw new DomainError("no_active_subscription");
  }
  return { row, subscription };
}

async function updateAndApply(
  ctx: Ctx,
  stripe: StripeClient,
  row: BillingRow,
  id: string,
  action: string,
  params: Parameters<StripeClient["updateSubscription"]>[1],
  extra?: Partial<BillingRow>,
) {
  const updated = await stripe.updateSubscription(id, params, `${action}:${id}:${row.updatedAt}`);
  const effects = subscriptionEffect(ctx.control, row.companyId, updated, ctx.now());
  if (extra)
    await ctx.control.batch([...effects, ctx.control.update(companyBilling).set(extra).where(eq(companyBilling.companyId, row.companyId))]);
  else await ctx.control.batch([...effects]);
}

const CancelInput = strictInput({
  reason: z.enum(CANCEL_REASONS, { error: "required" }),
  comment: zOptionalText(2000).optional(),
});

/** Cancels at the end of the period paid for: full access until then, read-only after, data kept. */
export async function cancelSubscription(ctx: Ctx, input: unknown): Promise<void> {
  requirePermission(ctx, ACCOUNT);
  const data = parseInput(CancelInput, input);
  const stripe = stripeOf(ctx);
  const { row, subscription } = await liveSubscription(ctx, stripe);
  await updateAndApply(
    ctx,
    stripe,
    row,
    subscription.id,
    "cancel",
    { cancel_at_period_end: true },
    {
      cancelReason: data.reason,
      cancelComment: data.comment ?? null,
    },
  );
}

/** Pauses collection (nothing is billed, invoices voided): the company is read-only until reactivated. */
export async function pauseSubscription(ctx: Ctx): Promise<void> {
  requirePermission(ctx, ACCOUNT);
  const stripe = stripeOf(ctx);
  const { row, subscription } = await liveSubscription(ctx, stripe);
  if (subscription.pause_collection) return;
  await updateAndApply(ctx, stripe, row, subscription.id, "pause", { pause_collection: { behavior: "void" } });
}

/** From paused (resumes collection) or cancelled before the period's end (keeps renewing): subscribed again. After the end: `no_active_subscription`. */
export async function reactivateSubscription(ctx: Ctx): Promise<void> {
  requirePermission(ctx, ACCOUNT);
  const stripe = stripeOf(ctx);
  const company = await companyRow(ctx.control, ctx.actor.company.id);
  if (company.status === "cancelled" && company.accessEndsAt !== null && company.accessEndsAt <= ctx.now())
    throw new DomainError("no_active_subscription");
  const { row, subscription } = await liveSubscription(ctx, stripe);
  if (!subscription.pause_collection && !subscription.cancel_at_period_end) {
    await ctx.control.batch([...subscriptionEffect(ctx.control, row.companyId, subscription, ctx.now())]);
    return;
  }
  await updateAndApply(
    ctx,
    stripe,
    row,
    subscription.id,
    "reactivate",
    { pause_collection: "", cancel_at_period_end: false },
    {
      cancelReason: null,
      cancelComment: null,
    },
  );
}
