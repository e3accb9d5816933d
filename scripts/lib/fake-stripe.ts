import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A stand-in for Stripe, in memory, for development and tests: exactly the calls the product makes
 * (worker/integrations/stripe/client.ts), checked as Stripe checks them (the Bearer key, the
 * form-encoded body, a missing parameter answered 400 with Stripe's error shape), plus the hosted
 * card page of a setup Checkout Session (`/c/pay/{session}`) and signed webhook events on demand.
 *
 * Test cards, as Stripe's: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0341 is saved but every
 * charge on it fails (a subscription paid with it is declined). Any other number is refused on the
 * card page. A secret key that ends in `_closing`, `_silent` or `_garbage` makes the fake misbehave
 * (the connection closed at once, no answer ever, an HTML page) for the client's own tests.
 *
 * Control routes (not Stripe's): `POST /_fake/events` with JSON `{ type, subscription, deliver? }`
 * (types invoice.payment_failed, invoice.paid, customer.subscription.updated,
 * customer.subscription.deleted) changes the subscription as Stripe would, builds the event, signs
 * it and posts it to `webhookUrl` (unless `deliver: false`), and answers `{ event, payload,
 * signature }`; a renewal (invoice.paid) on a card whose charges fail becomes invoice.payment_failed.
 * `GET /_fake/state` answers the objects held.
 */

interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}
interface PaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  customer: string | null;
  card: Card;
  failsCharges: boolean;
}
interface Customer {
  id: string;
  object: "customer";
  name: string | null;
  email: string | null;
  address: Record<string, string> | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
}
interface SetupIntent {
  id: string;
  object: "setup_intent";
  status: "requires_payment_method" | "succeeded";
  customer: string | null;
  payment_method: string | null;
}
interface CheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "setup";
  status: "open" | "complete" | "expired";
  customer: string | null;
  currency: string;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  setup_intent: string;
  metadata: Record<string, string>;
}
interface SubscriptionItem {
  id: string;
  object: "subscription_item";
  quantity: number;
  price: { product: string; currency: string; unit_amount: number; recurring: { interval: string; interval_count: number } };
  current_period_start: number;
  current_period_end: number;
}
interface Subscription {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "past_due" | "canceled";
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  pause_collection: { behavior: string } | null;
  default_payment_method: string | null;
  discounts: string[];
  metadata: Record<string, string>;
  items: { object: "list"; data: SubscriptionItem[] };
}
interface Invoice {
  id: string;
  object: "invoice";
  number: string;
  customer: string;
  subscription: string | null;
  created: number;
  total: number;
  currency: string;
  status: "paid" | "open";
  hosted_invoice_url: string;
  invoice_pdf: string;
  period_start: number;
  period_end: number;
  lines: { object: "list"; data: { period: { start: number; end: number }; amount: number }[] };
}
interface PromotionCode {
  id: string;
  object: "promotion_code";
  code: string;
  active: boolean;
  coupon: { id: string; percent_off: number | null; amount_off: number | null; currency: string | null; valid: boolean };
}

export interface FakeStripeState {
  customers: Map<string, Customer>;
  paymentMethods: Map<string, PaymentMethod>;
  setupIntents: Map<string, SetupIntent>;
  sessions: Map<string, CheckoutSession>;
  products: Map<string, { id: string; object: "product"; name: string }>;
  subscriptions: Map<string, Subscription>;
  invoices: Invoice[];
  promotionCodes: Map<string, PromotionCode>;
  /** Every API call received, in order: method, path, and the Idempotency-Key. */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  events: { id: string; type: string }[];
}

export interface FakeStripe {
  url: string;
  state: FakeStripeState;
  close(): Promise<void>;
  /** Builds, signs and (with a webhook address) delivers an event, as `POST /_fake/events` does. */
  emit(type: string, subscriptionId: string, deliver?: boolean): Promise<{ event: unknown; payload: string; signature: string }>;
}

type Params = Record<string, unknown>;

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; decline_code?: string; param?: string; message: string },
  ) {
    super(body.message);
  }
}

