import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import { billingOverview, cancelSubscription, confirmOrder } from "../../worker/domain/billing/account";
import { handleStripeWebhook, verifyStripeSignature } from "../../worker/domain/billing/stripe-webhook";
import { stripeClient } from "../../worker/integrations/stripe/client";
import { control, ctxOf, makeCompany } from "../support/factories";
import { fetchApp } from "../support/fetch-app";
import { fakeStripeEvent, fakeStripeState, stripeUrl, withCard } from "../support/fake-stripe";

const SECRET = (env as unknown as { STRIPE_WEBHOOK_SECRET: string }).STRIPE_WEBHOOK_SECRET;

async function sign(payload: string, secret = SECRET, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${payload}`)));
  return `t=${timestamp},v1=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function post(payload: string, signature?: string) {
  return fetchApp("/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body: payload,
  });
}

async function companyRow(companyId: string) {
  return (await control.query.companies.findFirst({ where: eq(controlSchema.companies.id, companyId) }))!;
}

async function setStatus(companyId: string, status: "subscribed" | "suspended") {
  await control.update(controlSchema.companies).set({ status }).where(eq(controlSchema.companies.id, companyId));
}

let company: Awaited<ReturnType<typeof makeCompany>>;
let subscription: string;
let customer: string;

beforeEach(async () => {
  company = await makeCompany();
  const ctx = await ctxOf(company);
  await withCard(ctx);
  await confirmOrder(ctx, {
    plan: "standard",
    period: "monthly",
    currency: "usd",
    b2b_addon: false,
    accept_card: true,
    accept_terms: true,
  });
  const row = (await control.query.companyBilling.findFirst({ where: eq(controlSchema.companyBilling.companyId, company.companyId) }))!;
  subscription = row.stripeSubscriptionId!;
  customer = row.stripeCustomerId!;
  expect((await companyRow(company.companyId)).status).toBe("subscribed");
});

describe("POST /webhooks/stripe refuses what Stripe did not sign", () => {
  it("answers 400 and changes nothing for an event unsigned, signed with another secret, too old, or not JSON", async () => {
    const { payload, signature } = await fakeStripeEvent("invoice.payment_failed", subscription);
    expect((await post(payload)).status).toBe(400);
    expect((await post(payload, await sign(payload, "whsec_someone_else"))).status).toBe(400);
    expect((await post(payload, await sign(payload, SECRET, Math.floor(Date.now() / 1000) - 301))).status).toBe(400);
    expect((await post(payload, "t=garbage,v1=zz")).status).toBe(400);
    // The right signature of another body.
    expect((await post(payload.replace("invoice.payment_failed", "invoice.paid"), signature)).status).toBe(400);
    const notJson = "{not json";
    expect((await post(notJson, await sign(notJson))).status).toBe(400);
    expect((await companyRow(company.companyId)).status).toBe("subscribed");
    const [seen] = await control
      .select()
      .from(controlSchema.stripeEvents)
      .where(eq(controlSchema.stripeEvents.companyId, company.companyId));
    expect(seen).toBeUndefined();
  });

  it("accepts any of several v1 signatures, and acknowledges a type it does not handle", async () => {
    const payload = JSON.stringify({ id: "evt_other_type", type: "customer.created", created: 1, data: { object: { id: customer } } });
    const good = await sign(payload);
    const t = /t=(\d+)/.exec(good)![1];
    const rolled = `t=${t},v1=${"0".repeat(64)},${good.split(",")[1]}`;
    const response = await post(payload, rolled);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, result: "ignored" });
  });

  it("checks a signature against the secret and within the tolerance", async () => {
    const now = Math.floor(Date.now() / 1000);
    const signature = await sign("body", "s", now);
    expect(await verifyStripeSignature("body", signature, "s", now + 300)).toBe(true);
    expect(await verifyStripeSignature("body", signature, "s", now + 301)).toBe(false);
    expect(await verifyStripeSignature("body", signature, "", now)).toBe(false);
    expect(await verifyStripeSignature("body", null, "s", now)).toBe(false);
  });
});

