import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { browserOfFile } from "../support/browser";
import { companyDb, control, makeUser } from "../support/e2e-factories";

// The "Done when", in one browser as a new user: sign up, the wizard with generated content, a
// populated dashboard and store, the content removed, a plan bought with a test card on Stripe's stand-in,
// then the webhooks: a failed payment suspends, a paid one restores, a replayed or unsigned one changes nothing;
// and a cancellation keeps access until the end of the paid period.
const appUrl = inject("appUrl");
const stripeUrl = inject("stripeUrl");
const browser = browserOfFile();

const text = (page: Page, selector: string) => page.textContent(selector).then((t) => t?.replace(/\s+/g, " ").trim() ?? null);

async function companyOf(email: string) {
  const user = (await control.query.users.findFirst({ where: eq(controlSchema.users.email, email) }))!;
  return user.currentCompanyId!;
}

async function statusOf(companyId: string) {
  return (await control.query.companies.findFirst({ where: eq(controlSchema.companies.id, companyId) }))!.status;
}

/** What Stripe's stand-in does when a renewal fails or is paid: it changes the subscription and posts the signed event. */
async function stripeEvent(type: string, subscription: string) {
  const response = await fetch(`${stripeUrl}/_fake/events`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type, subscription }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { payload: string; signature: string };
}

function postWebhook(payload: string, signature?: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature) headers["stripe-signature"] = signature;
  return fetch(`${appUrl}/webhooks/stripe`, { method: "POST", headers, body: payload });
}