const missing = (param: string) =>
  new ApiError(400, { type: "invalid_request_error", code: "parameter_missing", param, message: `Missing required param: ${param}.` });
const noSuch = (kind: string, id: string, param?: string) =>
  new ApiError(param ? 400 : 404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param,
    message: `No such ${kind}: '${id}'`,
  });
const invalid = (param: string, message: string) =>
  new ApiError(400, { type: "invalid_request_error", code: "parameter_invalid", param, message });

/** Reads a Stripe form body (`a[b][0][c]=v`, `expand[]=x`) into nested objects and arrays. */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const keys = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const last = i === keys.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(keys[i + 1]!);
      if (Array.isArray(node)) {
        const index = key === "" ? node.length : Number(key);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as Record<string, unknown> | unknown[];
      } else {
        if (last) node[key] = value;
        else node = (node[key] ??= nextIsIndex ? [] : {}) as Record<string, unknown> | unknown[];
      }
    }
  }
  return root;
}

const text = (params: Params, key: string): string | undefined => (typeof params[key] === "string" ? (params[key] as string) : undefined);
const required = (params: Params, key: string, prefix = ""): string => {
  const value = text(params, key);
  if (value === undefined || value === "") throw missing(prefix + key);
  return value;
};
const object = (value: unknown): Params => (value && typeof value === "object" && !Array.isArray(value) ? (value as Params) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value && typeof value === "object" ? Object.values(value) : []);

/** Adds months to a time in seconds, as Stripe's billing anchors do (the same day of the month). */
function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