describe("events change the account once, and never back to an older state", () => {
  it("suspends on a failed payment and restores on a paid one, the period moved on", async () => {
    const before = (await billingOverview(await ctxOf(company))).currentPeriodEnd!;
    const failed = await fakeStripeEvent("invoice.payment_failed", subscription);
    const response = await post(failed.payload, failed.signature);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, result: "applied" });
    expect((await companyRow(company.companyId)).status).toBe("suspended");

    const paid = await fakeStripeEvent("invoice.paid", subscription);
    expect((await post(paid.payload, paid.signature)).status).toBe(200);
    expect((await companyRow(company.companyId)).status).toBe("subscribed");
    const after = (await billingOverview(await ctxOf(company))).currentPeriodEnd!;
    expect(after).toBeGreaterThan(before + 27 * 86_400_000);
  });

  it("suspends when a renewal fails on a card whose charges fail, and restores once the card is replaced and paid", async () => {
    const ctx = await ctxOf(company);
    await withCard(ctx, "4000 0000 0000 0341");
    const renewal = await fakeStripeEvent("invoice.paid", subscription);
    expect(JSON.parse(renewal.payload)).toMatchObject({ type: "invoice.payment_failed" });
    expect((await post(renewal.payload, renewal.signature)).status).toBe(200);
    expect((await companyRow(company.companyId)).status).toBe("suspended");
    await withCard(ctx);
    expect((await fakeStripeState()).subscriptions.find((s) => s.id === subscription)!.default_payment_method).toMatch(/^pm_/);
    const paid = await fakeStripeEvent("invoice.paid", subscription);
    expect((await post(paid.payload, paid.signature)).status).toBe(200);
    expect((await companyRow(company.companyId)).status).toBe("subscribed");
  });

  it("applies a replayed event once: the second delivery changes nothing", async () => {
    const failed = await fakeStripeEvent("invoice.payment_failed", subscription);
    expect((await post(failed.payload, failed.signature)).status).toBe(200);
    expect((await companyRow(company.companyId)).status).toBe("suspended");
    // Set right by hand since: a replay of the old event must not suspend again, though Stripe still says past_due.
    await setStatus(company.companyId, "subscribed");
    const replay = await post(failed.payload, failed.signature);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, result: "replayed" });
    expect((await companyRow(company.companyId)).status).toBe("subscribed");
  });

  it("applies an event delivered twice at once only once", async () => {
    const failed = await fakeStripeEvent("invoice.payment_failed", subscription);
    const answers = await Promise.all([post(failed.payload, failed.signature), post(failed.payload, failed.signature)]);
    const results = await Promise.all(answers.map(async (a) => [a.status, ((await a.json()) as { result: string }).result]));
    expect(results.map(([s]) => s)).toEqual([200, 200]);
    expect(results.map(([, r]) => r).sort()).toEqual(["applied", "replayed"]);
    const rows = await control.select().from(controlSchema.stripeEvents).where(eq(controlSchema.stripeEvents.id, failed.event.id));
    expect(rows).toHaveLength(1);
  });

  it("does not let a late failed-payment event undo the payment that followed it", async () => {
    const failed = await fakeStripeEvent("invoice.payment_failed", subscription);
    const paid = await fakeStripeEvent("invoice.paid", subscription);
    expect((await post(paid.payload, paid.signature)).status).toBe(200);
    expect((await post(failed.payload, failed.signature)).status).toBe(200);
    expect((await companyRow(company.companyId)).status).toBe("subscribed");
  });

  it("keeps a cancelled account's access until the period's end, and ends it when the subscription is deleted", async () => {
    const ctx = await ctxOf(company);
    await cancelSubscription(ctx, { reason: "lacksFeatures" });
    const periodEnd = (await billingOverview(ctx)).currentPeriodEnd!;
    const updated = await fakeStripeEvent("customer.subscription.updated", subscription);
    expect((await post(updated.payload, updated.signature)).status).toBe(200);
    let row = await companyRow(company.companyId);
    expect([row.status, row.accessEndsAt]).toEqual(["cancelled", periodEnd]);
    expect(periodEnd).toBeGreaterThan(Date.now());

    const deleted = await fakeStripeEvent("customer.subscription.deleted", subscription);
    const before = Date.now();
    expect((await post(deleted.payload, deleted.signature)).status).toBe(200);
    row = await companyRow(company.companyId);
    expect(row.status).toBe("cancelled");
    expect(row.accessEndsAt).toBeGreaterThanOrEqual(before - 1000);
    expect(row.accessEndsAt).toBeLessThanOrEqual(Date.now());
  });

  it("ignores an event whose company id does not match the stored customer, or about another subscription", async () => {
    const other = await makeCompany();
    const forged = JSON.stringify({
      id: `evt_forged_${Date.now()}`,
      type: "customer.subscription.deleted",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: subscription, customer, status: "canceled", metadata: { company_id: other.companyId } } },
    });
    const answer = await post(forged, await sign(forged));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, result: "ignored" });
    const elsewhere = JSON.stringify({
      id: `evt_elsewhere_${Date.now()}`,
      type: "invoice.payment_failed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "in_x", customer, subscription: "sub_not_ours" } },
    });
    expect(await (await post(elsewhere, await sign(elsewhere))).json()).toEqual({ received: true, result: "ignored" });
    expect((await companyRow(company.companyId)).status).toBe("subscribed");
    expect((await fakeStripeState()).subscriptions.find((s) => s.id === subscription)!.status).toBe("active");
  });

  it("does not take an event while the account was written by someone else since it was read: Stripe's next delivery reads again", async () => {
    const failed = await fakeStripeEvent("invoice.payment_failed", subscription);
    const stripe = stripeClient({ secretKey: "sk_test_worker", apiUrl: stripeUrl });
    const deliver = (meanwhile?: () => Promise<void>) =>
      handleStripeWebhook({
        control,
        webhookSecret: SECRET,
        rawBody: failed.payload,
        signature: failed.signature,
        now: Date.now(),
        stripe: {
          ...stripe,
          // A verb or another event writes the account while this delivery asks Stripe.
          retrieveSubscription: async (id) => {
            await meanwhile?.();
            return stripe.retrieveSubscription(id);
          },
        },
      });
    const writeMeanwhile = async () => {
      await control
        .update(controlSchema.companyBilling)
        .set({ updatedAt: Date.now() + 5 })
        .where(eq(controlSchema.companyBilling.companyId, company.companyId));
    };
    expect(await deliver(writeMeanwhile)).toEqual({ status: 503 });
    expect((await companyRow(company.companyId)).status).toBe("subscribed");
    expect(await control.select().from(controlSchema.stripeEvents).where(eq(controlSchema.stripeEvents.id, failed.event.id))).toEqual([]);
    expect(await deliver()).toEqual({ status: 200, result: "applied" });
    expect((await companyRow(company.companyId)).status).toBe("suspended");
  });
});
