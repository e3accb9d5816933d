import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema } from "../../db/client";
import {
  accountInvoices,
  applyPromoCode,
  billingOverview,
  cancelSubscription,
  confirmOrder,
  finishCardSetup,
  pauseSubscription,
  previewQuote,
  reactivateSubscription,
  saveBillingInformation,
  startCardSetup,
} from "../../worker/domain/billing/account";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { stripeClient } from "../../worker/integrations/stripe/client";
import { addUser, control, ctxOf, makeCompany } from "../support/factories";
import { callApiJson } from "../support/fetch-app";
import { BILLING_INFORMATION, enterCard, fakeStripeState, stripeUrl, withCard } from "../support/fake-stripe";

const ORDER = { plan: "premium", period: "monthly", currency: "eur", b2b_addon: true, accept_card: true, accept_terms: true };

async function companyRow(companyId: string) {
  return (await control.query.companies.findFirst({ where: eq(controlSchema.companies.id, companyId) }))!;
}

async function subscriptionsOf(companyId: string) {
  const state = await fakeStripeState();
  const customers = state.customers.filter((c) => c.metadata.company_id === companyId).map((c) => c.id);
  return state.subscriptions.filter((s) => customers.includes(s.customer));
}

describe("the checkout chain", () => {
  it("saves the billing information, takes a card on Stripe's page, and subscribes at the quote's prices", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    expect((await billingOverview(ctx)).status).toBe("trial");

    await saveBillingInformation(ctx, BILLING_INFORMATION);
    expect(await applyPromoCode(ctx, "welcome20")).toEqual({ code: "WELCOME20", percentOff: 20, amountOff: null, currency: null });
    expect(await previewQuote(ctx, { plan: "standard", period: "yearly", currency: "usd" })).toMatchObject({
      lines: [{ kind: "plan", quantity: 1, unitAmount: 39000 }],
      subtotal: 39000,
      discount: 7800,
      total: 31200,
    });
    const { url } = await startCardSetup(ctx, {
      successUrl: "https://app.test/account-settings/payment-information",
      cancelUrl: "https://app.test/account-settings/payment-information",
    });
    expect(url.startsWith(`${stripeUrl}/c/pay/cs_`)).toBe(true);
    const page = await (await fetch(url)).text();
    expect(page).toContain('name="card_number"');
    // The session's id comes back in the success address (added when the page did not put it there).
    await finishCardSetup(ctx, await enterCard(url));
    let overview = await billingOverview(ctx);
    expect(overview.card).toEqual({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 });
    expect(overview.billingInformation).toMatchObject({ name: "Ada Admin", country: "FR", postalCode: "75002" });

    await confirmOrder(ctx, ORDER);
    overview = await billingOverview(ctx);
    expect(overview.status).toBe("subscribed");
    expect(overview).toMatchObject({
      plan: "premium",
      period: "monthly",
      currency: "eur",
      b2bAddon: true,
      configured: true,
      canUpdateCard: true,
    });
    // One active user, premium includes three: the plan and the add-on, 20 % off.
    expect(overview.quote).toMatchObject({ subtotal: 7900 + 4900, discount: 2560, total: 10240 });
    const monthAhead = Date.now() + 27 * 86_400_000;
    expect(overview.currentPeriodEnd).toBeGreaterThan(monthAhead);
    expect(overview.currentPeriodEnd).toBeLessThan(Date.now() + 32 * 86_400_000);

    const [subscription, ...others] = await subscriptionsOf(company.companyId);
    expect(others).toEqual([]);
    expect(subscription!.items.data.map((i) => [i.price.product, i.price.unit_amount, i.quantity])).toEqual([
      ["comptoir_plan_premium", 7900, 1],
      ["comptoir_b2b_store", 4900, 1],
    ]);
    expect(subscription!.discounts).toEqual(["promo_welcome20"]);
    const invoices = await accountInvoices(ctx);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ total: 10240, currency: "eur", status: "paid" });

    // Every POST carried an Idempotency-Key.
    const posts = (await fakeStripeState()).requests.filter((r) => r.method === "POST");
    expect(posts.every((r) => r.idempotencyKey)).toBe(true);
  });

  it("changes the plan on the same subscription rather than making a second", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    await withCard(ctx);
    await confirmOrder(ctx, ORDER);
    const [before] = await subscriptionsOf(company.companyId);
    await confirmOrder(ctx, { ...ORDER, plan: "elite", period: "yearly" });
    const after = await subscriptionsOf(company.companyId);
    expect(after.map((s) => s.id)).toEqual([before!.id]);
    // Elite includes the add-on; a year is billed as ten months.
    expect(after[0]!.items.data.map((i) => [i.price.product, i.price.unit_amount])).toEqual([["comptoir_plan_elite", 149000]]);
    expect(await billingOverview(ctx)).toMatchObject({ plan: "elite", period: "yearly", status: "subscribed" });
  });

  it("makes one subscription out of ten confirmations at once", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    await withCard(ctx);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => confirmOrder(ctx, ORDER)));
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(r.reason).toMatchObject({ code: "conflict" });
    expect(await subscriptionsOf(company.companyId)).toHaveLength(1);
    expect((await companyRow(company.companyId)).status).toBe("subscribed");
  });
});