/** Stripe's `Stripe-Signature` header of a payload: `t=<seconds>,v1=<HMAC-SHA256 of "t.payload">`. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export async function startFakeStripe(
  options: { port?: number; host?: string; webhookUrl?: string; webhookSecret?: string; publicUrl?: string } = {},
): Promise<FakeStripe> {
  const state: FakeStripeState = {
    customers: new Map(),
    paymentMethods: new Map(),
    setupIntents: new Map(),
    sessions: new Map(),
    products: new Map(),
    subscriptions: new Map(),
    invoices: [],
    promotionCodes: new Map(),
    requests: [],
    events: [],
  };
  const promotion = (code: string, coupon: Partial<PromotionCode["coupon"]>) =>
    state.promotionCodes.set(code.toUpperCase(), {
      id: `promo_${code.toLowerCase()}`,
      object: "promotion_code",
      code,
      active: true,
      coupon: { id: `co_${code.toLowerCase()}`, percent_off: null, amount_off: null, currency: null, valid: true, ...coupon },
    });
  promotion("WELCOME20", { percent_off: 20 });
  promotion("TENEUROS", { amount_off: 1000, currency: "eur" });
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  let sequence = 0;
  let invoiceNumber = 0;
  const newId = (prefix: string) => `${prefix}_${(++sequence).toString(36).padStart(4, "0")}${randomBytes(6).toString("hex")}`;
  const now = () => Math.floor(Date.now() / 1000);
  const sockets = new Set<Socket>();
  let baseUrl = "";

  const paymentMethodOf = (id: string | null | undefined) => (id ? state.paymentMethods.get(id) : undefined);

  function bill(subscription: Subscription, paid: boolean): Invoice {
    const discount = subscription.discounts[0]
      ? [...state.promotionCodes.values()].find((p) => p.id === subscription.discounts[0])
      : undefined;
    const subtotal = subscription.items.data.reduce((sum, item) => sum + item.price.unit_amount * item.quantity, 0);
    const off = discount?.coupon.percent_off
      ? Math.round((subtotal * discount.coupon.percent_off) / 100)
      : Math.min(subtotal, discount?.coupon.amount_off ?? 0);
    const invoice: Invoice = {
      id: newId("in"),
      object: "invoice",
      number: `FAKE-${String(++invoiceNumber).padStart(4, "0")}`,
      customer: subscription.customer,
      subscription: subscription.id,
      created: now(),
      total: subtotal - off,
      currency: subscription.items.data[0]?.price.currency ?? "usd",
      status: paid ? "paid" : "open",
      hosted_invoice_url: "",
      invoice_pdf: "",
      period_start: subscription.current_period_start,
      period_end: subscription.current_period_end,
      lines: {
        object: "list",
        data: subscription.items.data.map((item) => ({
          period: { start: subscription.current_period_start, end: subscription.current_period_end },
          amount: item.price.unit_amount * item.quantity,
        })),
      },
    };
    invoice.hosted_invoice_url = `${baseUrl}/i/${invoice.id}`;
    invoice.invoice_pdf = `${baseUrl}/i/${invoice.id}/pdf`;
    state.invoices.push(invoice);
    return invoice;
  }

  function items(raw: unknown, start: number, existing: SubscriptionItem[] = []): SubscriptionItem[] {
    let result = [...existing];
    list(raw).forEach((entry, i) => {
      const item = object(entry);
      const prefix = `items[${i}][`;
      if (typeof item.id === "string") {
        if (!result.some((it) => it.id === item.id)) throw noSuch("subscription item", item.id, `${prefix}id]`);
        if (item.deleted === "true") result = result.filter((it) => it.id !== item.id);
        else if (typeof item.quantity === "string")
          result = result.map((it) => (it.id === item.id ? { ...it, quantity: Number(item.quantity) } : it));
        return;
      }
      const priceData = object(item.price_data);
      if (!item.price_data) throw missing(`${prefix}price]`);
      const product = required(priceData, "product", `${prefix}price_data][`);
      if (!state.products.has(product)) throw noSuch("product", product, `${prefix}price_data][product]`);
      const currency = required(priceData, "currency", `${prefix}price_data][`);
      const amount = required(priceData, "unit_amount", `${prefix}price_data][`);
      if (!/^\d+$/.test(amount)) throw invalid(`${prefix}price_data][unit_amount]`, "Invalid integer");
      const recurring = object(priceData.recurring);
      const interval = required(recurring, "interval", `${prefix}price_data][recurring][`);
      if (!["day", "week", "month", "year"].includes(interval))
        throw invalid(`${prefix}price_data][recurring][interval]`, "Invalid interval");
      const count = Number(text(recurring, "interval_count") ?? "1");
      const quantity = Number(text(item, "quantity") ?? "1");
      if (!Number.isInteger(quantity) || quantity < 0) throw invalid(`${prefix}quantity]`, "Invalid integer");
      const months = (interval === "year" ? 12 : interval === "month" ? 1 : 0) * count;
      result.push({
        id: newId("si"),
        object: "subscription_item",
        quantity,
        price: { product, currency, unit_amount: Number(amount), recurring: { interval, interval_count: count } },
        current_period_start: start,
        current_period_end: addMonths(start, Math.max(1, months)),
      });
    });
    return result;
  }

  function syncPeriod(subscription: Subscription): void {
    const first = subscription.items.data[0];
    if (first) {
      subscription.current_period_start = first.current_period_start;
      subscription.current_period_end = first.current_period_end;
    }
  }

  const expandSession = (session: CheckoutSession, expand: string[]) => {
    if (!expand.includes("setup_intent") && !expand.includes("setup_intent.payment_method")) return session;
    const intent = state.setupIntents.get(session.setup_intent)!;
    const paymentMethod = expand.includes("setup_intent.payment_method")
      ? publicPaymentMethod(paymentMethodOf(intent.payment_method))
      : intent.payment_method;
    return { ...session, setup_intent: { ...intent, payment_method: paymentMethod ?? null } };
  };
  const publicPaymentMethod = (pm: PaymentMethod | undefined) => {
    if (!pm) return undefined;
    const { failsCharges: _failsCharges, ...rest } = pm;
    return rest;
  };

  /** The API: one handler per documented call. */
  function api(method: string, path: string, params: Params): { status?: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const customer: Customer = {
        id: newId("cus"),
        object: "customer",
        name: text(params, "name") ?? null,
        email: text(params, "email") ?? null,
        address: params.address ? (object(params.address) as Record<string, string>) : null,
        metadata: object(params.metadata) as Record<string, string>,
        invoice_settings: { default_payment_method: null },
      };
      state.customers.set(customer.id, customer);
      return { body: customer };
    }
    if (method === "POST" && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = state.customers.get(m[1]!);
      if (!customer) throw noSuch("customer", m[1]!);
      if (typeof params.name === "string") customer.name = params.name || null;
      if (typeof params.email === "string") customer.email = params.email || null;
      if (params.address !== undefined)
        customer.address = params.address === "" ? null : (object(params.address) as Record<string, string>);
      if (params.metadata) Object.assign(customer.metadata, object(params.metadata));
      const defaultPm = text(object(params.invoice_settings), "default_payment_method");
      if (defaultPm !== undefined) {
        const pm = paymentMethodOf(defaultPm);
        if (!pm) throw noSuch("PaymentMethod", defaultPm, "invoice_settings[default_payment_method]");
        if (pm.customer !== customer.id)
          throw invalid("invoice_settings[default_payment_method]", "The customer does not have a payment method with that ID.");
        customer.invoice_settings.default_payment_method = pm.id;
      }
      return { body: customer };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const mode = required(params, "mode");
      if (mode !== "setup") throw invalid("mode", "This fake makes setup sessions only.");
      const currency = text(params, "currency");
      if (!currency && !params.payment_method_types) throw missing("currency");
      const successUrl = required(params, "success_url");
      const customer = text(params, "customer");
      if (customer && !state.customers.has(customer)) throw noSuch("customer", customer, "customer");
      const intent: SetupIntent = {
        id: newId("seti"),
        object: "setup_intent",
        status: "requires_payment_method",
        customer: customer ?? null,
        payment_method: null,
      };
      state.setupIntents.set(intent.id, intent);
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const session: CheckoutSession = {
        id,
        object: "checkout.session",
        mode: "setup",
        status: "open",
        customer: customer ?? null,
        currency: currency ?? "usd",
        success_url: successUrl,
        cancel_url: text(params, "cancel_url") ?? null,
        url: `${options.publicUrl ?? baseUrl}/c/pay/${id}`,
        setup_intent: intent.id,
        metadata: object(params.metadata) as Record<string, string>,
      };
      state.sessions.set(id, session);
      return { body: session };
    }
    if (method === "GET" && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const session = state.sessions.get(m[1]!);
      if (!session) throw noSuch("checkout.session", m[1]!);
      return { body: expandSession(session, list(params.expand).map(String)) };
    }
    if (method === "POST" && path === "/v1/products") {
      const name = required(params, "name");
      const id = text(params, "id") ?? newId("prod");
      if (state.products.has(id))
        throw new ApiError(400, {
          type: "invalid_request_error",
          code: "resource_already_exists",
          param: "id",
          message: "Product already exists.",
        });
      const product = { id, object: "product" as const, name };
      state.products.set(id, product);
      return { body: product };
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      const customerId = required(params, "customer");
      const customer = state.customers.get(customerId);
      if (!customer) throw noSuch("customer", customerId, "customer");
      if (list(params.items).length === 0) throw missing("items");
      const pmId = text(params, "default_payment_method") ?? customer.invoice_settings.default_payment_method;
      const pm = paymentMethodOf(pmId);
      if (!pm)
        throw new ApiError(400, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: "This customer has no attached payment source or default payment method.",
        });
      if (pm.customer !== customer.id) throw invalid("default_payment_method", "The customer does not have a payment method with that ID.");
      const discounts = list(params.discounts).map((d) => text(object(d), "promotion_code"));
      for (const [i, promo] of discounts.entries())
        if (!promo || ![...state.promotionCodes.values()].some((p) => p.id === promo && p.active))
          throw noSuch("promotion code", promo ?? "", `discounts[${i}][promotion_code]`);
      const start = now();
      const subscriptionItems = items(params.items, start);
      if (pm.failsCharges)
        throw new ApiError(402, {
          type: "card_error",
          code: "card_declined",
          decline_code: "generic_decline",
          message: "Your card was declined.",
        });
      const subscription: Subscription = {
        id: newId("sub"),
        object: "subscription",
        customer: customer.id,
        status: "active",
        cancel_at_period_end: false,
        current_period_start: start,
        current_period_end: start,
        pause_collection: null,
        default_payment_method: pm.id,
        discounts: discounts.filter((d): d is string => !!d),
        metadata: object(params.metadata) as Record<string, string>,
        items: { object: "list", data: subscriptionItems },
      };
      syncPeriod(subscription);
      state.subscriptions.set(subscription.id, subscription);
      bill(subscription, true);
      return { body: subscription };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)) && (method === "GET" || method === "POST")) {
      const subscription = state.subscriptions.get(m[1]!);
      if (!subscription) throw noSuch("subscription", m[1]!);
      if (method === "GET") return { body: subscription };
      if (subscription.status === "canceled")
        throw new ApiError(400, { type: "invalid_request_error", message: "A canceled subscription can only update its metadata." });
      const cancel = text(params, "cancel_at_period_end");
      if (cancel !== undefined) {
        if (cancel !== "true" && cancel !== "false") throw invalid("cancel_at_period_end", "Invalid boolean");
        subscription.cancel_at_period_end = cancel === "true";
      }
      if (params.pause_collection !== undefined) {
        if (params.pause_collection === "") subscription.pause_collection = null;
        else {
          const behavior = required(object(params.pause_collection), "behavior", "pause_collection[");
          if (!["void", "keep_as_draft", "mark_uncollectible"].includes(behavior))
            throw invalid("pause_collection[behavior]", "Invalid behavior");
          subscription.pause_collection = { behavior };
        }
      }
      if (params.items !== undefined) {
        subscription.items.data = items(params.items, subscription.current_period_start, subscription.items.data);
        if (subscription.items.data.length === 0) throw invalid("items", "A subscription needs at least one item.");
      }
      const pmId = text(params, "default_payment_method");
      if (pmId !== undefined) {
        const pm = paymentMethodOf(pmId);
        if (!pm || pm.customer !== subscription.customer) throw noSuch("PaymentMethod", pmId, "default_payment_method");
        subscription.default_payment_method = pm.id;
      }
      if (params.metadata) Object.assign(subscription.metadata, object(params.metadata));
      return { body: subscription };
    }
    if (method === "GET" && path === "/v1/invoices") {
      const customer = text(params, "customer");
      const limit = Math.min(100, Math.max(1, Number(text(params, "limit") ?? "10")));
      const data = state.invoices.filter((invoice) => !customer || invoice.customer === customer).reverse();
      return { body: { object: "list", url: "/v1/invoices", has_more: data.length > limit, data: data.slice(0, limit) } };
    }
    if (method === "GET" && path === "/v1/promotion_codes") {
      const code = text(params, "code");
      const active = text(params, "active");
      const data = [...state.promotionCodes.values()].filter(
        (p) => (!code || p.code.toUpperCase() === code.toUpperCase()) && (active === undefined || String(p.active) === active),
      );
      return { body: { object: "list", url: "/v1/promotion_codes", has_more: false, data } };
    }
    throw new ApiError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
  }

  /** The hosted page of a setup session: a card form, its POST saves the card and goes back to success_url. */
  function cardPage(session: CheckoutSession, error?: string): string {
    const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Add a card - Stripe test mode</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<main><h1>Add a card</h1><p>Test mode: use 4242 4242 4242 4242, any future date, any CVC.</p>
${error ? `<p role="alert">${escape(error)}</p>` : ""}
<form method="post" action="/c/pay/${escape(session.id)}">
<label>Card number <input name="card_number" inputmode="numeric" autocomplete="cc-number" required></label>
<label>Expiry (MM/YY) <input name="expiry" placeholder="MM / YY" autocomplete="cc-exp" required></label>
<label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" required></label>
<label>Name on card <input name="name" autocomplete="cc-name" required></label>
<button type="submit">Save card</button>
</form>${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : ""}</main></body></html>`;
  }

  function submitCard(session: CheckoutSession, form: URLSearchParams): { error: string } | { redirect: string } {
    if (session.status !== "open") return { error: "This session is no longer open." };
    const number = (form.get("card_number") ?? "").replace(/[\s-]/g, "");
    const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.get("expiry") ?? "");
    const cvc = (form.get("cvc") ?? "").trim();
    if (!["4242424242424242", "4000000000000341"].includes(number)) return { error: "Your card number is invalid." };
    if (!expiry) return { error: "Your card's expiration date is incomplete." };
    const month = Number(expiry[1]);
    const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    const today = new Date();
    if (month < 1 || month > 12 || year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1))
      return { error: "Your card's expiration date is in the past." };
    if (!/^\d{3,4}$/.test(cvc)) return { error: "Your card's security code is incomplete." };
    const pm: PaymentMethod = {
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      customer: session.customer,
      card: { brand: "visa", last4: number.slice(-4), exp_month: month, exp_year: year },
      failsCharges: number === "4000000000000341",
    };
    state.paymentMethods.set(pm.id, pm);
    const intent = state.setupIntents.get(session.setup_intent)!;
    intent.status = "succeeded";
    intent.payment_method = pm.id;
    session.status = "complete";
    session.url = null;
    return { redirect: session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) };
  }

  /** What Stripe does for an event's cause, then the event itself, signed. */
  async function emit(type: string, subscriptionId: string, deliver = true) {
    const subscription = state.subscriptions.get(subscriptionId);
    if (!subscription) throw noSuch("subscription", subscriptionId);
    let object: unknown = subscription;
    // A renewal charged to a card whose charges fail (4000 0000 0000 0341) fails, whatever was asked.
    if (
      (type === "invoice.paid" || type === "invoice.payment_succeeded") &&
      paymentMethodOf(subscription.default_payment_method)?.failsCharges
    )
      type = "invoice.payment_failed";
    if (type === "invoice.payment_failed") {
      subscription.status = "past_due";
      object = bill(subscription, false);
    } else if (type === "invoice.paid" || type === "invoice.payment_succeeded") {
      // A renewal: the next period starts where the last one ended.
      const start = subscription.current_period_end;
      for (const item of subscription.items.data) {
        const months = (item.price.recurring.interval === "year" ? 12 : 1) * item.price.recurring.interval_count;
        item.current_period_start = start;
        item.current_period_end = addMonths(start, months);
      }
      syncPeriod(subscription);
      subscription.status = "active";
      object = bill(subscription, true);
    } else if (type === "customer.subscription.deleted") {
      subscription.status = "canceled";
    } else if (type !== "customer.subscription.updated") throw invalid("type", `This fake does not make ${type} events.`);
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: "2024-06-20",
      created: now(),
      livemode: false,
      type,
      data: { object: JSON.parse(JSON.stringify(object)) as unknown },
    };
    state.events.push({ id: event.id, type });
    const payload = JSON.stringify(event);
    const signature = signStripePayload(payload, options.webhookSecret ?? "");
    if (deliver && options.webhookUrl) {
      await fetch(options.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      }).catch((error: unknown) => console.error("fake Stripe: the webhook could not be delivered", error));
    }
    return { event, payload, signature };
  }

  const send = (res: ServerResponse, status: number, body: unknown, type = "application/json") => {
    res.writeHead(status, {
      "content-type": type,
      ...(type === "application/json" ? { "request-id": `req_${randomBytes(6).toString("hex")}` } : {}),
    });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? "/", "http://fake-stripe");
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString("utf8");
      const method = req.method ?? "GET";

      if (url.pathname === "/_fake/events" && method === "POST") {
        const { type, subscription, deliver } = JSON.parse(raw || "{}") as { type?: string; subscription?: string; deliver?: boolean };
        return send(res, 200, await emit(type ?? "", subscription ?? "", deliver ?? true));
      }
      if (url.pathname === "/_fake/state" && method === "GET") {
        const plain = Object.fromEntries(Object.entries(state).map(([k, v]) => [k, v instanceof Map ? [...v.values()] : v]));
        return send(res, 200, plain);
      }
      let m: RegExpExecArray | null;
      if ((m = /^\/c\/pay\/([^/]+)$/.exec(url.pathname))) {
        const session = state.sessions.get(m[1]!);
        if (!session) return send(res, 404, "<!doctype html><p>This page was not found.</p>", "text/html; charset=utf-8");
        if (method === "GET") return send(res, 200, cardPage(session), "text/html; charset=utf-8");
        if (method !== "POST") return send(res, 405, "", "text/plain");
        const result = submitCard(session, new URLSearchParams(raw));
        if ("error" in result) return send(res, 422, cardPage(session, result.error), "text/html; charset=utf-8");
        res.writeHead(303, { location: result.redirect });
        return res.end();
      }
      if ((m = /^\/i\/([^/]+?)(\/pdf)?$/.exec(url.pathname)) && method === "GET") {
        const invoice = state.invoices.find((i) => i.id === m![1]);
        if (!invoice) return send(res, 404, "not found", "text/plain");
        return send(
          res,
          200,
          `<!doctype html><p>Invoice ${invoice.number}: ${invoice.total} ${invoice.currency}</p>`,
          "text/html; charset=utf-8",
        );
      }
      if (!url.pathname.startsWith("/v1/")) return send(res, 404, "not found", "text/plain");

      const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
      if (!key || !/^sk_test_\w+$/.test(key))
        return send(res, 401, {
          error: { type: "invalid_request_error", message: "You did not provide an API key, or it is not a valid secret key." },
        });
      if (key.endsWith("_closing")) return req.socket.destroy();
      if (key.endsWith("_silent")) return;
      if (key.endsWith("_garbage")) return send(res, 200, "<html><body>502 Bad gateway</body></html>", "text/html");

      const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
      state.requests.push({ method, path: url.pathname, idempotencyKey });
      if (method === "POST" && !(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded") && raw)
        return send(res, 400, { error: { type: "invalid_request_error", message: "Bodies must be form-encoded." } });
      const params = method === "POST" ? parseStripeForm(raw) : parseStripeForm(url.search.slice(1));
      const fingerprint = `${method} ${url.pathname} ${raw}`;
      if (method === "POST" && idempotencyKey) {
        const previous = idempotent.get(idempotencyKey);
        if (previous) {
          if (previous.fingerprint !== fingerprint)
            return send(res, 400, {
              error: {
                type: "idempotency_error",
                message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
              },
            });
          res.setHeader("idempotent-replayed", "true");
          return send(res, previous.status, previous.body);
        }
      }
      let status = 200;
      let body: unknown;
      try {
        const answer = api(method, url.pathname, params);
        status = answer.status ?? 200;
        body = answer.body;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        status = error.status;
        body = { error: error.body };
      }
      // Stripe keeps the result of a call that ran, errors included, for the same key.
      if (method === "POST" && idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, status, body });
      return send(res, status, body);
    } catch (error) {
      if (error instanceof ApiError) return send(res, error.status, { error: error.body });
      console.error("fake Stripe:", error);
      return send(res, 500, { error: { type: "api_error", message: "The fake failed." } });
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  baseUrl = `http://${options.host ?? "127.0.0.1"}:${address.port}`;
  return {
    url: baseUrl,
    state,
    emit: async (type, subscription, deliver) => {
      const result = await emit(type, subscription, deliver);
      return result;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// Run alone: `npx tsx scripts/lib/fake-stripe.ts` (FAKE_STRIPE_PORT, default 12111; STRIPE_WEBHOOK_URL and
// STRIPE_WEBHOOK_SECRET to post signed events to the app). Point the app at it with STRIPE_API_URL and
// any STRIPE_SECRET_KEY of the form sk_test_….
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeStripe({
    port: Number(process.env.FAKE_STRIPE_PORT ?? 12111),
    webhookUrl: process.env.STRIPE_WEBHOOK_URL,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
  });
  console.log(`fake Stripe at ${fake.url}`);
}
