import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { controlSchema } from "../../db/client";
import { browserOfFile } from "../support/browser";
import { control, makeUser } from "../support/e2e-factories";
import { fetchApp } from "../support/e2e-fetch-app";

const appUrl = inject("appUrl");
const stripeUrl = inject("stripeUrl");
const browser = browserOfFile();
let counter = 0;

/** The page is as wide as the screen: nothing sticks out sideways. */
async function fitsTheScreen(page: Page): Promise<boolean> {
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Screenshots for a person to look at, when asked for (SCREENSHOT_DIR). */
async function keepScreenshot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

const text = (page: Page, selector: string) => page.textContent(selector).then((t) => t?.replace(/\s+/g, " ").trim() ?? null);

describe("a new company's account", () => {
  it("subscribes through the checkout with a test card, cancels with a reason and reactivates", async () => {
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const page = await context.newPage();

    // A promotion link keeps its code in a cookie for seven days, out of the address.
    await page.goto(`${appUrl}/signup?promo_code=WELCOME20`);
    expect(new URL(page.url()).search).toBe("");
    const promo = (await context.cookies()).find((c) => c.name === "promoCode");
    expect(promo).toMatchObject({ value: "WELCOME20", httpOnly: true, sameSite: "Lax", path: "/" });
    expect(promo!.expires * 1000 - Date.now()).toBeGreaterThan(604_800_000 - 60_000);
    expect(promo!.expires * 1000 - Date.now()).toBeLessThanOrEqual(604_800_000);

    const email = `billing-${Date.now().toString(36)}${counter++}@example.test`;
    for (const [name, value] of Object.entries({
      company_name: "Billing Test Shop",
      first_name: "Bea",
      last_name: "Biller",
      email,
      phone: "+33 6 12 34 56 78",
      password: "Billing-2026!",
    }))
      await page.fill(`input[name=${name}]`, value);
    await page.selectOption("select[name=country]", "FR");
    await page.selectOption("select[name=currency]", "EUR");
    await page.click("button[type=submit]");
    await page.waitForURL(/\/setup/);
    // The onboarding is not what this test is about: the new user leaves it.
    await control.update(controlSchema.users).set({ sendToWizard: false }).where(eq(controlSchema.users.email, email));

    await page.goto(`${appUrl}/account-settings`);
    expect(await text(page, "[data-testid=account-status]")).toBe("Free trial");
    expect(await text(page, "[data-testid=account-status-text]")).toMatch(/^14 day\(s\) left in your trial/);
    // The plans are priced in the company's currency.
    expect(await text(page, "[data-testid=plan-premium] .plan-card__price")).toBe("€79.00 a month");
    expect(await fitsTheScreen(page)).toBe(true);
    await keepScreenshot(page, "account-trial-1280");

    // Left-out segments are filled in: the current plan or premium, the company's currency.
    await page.goto(`${appUrl}/account-settings/monthly/pick-period`);
    expect(page.url()).toBe(`${appUrl}/account-settings/premium/monthly/eur/pick-period`);
    for (const wrong of [
      "/account-settings/weekly/pick-period",
      "/account-settings/gold/monthly/pick-period",
      "/account-settings/premium/monthly/gbp/pick-period",
    ]) {
      const response = await page.goto(`${appUrl}${wrong}`);
      expect(response?.status(), wrong).toBe(404);
      expect(await page.textContent("main"), wrong).toContain("This page could not be found");
    }

    // Step 1: premium, monthly.
    await page.goto(`${appUrl}/account-settings`);
    await page.click("[data-testid=plan-premium] a.button");
    await page.waitForURL(/\/account-settings\/premium\/monthly\/eur\/pick-period/);
    expect(await page.isChecked("input[name=period][value=monthly]")).toBe(true);
    expect(await text(page, "[data-testid=period-yearly]")).toContain("you save €158.00 a year");
    await keepScreenshot(page, "pick-period-1280");
    await page.click("main button:has-text('Continue')");

    // Step 2: billing information; each missing field is named.
    await page.waitForURL(/\/premium\/monthly\/eur\/billing-information$/);
    await page.click("main button:has-text('Save and continue')");
    await expect.poll(() => text(page, "#field-name-error")).toBe("This field is required");
    expect(await page.textContent("#field-city-error")).toBeTruthy();
    await page.fill("input[name=name]", "Billing Test Shop SARL");
    await page.fill("input[name=email]", email);
    await page.fill("input[name=address1]", "1 rue de la Paix");
    await page.fill("input[name=postal_code]", "75002");
    await page.fill("input[name=city]", "Paris");
    await page.selectOption("select[name=country]", "FR");
    await keepScreenshot(page, "billing-information-1280");
    await page.click("main button:has-text('Save and continue')");

    // Step 3: the card, on Stripe's (here, its stand-in's) own page.
    await page.waitForURL(/\/payment-information$/);
    await expect.poll(() => text(page, "[data-testid=checkout-card]")).toBe("No card on file.");
    await page.click("text=Enter a card");
    await page.waitForURL((url) => url.href.startsWith(`${stripeUrl}/c/pay/`));
    await page.fill("input[name=card_number]", "4242 4242 4242 4242");
    await page.fill("input[name=expiry]", "12 / 34");
    await page.fill("input[name=cvc]", "123");
    await page.fill("input[name=name]", "Bea Biller");
    await page.click("button[type=submit]");

    // Back here, the card is kept and the order is summed up.
    await page.waitForURL(/\/premium\/monthly\/eur\/confirm-order$/);
    await expect.poll(() => text(page, "[data-testid=quote-total]")).toBe("€79.00");
    // The promotion from the link fills the field; applying it keeps it for the order.
    expect(await page.inputValue("input[name=promo_code]")).toBe("WELCOME20");
    await page.click("form.promo-form button[type=submit]");
    await expect.poll(() => text(page, "[data-testid=promo-applied]")).toBe("Promo code WELCOME20 applied.");
    // 20 % off, as the payment provider describes the code.
    expect(await text(page, "[data-testid=quote-total]")).toBe("€63.20");

    // Subscribing needs both boxes ticked (domain spec §5).
    await page.click("text=Confirm the order");
    await expect.poll(() => page.locator("#field-accept_card-error").count()).toBe(1);
    expect(await page.locator("#field-accept_terms-error").count()).toBe(1);
    await page.check("input[name=accept_card]");
    await page.check("input[name=accept_terms]");
    await page.click("text=Confirm the order");
    await page.waitForURL(/\/confirmation$/);
    await expect.poll(() => text(page, "[data-testid=checkout-confirmation]")).toBe("You are subscribed to the Premium plan.");
    expect(await page.getAttribute("a:has-text('Go to the dashboard')", "href")).toBe("/dashboard");

    await page.goto(`${appUrl}/account-settings`);
    expect(await text(page, "[data-testid=account-status]")).toBe("Subscribed");
    expect(await text(page, "[data-testid=account-card]")).toMatch(/•••• 4242 expires 12\/2034$/);
    expect(await text(page, "[data-testid=account-subscription]")).toContain("PremiumBilling cycleMonthlyCurrencyEUR");
    expect(await text(page, "[data-testid=account-amount]")).toBe("€63.20");
    // Its own invoice, opened at Stripe in a new tab.
    expect(await page.locator("[data-testid=account-invoices] tbody tr").count()).toBeGreaterThan(0);
    for (const link of await page.locator("[data-testid=account-invoices] a").all())
      expect(await link.getAttribute("target")).toBe("_blank");
    await keepScreenshot(page, "account-subscribed-1280");

    // Cancelling asks why, then keeps full access until the end of the paid period.
    await page.click("summary:has-text('Cancel subscription')");
    await page.click("text=Confirm the cancellation");
    // A reason is needed (the browser asks first; without it, the server would).
    expect(new URL(page.url()).searchParams.get("notice")).toBeNull();
    await page.check("input[name=reason][value=lacksFeatures]");
    await page.fill("textarea[name=comment]", "We need a point of sale.");
    await page.click("text=Confirm the cancellation");
    await page.waitForURL(/notice=cancelled/);
    // The address changes a moment before the page shows the new data.
    await expect.poll(() => text(page, "[data-testid=account-status]")).toBe("Cancelled");
    expect(await text(page, "[data-testid=account-status-text]")).toMatch(
      /^Your subscription is cancelled\. You keep full access until \d{4}-\d{2}-\d{2}\.$/,
    );

    await page.click("button:has-text('Reactivate')");
    await page.waitForURL(/notice=reactivated/);
    await expect.poll(() => text(page, "[data-testid=account-status]")).toBe("Subscribed");

    // Pausing stops the billing until the subscription is reactivated.
    await page.click("button:has-text('Pause')");
    await page.waitForURL(/notice=paused/);
    await expect.poll(() => text(page, "[data-testid=account-status]")).toBe("Paused");
    expect(await page.locator("button:has-text('Pause')").count()).toBe(0);
    await page.click("button:has-text('Reactivate')");
    await page.waitForURL(/notice=reactivated/);
    await expect.poll(() => text(page, "[data-testid=account-status]")).toBe("Subscribed");

    // A renewal that fails (a signed webhook from the payment provider) suspends the account; a paid one restores it.
    const held = (await (await fetch(`${stripeUrl}/_fake/state`)).json()) as {
      customers: { id: string; email: string | null }[];
      subscriptions: { id: string; customer: string }[];
    };
    const customer = held.customers.find((c) => c.email === email)!;
    const subscription = held.subscriptions.find((s) => s.customer === customer.id)!;
    const emit = async (type: string) => {
      const response = await fetch(`${stripeUrl}/_fake/events`, {
        method: "POST",
        body: JSON.stringify({ type, subscription: subscription.id }),
      });
      expect(response.status, type).toBe(200);
    };
    await emit("invoice.payment_failed");
    await page.goto(`${appUrl}/account-settings`);
    expect(await text(page, "[data-testid=account-status]")).toBe("Suspended");
    expect(await text(page, "[data-testid=account-status-text]")).toBe(
      "The renewal payment failed: update the card to restore your account.",
    );
    expect(await page.locator("button:has-text('Update card')").count()).toBe(1);
    await emit("invoice.paid");
    await page.goto(`${appUrl}/account-settings`);
    expect(await text(page, "[data-testid=account-status]")).toBe("Subscribed");

    // Another user who manages the account sees the card, and is told to ask the administrator to change it.
    const [founder] = await control
      .select({ companyId: controlSchema.users.currentCompanyId })
      .from(controlSchema.users)
      .where(eq(controlSchema.users.email, email));
    const manager = await makeUser(founder!.companyId!, ["account_settings"]);
    const managerPage = await (await fetchApp("/account-settings", { cookie: manager.cookie })).text();
    const card = managerPage.match(/data-testid="account-card"[^>]*>([\s\S]*?)<\/p>/)?.[1]?.replace(/<[^>]*>/g, "");
    expect(card).toContain("•••• 4242");
    expect(managerPage).toContain("Only the company administrator can update the card. Please contact your administrator.");
    expect(managerPage).not.toContain("Update card");

    // The administrator changes the card from the account page, on the same hosted page, and comes back to it.
    await page.click("button:has-text('Update card')");
    await page.waitForURL((url) => url.href.startsWith(`${stripeUrl}/c/pay/`));
    await page.fill("input[name=card_number]", "4000 0000 0000 0341");
    await page.fill("input[name=expiry]", "01/35");
    await page.fill("input[name=cvc]", "321");
    await page.fill("input[name=name]", "Bea Biller");
    await page.click("button[type=submit]");
    await page.waitForURL(`${appUrl}/account-settings?notice=card_updated`);
    await expect.poll(() => text(page, "[data-testid=account-card]")).toMatch(/•••• 0341 expires 01\/2035$/);

    // A promotion link to the account pages is kept the same way.
    await page.goto(`${appUrl}/account-settings?promo_code=TENEUROS`);
    expect(page.url()).toBe(`${appUrl}/account-settings`);
    expect((await context.cookies()).find((c) => c.name === "promoCode")?.value).toBe("TENEUROS");

    // A phone: the account page and a checkout step keep to the screen's width.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${appUrl}/account-settings`);
    expect(await fitsTheScreen(page)).toBe(true);
    await keepScreenshot(page, "account-subscribed-375");
    await page.goto(`${appUrl}/account-settings/premium/yearly/eur/confirm-order?b2b_addon=1`);
    expect(await text(page, "[data-testid=quote-total]")).toMatch(/^€/);
    expect(await fitsTheScreen(page)).toBe(true);
    await keepScreenshot(page, "confirm-order-375");
    // In French too.
    await context.addCookies([{ name: "lang", value: "fr", url: appUrl }]);
    await page.goto(`${appUrl}/account-settings`);
    expect(await text(page, "[data-testid=account-status]")).toBe("Abonné");
    expect(await fitsTheScreen(page)).toBe(true);
    await keepScreenshot(page, "account-fr-375");
    await context.close();
  });

  it("answers a short checkout address for a visitor with the sign-in page, keeping the address", async () => {
    const response = await fetchApp("/account-settings/monthly/pick-period");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/login?redirection=${encodeURIComponent("/account-settings/monthly/pick-period")}`);
  });
});