describe("the account's life, as a new user", () => {
  it("signs up, walks the wizard with test content, removes it, subscribes, is suspended and restored by webhooks, and cancels", async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    const email = `life-${Date.now().toString(36)}@example.test`;

    // Sign up.
    await page.goto(`${appUrl}/signup`);
    for (const [name, value] of Object.entries({
      company_name: "Lifecycle Teas",
      first_name: "Lea",
      last_name: "Life",
      email,
      phone: "+33 6 00 00 00 00",
      password: "Lifecycle-2026!",
    }))
      await page.fill(`input[name=${name}]`, value);
    await page.selectOption("select[name=country]", "FR");
    await page.selectOption("select[name=currency]", "EUR");
    await page.click("button[type=submit]");
    await page.waitForURL(`${appUrl}/setup`);
    const companyId = await companyOf(email);

    // The wizard, confined until done, with generated test content.
    await page.goto(`${appUrl}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/setup");
    await page.getByRole("button", { name: "Let's start" }).click();
    await page.waitForURL(`${appUrl}/setup/company`);
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(`${appUrl}/setup/locations-users`);
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(`${appUrl}/setup/content`);
    await page.getByLabel("Generate test content").check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.locator(".setup-operation").getAttribute("data-status"), { timeout: 120_000 }).toBe("completed");
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(`${appUrl}/setup/finish`);
    await page.getByRole("button", { name: "Go to my dashboard" }).click();
    await page.waitForURL(`${appUrl}/dashboard`);

    // A populated dashboard: the generated business's documents wait on the user.
    await expect.poll(() => text(page, "[data-testid=figure-salesOrdersOpen]")).toBe("2");
    expect(Number(await text(page, "[data-testid=figure-invoicesToCollect]"))).toBeGreaterThan(0);
    expect(Number(await text(page, "[data-testid=figure-activeProducts]"))).toBeGreaterThan(5);
    expect(Number(await text(page, "[data-testid=figure-activeCustomers]"))).toBeGreaterThan(3);

    // A populated store, for a buyer of a generated customer, once the store is open.
    const db = await companyDb(companyId);
    await db.insert(tenantSchema.storeSettings).values({ id: 1, settings: { status: true } });
    const [customer] = await db.select({ id: tenantSchema.customers.id }).from(tenantSchema.customers).limit(1);
    const buyer = await makeUser(companyId, [], { customerId: String(customer!.id) });
    const buyerContext = await browser().newContext({ locale: "en-US" });
    const [cookieName, cookieValue] = buyer.cookie.split(/=(.*)/s);
    await buyerContext.addCookies([{ name: cookieName!, value: cookieValue!, url: appUrl }]);
    const store = await buyerContext.newPage();
    await store.goto(`${appUrl}/b2b`);
    await expect.poll(() => store.locator("[data-testid=store-product]").count()).toBeGreaterThan(5);
    await buyerContext.close();

    // The test content removed in one action, with its progress.
    await page.goto(`${appUrl}/dashboard`);
    await page.getByTestId("test-content").locator("summary", { hasText: "Remove test content" }).click();
    await page.getByTestId("test-content").locator("input[name=acknowledge_irreversible]").check();
    await page.getByRole("button", { name: "Remove it all" }).click();
    await expect
      .poll(() => page.locator("[data-testid=test-content] .setup-operation").getAttribute("data-status"), { timeout: 120_000 })
      .toBe("completed");
    await page.goto(`${appUrl}/dashboard`);
    await expect.poll(() => text(page, "[data-testid=figure-salesOrdersOpen]")).toBe("0");
    expect(await text(page, "[data-testid=figure-estimatesPending]")).toBe("0");

    // A plan: premium, monthly, billing information, a test card on Stripe's page, confirmed.
    await page.goto(`${appUrl}/account-settings/premium/monthly/eur/pick-period`);
    await page.click("main button:has-text('Continue')");
    await page.waitForURL(/\/billing-information$/);
    await page.fill("input[name=name]", "Lifecycle Teas SAS");
    await page.fill("input[name=email]", email);
    await page.fill("input[name=address1]", "3 quai des Thés");
    await page.fill("input[name=postal_code]", "69002");
    await page.fill("input[name=city]", "Lyon");
    await page.selectOption("select[name=country]", "FR");
    await page.click("main button:has-text('Save and continue')");
    await page.waitForURL(/\/payment-information$/);
    await page.click("text=Enter a card");
    await page.waitForURL((url) => url.href.startsWith(`${stripeUrl}/c/pay/`));
    await page.fill("input[name=card_number]", "4242 4242 4242 4242");
    await page.fill("input[name=expiry]", "12 / 34");
    await page.fill("input[name=cvc]", "123");
    await page.fill("input[name=name]", "Lea Life");
    await page.click("button[type=submit]");
    await page.waitForURL(/\/confirm-order$/);
    await page.check("input[name=accept_card]");
    await page.check("input[name=accept_terms]");
    await page.click("text=Confirm the order");
    await page.waitForURL(/\/confirmation$/);
    await page.goto(`${appUrl}/account-settings`);
    expect(await text(page, "[data-testid=account-status]")).toBe("Subscribed");
    expect(await statusOf(companyId)).toBe("subscribed");
    const billing = await control.query.companyBilling.findFirst({ where: eq(controlSchema.companyBilling.companyId, companyId) });
    const subscription = billing!.stripeSubscriptionId!;
    expect(subscription).toMatch(/^sub_/);

    // A renewal that fails: Stripe's signed event suspends the account; every page says so, and writes are refused.
    const failed = await stripeEvent("invoice.payment_failed", subscription);
    await expect.poll(() => statusOf(companyId)).toBe("suspended");
    await page.goto(`${appUrl}/contacts/customers/create`);
    expect(await text(page, "[data-testid=account-banner]")).toContain("The account is suspended");
    await page.fill("input[name=label]", "Refused while suspended");
    await page.click("button:has-text('Create the customer')");
    await expect.poll(() => page.locator("body").innerText()).toContain("The account is suspended");
    expect(await db.select().from(tenantSchema.customers).where(eq(tenantSchema.customers.label, "Refused while suspended"))).toEqual([]);

    // An unsigned event is refused and changes nothing.
    const paidAgain = JSON.parse(failed.payload) as { id: string; type: string };
    const forged = JSON.stringify({ ...paidAgain, id: `${paidAgain.id}_forged`, type: "invoice.paid" });
    expect((await postWebhook(forged)).status).toBe(400);
    expect((await postWebhook(forged, failed.signature)).status).toBe(400);
    expect(await statusOf(companyId)).toBe("suspended");

    // The payment goes through: the signed event restores the account.
    const paid = await stripeEvent("invoice.paid", subscription);
    await expect.poll(() => statusOf(companyId)).toBe("subscribed");
    // The failed payment's event, replayed as Stripe would retry it, changes nothing any more.
    expect((await postWebhook(failed.payload, failed.signature)).status).toBe(200);
    expect((await postWebhook(paid.payload, paid.signature)).status).toBe(200);
    expect(await statusOf(companyId)).toBe("subscribed");
    await page.goto(`${appUrl}/account-settings`);
    expect(await text(page, "[data-testid=account-status]")).toBe("Subscribed");
    expect(await page.locator("[data-testid=account-banner]").count()).toBe(0);

    // Cancelling keeps full access until the end of the paid period: a customer can still be made.
    await page.click("summary:has-text('Cancel subscription')");
    await page.check("input[name=reason][value=tooHard]");
    await page.click("text=Confirm the cancellation");
    await page.waitForURL(/notice=cancelled/);
    await expect.poll(() => text(page, "[data-testid=account-status]")).toBe("Cancelled");
    expect(await text(page, "[data-testid=account-status-text]")).toMatch(/You keep full access until \d{4}-\d{2}-\d{2}\.$/);
    await page.goto(`${appUrl}/contacts/customers/create`);
    await page.fill("input[name=label]", "Made while cancelled");
    await page.click("button:has-text('Create the customer')");
    await page.waitForURL(/\/contacts\/customers\/\d+/);
    expect(await page.locator("[data-testid=account-banner]").count()).toBe(0);
    await context.close();
  });
});
