import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, type ControlDb } from "../../../db/client";
import type { StripeClient } from "../../integrations/stripe/client";
import { subscriptionEffect } from "./account";

const { companyBilling, stripeEvents } = controlSchema;

/** How old a signed event may be: Stripe's own libraries' default, against a replay of a captured request. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Checks a `Stripe-Signature` header (`t=<seconds>,v1=<hex>[,v1=<hex>…]`) as Stripe documents it:
 * an HMAC-SHA256, with the endpoint's secret, of `<t>.<raw body>`; any of the v1 signatures may
 * match (Stripe sends two while a secret is rolled), compared in constant time
 * (crypto.subtle.verify), and `t` within the tolerance of now.
 */
export async function verifyStripeSignature(
  rawBody: string,
  header: string | null | undefined,
  secret: string,
  nowSeconds: number,
): Promise<boolean> {
  if (!header || !secret) return false;
  let timestamp: number | null = null;
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  for (const part of header.split(",")) {
    const [name, ...rest] = part.trim().split("=");
    const value = rest.join("=");
    if (name === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === "v1") {
      const bytes = hexBytes(value);
      if (bytes?.length === 32) signatures.push(bytes);
    }
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const signed = encoder.encode(`${timestamp}.${rawBody}`);
  for (const signature of signatures) if (await crypto.subtle.verify("HMAC", key, signature, signed)) return true;
  return false;
}

/** The events acted on; any other type is acknowledged and left. */
export const HANDLED_EVENTS = [
  "invoice.payment_failed",
  "invoice.paid",
  "invoice.payment_succeeded",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const;

const Event = z.object({
  id: z.string().min(1).max(255),
  type: z.string(),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const idOf = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string"
      ? (value as { id: string }).id
      : null;

/** The subscription an event is about: the object itself, or an invoice's (where each API version puts it). */
function subscriptionOf(type: string, object: Record<string, unknown>): string | null {
  if (type.startsWith("customer.subscription.")) return idOf(object.id);
  const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(object.subscription) ?? idOf(parent?.subscription_details?.subscription);
}

export type WebhookOutcome = { status: 200; result: "ignored" | "replayed" | "applied" } | { status: 400 } | { status: 503 };

/**
 * One event posted by Stripe, its signature checked. The company is found by the event's customer
 * as stored here (a company id in the event's metadata must agree, never trusted alone), and only
 * for the subscription stored here. Its effect is not read from the event: the subscription is read
 * again from Stripe and the company set to what it says now, so events that come late or out of
 * order cannot undo a newer state. The event's id is written in the same batch as that effect, and
 * the effect applies only when the id was written: a replay changes nothing.
 */
export async function handleStripeWebhook(deps: {
  control: ControlDb;
  stripe: StripeClient | null;
  webhookSecret: string | undefined;
  rawBody: string;
  signature: string | null | undefined;
  now: number;
}): Promise<WebhookOutcome> {
  if (!deps.webhookSecret || !(await verifyStripeSignature(deps.rawBody, deps.signature, deps.webhookSecret, Math.floor(deps.now / 1000))))
    return { status: 400 };
  let event: z.infer<typeof Event>;
  try {
    event = Event.parse(JSON.parse(deps.rawBody));
  } catch {
    return { status: 400 };
  }
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return { status: 200, result: "ignored" };
  const object = event.data.object;
  const customer = idOf(object.customer);
  const subscriptionId = subscriptionOf(event.type, object);
  if (!customer || !subscriptionId) return { status: 200, result: "ignored" };
  const [row] = await deps.control.select().from(companyBilling).where(eq(companyBilling.stripeCustomerId, customer));
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const claimedCompany = typeof metadata.company_id === "string" ? metadata.company_id : null;
  if (!row || (claimedCompany !== null && claimedCompany !== row.companyId) || row.stripeSubscriptionId !== subscriptionId)
    return { status: 200, result: "ignored" };
  const [seen] = await deps.control.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return { status: 200, result: "replayed" };
  // Without Stripe to ask, the event is not taken: Stripe sends it again later.
  if (!deps.stripe) return { status: 503 };
  let subscription;
  try {
    subscription = await deps.stripe.retrieveSubscription(subscriptionId);
  } catch {
    return { status: 503 };
  }
  if (subscription.customer !== customer) return { status: 200, result: "ignored" };
  // The event is recorded only if it is new and the billing row is still as read before asking
  // Stripe (its updated_at unchanged): a verb or another event that wrote since may hold a newer
  // state than the one read here, so this delivery is not taken (503) and Stripe's next one reads
  // again. Each statement of the effect then applies only if the one before it changed its row
  // (`changes()`): the batch is one transaction, so the record and the effect go together or not at all.
  const now = Math.max(Date.now(), row.updatedAt + 1);
  const results = await deps.control.batch([
    deps.control.run(sql`insert into stripe_events (id, type, company_id, received_at)
      select ${event.id}, ${event.type}, company_id, ${now} from company_billing
      where company_id = ${row.companyId} and updated_at = ${row.updatedAt}
      on conflict (id) do nothing`),
    ...subscriptionEffect(deps.control, row.companyId, subscription, now, sql`changes() = 1`),
  ]);
  if (results[0].rowsAffected === 1) return { status: 200, result: "applied" };
  const [recorded] = await deps.control.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  return recorded ? { status: 200, result: "replayed" } : { status: 503 };
}
