import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { launchBrowser } from "../support/browser";
import { companyDb, control, makeUser } from "../support/e2e-factories";

const appUrl = inject("appUrl");
const t = tenantSchema;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;
const shots = process.env.ONBOARDING_SCREENSHOTS;

/** Where the wizard step fits: nothing wider than the window (a screenshot kept when asked for). */
async function fits(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
    if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signIn(page: Page, email: string) {
  await page.goto(`${appUrl}/login`);
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", "Harbour-2026!");
  await page.click("button[type=submit]");
}

describe("onboarding", () => {
  it("walks a new company through the wizard with generated content, resumes after a sign-out, and removes the content later", async () => {
    const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const email = `harbour-${Date.now().toString(36)}@example.test`;
    await page.goto(`${appUrl}/signup`);
    for (const [name, value] of Object.entries({
      company_name: "Harbour Coffee",
      first_name: "Ada",
      last_name: "Lovelace",
      email,
      phone: "+44 20 7946 0000",
      password: "Harbour-2026!",
    }))
      await page.fill(`input[name=${name}]`, value);
    await page.selectOption("select[name=country]", "GB");
    await page.selectOption("select[name=currency]", "EUR");
    await page.click("button[type=submit]");
    await page.waitForURL(`${appUrl}/setup`);

    // Welcome: the steps, then Company.
    await expect.poll(() => page.textContent("h1")).toBe("Welcome, Ada!");
    expect(await page.locator("[aria-current=step]").innerText()).toBe("Welcome");
    await fits(page, "welcome");
    await page.getByRole("button", { name: "Let's start" }).click();
    await page.waitForURL(`${appUrl}/setup/company`);

    // Company: its name, address and a currency it did not have yet.
    await page.fill("input[name=label]", "Harbour Coffee Ltd");
    await page.fill("input[name=address1]", "1 Quay Street");
    await page.fill("input[name=city]", "Bristol");
    await page.selectOption("select[name=default_currency]", "GBP");
    await fits(page, "company");
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(`${appUrl}/setup/locations-users`);

    // Locations and users: the first location renamed, another added, someone invited as sales.
    await page.fill("input[name=label] >> nth=0", "Quay warehouse");
    await page.getByRole("button", { name: "Rename" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe("The location was renamed.");
    await page.fill("input[name=label] >> nth=1", "City shop");
    await page.getByRole("button", { name: "Add the location" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe("The location was added.");
    await page.fill("input[name=email]", `barista-${Date.now().toString(36)}@example.test`);
    await page.fill("input[name=first_name]", "Grace");
    await page.fill("input[name=last_name]", "Hopper");
    await page.selectOption("select[name=role]", "sales");
    await page.getByRole("button", { name: "Send the invitation" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe("The invitation was sent.");
    expect(await page.locator("main").innerText()).toContain("Grace Hopper");
    await fits(page, "locations-users");
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(`${appUrl}/setup/content`);

    // Signed out mid-way, then back: the wizard resumes at the step saved.
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(`${appUrl}/login`);
    await signIn(page, email);
    await page.waitForURL(`${appUrl}/setup/content`);
    await page.goto(`${appUrl}/dashboard`);
    expect(path(page)).toBe("/setup/content");

    // Content: generated test content, its progress live until done.
    await fits(page, "content");
    await page.getByLabel("Generate test content").check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.locator(".setup-operation").getAttribute("data-status"), { timeout: 120_000 }).toBe("completed");
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForURL(`${appUrl}/setup/finish`);

    // Finish: the summary, then the dashboard.
    const summary = await page.locator(".setup-summary").innerText();
    expect(summary).toContain("Harbour Coffee Ltd");
    expect(summary).toContain("GBP");
    expect(summary).toContain("City shop, Quay warehouse");
    expect(summary).toMatch(/Test content \(\d+ records\)/);
    await fits(page, "finish");
    await page.getByRole("button", { name: "Go to my dashboard" }).click();
    await page.waitForURL(`${appUrl}/dashboard`);
    expect(await page.getByTestId("test-content").innerText()).toContain("generated test content");

    // The lists hold the generated business, in pounds.
    await page.goto(`${appUrl}/products-and-services/products`);
    await expect.poll(() => page.locator("main").innerText()).toContain("Coffee beans 1 kg");
    await page.goto(`${appUrl}/contacts/customers`);
    await expect.poll(() => page.locator("main").innerText()).toContain("Corner Café");

    // The store shows the products to a buyer of a generated customer, once the store is open.
    const user = (await control.query.users.findFirst({ where: eq(controlSchema.users.email, email) }))!;
    const db = await companyDb(user.currentCompanyId!);
    await db.insert(t.storeSettings).values({ id: 1, settings: { status: true } });
    const [customer] = await db.select({ id: t.customers.id }).from(t.customers).where(eq(t.customers.label, "Corner Café"));
    const buyer = await makeUser(user.currentCompanyId!, [], { customerId: String(customer!.id) });
    const buyerContext = await browser.newContext({ locale: "en-GB", viewport: { width: 375, height: 800 } });
    const [name, value] = buyer.cookie.split(/=(.*)/s);
    await buyerContext.addCookies([{ name: name!, value: value!, url: appUrl }]);
    const store = await buyerContext.newPage();
    await store.goto(`${appUrl}/b2b`);
    await expect.poll(() => store.locator("[data-testid=store-product]").count()).toBeGreaterThan(5);
    expect(await store.locator("main").innerText()).toContain("Coffee beans 1 kg");
    await buyerContext.close();

    // Removed in one action from the dashboard, with its progress; the lists are empty of it.
    await page.goto(`${appUrl}/dashboard`);
    await fits(page, "dashboard-banner");
    await page.getByTestId("test-content").locator("summary", { hasText: "Remove test content" }).click();
    await page.getByTestId("test-content").locator("input[name=acknowledge_irreversible]").check();
    await page.getByRole("button", { name: "Remove it all" }).click();
    await expect
      .poll(() => page.locator("[data-testid=test-content] .setup-operation").getAttribute("data-status"), { timeout: 120_000 })
      .toBe("completed");
    // The customer the store buyer signs in for is kept, and said to be.
    expect(await page.getByTestId("test-content").innerText()).toContain("Generated records kept because records you made use them: 1.");
    await page.goto(`${appUrl}/products-and-services/products`);
    await expect.poll(() => page.locator("main").innerText()).not.toContain("Coffee beans 1 kg");
    await page.goto(`${appUrl}/contacts/customers`);
    await expect.poll(() => page.locator("main").innerText()).not.toContain("The Reading Room");
    expect(await page.locator("main").innerText()).toContain("Corner Café");
    expect(await db.select({ id: t.testContent.recordId }).from(t.testContent)).toEqual([]);
    await context.close();
  });
});
