import { z } from "zod";
import { DomainError } from "../../domain/shared/domain-error";

/** How long one call may take: a Stripe that hangs fails the verb after this, with nothing changed on our side. */
export const STRIPE_DEADLINE_MS = 10_000;

/**
 * The API version the calls are written against, sent with each: the objects' shapes (a
 * subscription's `current_period_end`, a promotion code's `coupon`) do not move when the account's
 * default version does. Webhook events come in the account's version, so what they are read for
 * (ids) is read in both shapes.
 */
export const STRIPE_API_VERSION = "2024-06-20";

/**
 * A Stripe answer that is an error (`{ error: { type, code, ... } }`), as a domain error: a card
 * refused is `card_declined`, anything else `billing_unavailable`. Stripe's own code is kept for the
 * few callers that treat one as success (a product that already exists).
 */
export class StripeError extends DomainError {
  readonly stripeCode: string | null;
  readonly httpStatus: number;

  constructor(code: "card_declined" | "billing_unavailable", stripeCode: string | null, httpStatus: number) {
    super(code);
    this.stripeCode = stripeCode;
    this.httpStatus = httpStatus;
  }
}

const StripeErrorBody = z.object({
  error: z.object({ type: z.string(), code: z.string().optional(), decline_code: z.string().optional(), param: z.string().optional() }),
});

const Customer = z.object({ id: z.string() });
export type StripeCustomer = z.infer<typeof Customer>;

const PaymentMethod = z.object({
  id: z.string(),
  customer: z.string().nullable().optional(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }).nullable().optional(),
});
export type StripePaymentMethod = z.infer<typeof PaymentMethod>;

const CheckoutSession = z.object({
  id: z.string(),
  url: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  customer: z.string().nullable().optional(),
  mode: z.string(),
  setup_intent: z
    .union([z.string(), z.object({ id: z.string(), status: z.string(), payment_method: z.union([z.string(), PaymentMethod]).nullable() })])
    .nullable()
    .optional(),
});
export type StripeCheckoutSession = z.infer<typeof CheckoutSession>;

const SubscriptionItem = z.object({ id: z.string(), current_period_end: z.number().int().optional() });

const Subscription = z.object({
  id: z.string(),
  customer: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  // The period's end is on the subscription up to API version 2025-03-31, then on each item.
  current_period_end: z.number().int().optional(),
  pause_collection: z.object({ behavior: z.string() }).nullable().optional(),
  items: z.object({ data: z.array(SubscriptionItem) }),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type StripeSubscription = z.infer<typeof Subscription>;

/** The end of the period paid for, in seconds, wherever the API version puts it. */
export function periodEnd(subscription: StripeSubscription): number | null {
  if (subscription.current_period_end !== undefined) return subscription.current_period_end;
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end): end is number => end !== undefined);
  return ends.length ? Math.max(...ends) : null;
}

const Invoice = z.object({
  id: z.string(),
  number: z.string().nullable().optional(),
  created: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  status: z.string().nullable().optional(),
  hosted_invoice_url: z.string().nullable().optional(),
  invoice_pdf: z.string().nullable().optional(),
});
export type StripeInvoice = z.infer<typeof Invoice>;

const Coupon = z.object({
  percent_off: z.number().nullable().optional(),
  amount_off: z.number().int().nullable().optional(),
  currency: z.string().nullable().optional(),
  valid: z.boolean().optional(),
});

const PromotionCode = z.object({ id: z.string(), code: z.string(), active: z.boolean(), coupon: Coupon });
export type StripePromotionCode = z.infer<typeof PromotionCode>;

const List = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** A form value: Stripe's bodies nest objects and arrays as `a[b][0][c]=…`; an empty string unsets. */
export type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/** Encodes a body the way Stripe reads it: nested keys in brackets, arrays by index, null and undefined left out. */
export function formEncode(params: Record<string, FormValue>): string {
  const pairs: string[] = [];
  const add = (key: string, value: FormValue): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((item, i) => add(`${key}[${i}]`, item));
    else if (typeof value === "object") for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join("&");
}

export interface StripeSettings {
  secretKey: string;
  apiUrl: string;
  deadlineMs?: number;
}

export interface NewSubscription {
  customer: string;
  paymentMethod: string;
  companyId: string;
  promotionCode: string | null;
  items: { product: string; currency: string; unitAmount: number; interval: "month" | "year"; quantity: number }[];
}

/** The calls the product makes to Stripe, each one of its documented API. */
export interface StripeClient {
  createCustomer(params: Record<string, FormValue>, idempotencyKey: string): Promise<StripeCustomer>;
  updateCustomer(id: string, params: Record<string, FormValue>, idempotencyKey: string): Promise<StripeCustomer>;
  createSetupSession(
    params: { customer: string; currency: string; successUrl: string; cancelUrl: string; companyId: string },
    idempotencyKey: string,
  ): Promise<StripeCheckoutSession>;
  retrieveSetupSession(id: string): Promise<StripeCheckoutSession>;
  /** Makes the product once: its id is fixed, so a second call finds it made already (fine). */
  ensureProduct(id: string, name: string): Promise<void>;
  createSubscription(params: NewSubscription, idempotencyKey: string): Promise<StripeSubscription>;
  updateSubscription(id: string, params: Record<string, FormValue>, idempotencyKey: string): Promise<StripeSubscription>;
  retrieveSubscription(id: string): Promise<StripeSubscription>;
  listInvoices(customer: string, limit: number): Promise<StripeInvoice[]>;
  findPromotionCode(code: string): Promise<StripePromotionCode | null>;
}