describe("refusals", () => {
  it("asks for the billing information, the card, and both confirmations, naming the fields", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    await expect(confirmOrder(ctx, ORDER)).rejects.toMatchObject({ code: "billing_information_missing" });
    await expect(startCardSetup(ctx, { successUrl: "https://app.test/a", cancelUrl: "https://app.test/b" })).rejects.toMatchObject({
      code: "billing_information_missing",
    });
    await expect(saveBillingInformation(ctx, { ...BILLING_INFORMATION, country: "XX", email: "nope" })).rejects.toMatchObject({
      code: "validation_failed",
      fields: { country: { code: "invalid_country" }, email: { code: "invalid_email" } },
    });
    await expect(saveBillingInformation(ctx, { ...BILLING_INFORMATION, postal_code: "" })).rejects.toMatchObject({
      fields: { postal_code: { code: "required" } },
    });
    await saveBillingInformation(ctx, BILLING_INFORMATION);
    await expect(confirmOrder(ctx, ORDER)).rejects.toMatchObject({ code: "no_credit_card" });
    await expect(confirmOrder(ctx, { ...ORDER, accept_card: false, accept_terms: false })).rejects.toMatchObject({
      code: "card_and_terms_not_confirmed",
      fields: { accept_card: { code: "card_and_terms_not_confirmed" }, accept_terms: { code: "card_and_terms_not_confirmed" } },
    });
    await expect(confirmOrder(ctx, { ...ORDER, plan: "gold" })).rejects.toMatchObject({ code: "validation_failed", fields: { plan: {} } });
    await expect(applyPromoCode(ctx, "NOT-A-CODE")).rejects.toMatchObject({
      code: "unknown_promo_code",
      fields: { promo_code: { code: "unknown_promo_code" } },
    });
    expect(await applyPromoCode(ctx, null)).toBeNull();
    expect((await companyRow(company.companyId)).status).toBe("trial");
  });

  it("lets only the company administrator change the card, and only with account_settings see the account", async () => {
    const company = await makeCompany();
    const admin = await ctxOf(company);
    await saveBillingInformation(admin, BILLING_INFORMATION);
    const manager = await ctxOf(company, { permissions: ["account_settings"] });
    expect((await billingOverview(manager)).canUpdateCard).toBe(false);
    await expect(startCardSetup(manager, { successUrl: "https://app.test/a", cancelUrl: "https://app.test/b" })).rejects.toMatchObject({
      code: "card_admin_only",
    });
    await expect(finishCardSetup(manager, "cs_test_whatever")).rejects.toMatchObject({ code: "card_admin_only" });
    const staff = await ctxOf(company, { permissions: ADMINISTRATOR_PERMISSIONS.filter((p) => p !== "account_settings") });
    await expect(billingOverview(staff)).rejects.toMatchObject({ code: "forbidden" });
    await expect(confirmOrder(staff, ORDER)).rejects.toMatchObject({ code: "forbidden" });
  });

  it("refuses a card session of another company", async () => {
    const theirs = await makeCompany();
    const theirCtx = await ctxOf(theirs);
    await saveBillingInformation(theirCtx, BILLING_INFORMATION);
    const { url } = await startCardSetup(theirCtx, { successUrl: "https://app.test/a", cancelUrl: "https://app.test/b" });
    const sessionId = await enterCard(url);
    const mine = await makeCompany();
    const ctx = await ctxOf(mine);
    await saveBillingInformation(ctx, BILLING_INFORMATION);
    await expect(finishCardSetup(ctx, sessionId)).rejects.toMatchObject({ code: "forbidden" });
    expect((await billingOverview(ctx)).card).toBeNull();
  });

  it("answers card_declined for a card whose charges fail, and lets the next try subscribe with another card", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    await withCard(ctx, "4000 0000 0000 0341");
    await expect(confirmOrder(ctx, ORDER)).rejects.toMatchObject({ code: "card_declined" });
    expect((await companyRow(company.companyId)).status).toBe("trial");
    expect(await subscriptionsOf(company.companyId)).toHaveLength(0);
    await withCard(ctx);
    await confirmOrder(ctx, ORDER);
    expect((await companyRow(company.companyId)).status).toBe("subscribed");
  });

  it("says billing is unavailable without Stripe, and still shows the status", async () => {
    const company = await makeCompany();
    const ctx = { ...(await ctxOf(company)), stripe: null };
    const overview = await billingOverview(ctx);
    expect(overview).toMatchObject({ status: "trial", configured: false, card: null, quote: null });
    expect(await accountInvoices(ctx)).toEqual([]);
    await expect(saveBillingInformation(ctx, BILLING_INFORMATION)).rejects.toMatchObject({ code: "billing_unavailable" });
    await expect(applyPromoCode(ctx, "WELCOME20")).rejects.toMatchObject({ code: "billing_unavailable" });
  });
});