/**
 * Stripe's REST API over fetch: `Authorization: Bearer` with the secret key, form-encoded bodies, an
 * Idempotency-Key on every POST (the caller derives it from what it does, so that a retry repeats
 * nothing), a deadline, and only the answer's fields we use, parsed. Whatever goes wrong (the
 * connection closed, no answer in time, an answer that is not Stripe's JSON) is `billing_unavailable`;
 * the key is never in an error or a log.
 */
export function stripeClient(settings: StripeSettings): StripeClient {
  const deadlineMs = settings.deadlineMs ?? STRIPE_DEADLINE_MS;

  async function call<T extends z.ZodType>(
    schema: T,
    method: "GET" | "POST",
    path: string,
    options: { body?: Record<string, FormValue>; query?: Record<string, FormValue>; idempotencyKey?: string } = {},
  ): Promise<z.output<T>> {
    const url = new URL(path, settings.apiUrl);
    if (options.query) url.search = formEncode(options.query);
    const headers: Record<string, string> = {
      authorization: `Bearer ${settings.secretKey}`,
      "stripe-version": STRIPE_API_VERSION,
      accept: "application/json",
    };
    let body: string | undefined;
    if (method === "POST") {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers["idempotency-key"] = options.idempotencyKey ?? "";
      body = formEncode(options.body ?? {});
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(deadlineMs) });
      text = await response.text();
    } catch (error) {
      console.error(`Stripe ${method} ${path}: no answer (${error instanceof Error ? error.name : "error"})`);
      throw new StripeError("billing_unavailable", null, 0);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      console.error(`Stripe ${method} ${path}: answered ${response.status} with something that is not JSON`);
      throw new StripeError("billing_unavailable", null, response.status);
    }
    if (!response.ok) {
      const parsed = StripeErrorBody.safeParse(json);
      const error = parsed.success ? parsed.data.error : null;
      console.error(`Stripe ${method} ${path}: ${response.status} ${error?.type ?? "?"} ${error?.code ?? ""}`);
      const declined = error?.type === "card_error" || error?.code === "card_declined";
      throw new StripeError(declined ? "card_declined" : "billing_unavailable", error?.code ?? null, response.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      console.error(`Stripe ${method} ${path}: an answer of an unexpected shape`);
      throw new StripeError("billing_unavailable", null, response.status);
    }
    return parsed.data;
  }

  const post = <T extends z.ZodType>(schema: T, path: string, body: Record<string, FormValue>, idempotencyKey: string) =>
    call(schema, "POST", path, { body, idempotencyKey });

  return {
    createCustomer: (params, key) => post(Customer, "/v1/customers", params, key),
    updateCustomer: (id, params, key) => post(Customer, `/v1/customers/${encodeURIComponent(id)}`, params, key),
    createSetupSession: (p, key) =>
      post(
        CheckoutSession,
        "/v1/checkout/sessions",
        {
          mode: "setup",
          customer: p.customer,
          currency: p.currency,
          success_url: p.successUrl,
          cancel_url: p.cancelUrl,
          metadata: { company_id: p.companyId },
        },
        key,
      ),
    retrieveSetupSession: (id) =>
      call(CheckoutSession, "GET", `/v1/checkout/sessions/${encodeURIComponent(id)}`, {
        query: { expand: ["setup_intent.payment_method"] },
      }),
    async ensureProduct(id, name) {
      try {
        await post(z.object({ id: z.string() }), "/v1/products", { id, name }, `product:${id}`);
      } catch (error) {
        if (error instanceof StripeError && error.stripeCode === "resource_already_exists") return;
        throw error;
      }
    },
    createSubscription: (p, key) =>
      post(
        Subscription,
        "/v1/subscriptions",
        {
          customer: p.customer,
          default_payment_method: p.paymentMethod,
          payment_behavior: "error_if_incomplete",
          metadata: { company_id: p.companyId },
          discounts: p.promotionCode ? [{ promotion_code: p.promotionCode }] : undefined,
          items: p.items.map((item) => ({
            price_data: {
              product: item.product,
              currency: item.currency,
              unit_amount: item.unitAmount,
              recurring: { interval: item.interval, interval_count: 1 },
            },
            quantity: item.quantity,
          })),
        },
        key,
      ),
    updateSubscription: (id, params, key) => post(Subscription, `/v1/subscriptions/${encodeURIComponent(id)}`, params, key),
    retrieveSubscription: (id) => call(Subscription, "GET", `/v1/subscriptions/${encodeURIComponent(id)}`),
    async listInvoices(customer, limit) {
      return (await call(List(Invoice), "GET", "/v1/invoices", { query: { customer, limit } })).data;
    },
    async findPromotionCode(code) {
      const list = await call(List(PromotionCode), "GET", "/v1/promotion_codes", { query: { code, active: true, limit: 1 } });
      return list.data.find((promotion) => promotion.code.toLowerCase() === code.toLowerCase() && promotion.active) ?? null;
    },
  };
}

/** The client the settings name, or null when billing is not configured here (no secret key). */
export function stripeFromSettings(settings: { STRIPE_SECRET_KEY?: string; STRIPE_API_URL: string }): StripeClient | null {
  return settings.STRIPE_SECRET_KEY ? stripeClient({ secretKey: settings.STRIPE_SECRET_KEY, apiUrl: settings.STRIPE_API_URL }) : null;
}