describe("the subscription's life", () => {
  it("cancels at the period's end with access until then, reactivates, pauses and resumes", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    await withCard(ctx);
    await confirmOrder(ctx, ORDER);
    const periodEnd = (await billingOverview(ctx)).currentPeriodEnd!;

    await expect(cancelSubscription(ctx, { reason: "because" })).rejects.toMatchObject({ fields: { reason: {} } });
    await cancelSubscription(ctx, { reason: "tooHard", comment: "Too many screens" });
    let row = await companyRow(company.companyId);
    expect(row.status).toBe("cancelled");
    expect(row.accessEndsAt).toBe(periodEnd);
    expect((await subscriptionsOf(company.companyId))[0]!.cancel_at_period_end).toBe(true);

    await reactivateSubscription(ctx);
    row = await companyRow(company.companyId);
    expect([row.status, row.accessEndsAt]).toEqual(["subscribed", null]);
    expect((await subscriptionsOf(company.companyId))[0]!.cancel_at_period_end).toBe(false);

    await pauseSubscription(ctx);
    expect((await companyRow(company.companyId)).status).toBe("paused");
    expect((await subscriptionsOf(company.companyId))[0]!.pause_collection).toEqual({ behavior: "void" });
    await reactivateSubscription(ctx);
    expect((await companyRow(company.companyId)).status).toBe("subscribed");
    expect((await subscriptionsOf(company.companyId))[0]!.pause_collection).toBeNull();
  });

  it("cancels a paused subscription, and a new order on a cancelled one keeps it going", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    await withCard(ctx);
    await confirmOrder(ctx, ORDER);
    await pauseSubscription(ctx);
    await cancelSubscription(ctx, { reason: "otherComments", comment: "Closing for the winter" });
    expect((await companyRow(company.companyId)).status).toBe("cancelled");
    await confirmOrder(ctx, { ...ORDER, plan: "standard", b2b_addon: false });
    const row = await companyRow(company.companyId);
    expect([row.status, row.accessEndsAt]).toEqual(["subscribed", null]);
    const [subscription, ...others] = await subscriptionsOf(company.companyId);
    expect(others).toEqual([]);
    expect([subscription!.cancel_at_period_end, subscription!.pause_collection]).toEqual([false, null]);
  });

  it("does not reactivate once the paid period has ended", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    await withCard(ctx);
    await confirmOrder(ctx, ORDER);
    await cancelSubscription(ctx, { reason: "businessNotOperating" });
    await control
      .update(controlSchema.companies)
      .set({ accessEndsAt: Date.now() - 1000 })
      .where(eq(controlSchema.companies.id, company.companyId));
    await expect(reactivateSubscription(ctx)).rejects.toMatchObject({ code: "no_active_subscription" });
    const never = await ctxOf(await makeCompany());
    await expect(pauseSubscription(never)).rejects.toMatchObject({ code: "no_active_subscription" });
  });
});

describe("GET /api/v1/account", () => {
  it("answers the account's status and invoices to account_settings, without secrets", async () => {
    const company = await makeCompany();
    await withCard(await ctxOf(company));
    const { status, body } = await callApiJson("GET", "/account", company.token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "trial", card: { brand: "visa", last4: "4242" }, billing_configured: true, active_users: 1 });
    expect(JSON.stringify(body)).not.toMatch(/sk_test|pm_|cus_/);
    const invoices = await callApiJson("GET", "/account/invoices", company.token);
    expect(invoices).toEqual({ status: 200, body: { data: [] } });
    const staff = await addUser(company.companyId, { permissions: ["settings"] });
    expect((await callApiJson("GET", "/account", staff.token)).status).toBe(403);
  });
});

describe("the Stripe client against a server that misbehaves", () => {
  const call = (secretKey: string, deadlineMs = 10_000, apiUrl = stripeUrl) =>
    stripeClient({ secretKey, apiUrl, deadlineMs }).createCustomer({ name: "x" }, "key");

  it("answers billing_unavailable for a connection closed at once, garbage, a refused key, or nobody listening", async () => {
    await expect(call("sk_test_x_closing")).rejects.toMatchObject({ code: "billing_unavailable" });
    await expect(call("sk_test_x_garbage")).rejects.toMatchObject({ code: "billing_unavailable" });
    await expect(call("not-a-key")).rejects.toMatchObject({ code: "billing_unavailable" });
    await expect(call("sk_test_worker", 10_000, "http://127.0.0.1:9")).rejects.toMatchObject({ code: "billing_unavailable" });
  });

  it("gives up on a server that never answers within its deadline", async () => {
    const started = Date.now();
    await expect(call("sk_test_x_silent", 500)).rejects.toMatchObject({ code: "billing_unavailable" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("answers a missing parameter as Stripe does, mapped to billing_unavailable", async () => {
    const response = await fetch(`${stripeUrl}/v1/subscriptions`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_worker", "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error", code: "parameter_missing", param: "customer" } });
  });
});
