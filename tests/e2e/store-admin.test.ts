import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { launchBrowser } from "../support/browser";
import { companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { fetchApp } from "../support/e2e-fetch-app";
import { makeCustomer } from "../support/isolation/sales";
import { firstLink, waitForEmail } from "../support/sink-client";

const appUrl = inject("appUrl");
const mailUrl = inject("mailUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(cookie: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1200, height: 900 } });
  if (cookie) {
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
  }
  return context;
}

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const SECTIONS = ["setup", "about-us", "customization", "filters", "featured-products", "access-form", "email-invite"];

describe("the store's administration", () => {
  it("staff open the store with its address and colours; a visitor asks for access, staff grant it, and the new buyer chooses a password and lands in the store", async () => {
    const company = await makeCompany();
    const staffUser = await makeUser(company.companyId, [...ADMINISTRATOR_PERMISSIONS, "b2b_portal"]);
    const slug = `shop-${Date.now().toString(36)}`;
    const staff = await signedIn(staffUser.cookie);
    const page = await staff.newPage();

    // Every part of the settings opens.
    for (const section of SECTIONS)
      expect((await fetchApp(`/b2b-store/settings/${section}`, { cookie: staffUser.cookie })).status).toBe(200);

    // The side menu has a single store entry while the store is closed.
    await page.goto(`${appUrl}/b2b-store/settings/setup`);
    expect(await page.locator("nav a[href='/b2b-store/dashboard']").count()).toBe(0);
    await page.check("input[name=status]");
    await page.fill("input[name=url]", "Not a slug!");
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => page.locator(".field--invalid").first().innerText())
      .toContain("Use lower-case letters, digits and dashes only");
    await page.fill("input[name=url]", slug);
    await page.fill("input[name=email]", "help@shop.example.test");
    await page.fill("input[name=phone]", "+33 1 23 45 67 89");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe("The store's settings are saved.");
    expect(await page.locator(`a[href$='/b2b/login?company=${slug}']`).count()).toBe(1);
    // Once open, the store's entry is a group with its dashboard, customers and settings.
    expect(await page.locator("a[href='/b2b-store/dashboard']").count()).toBeGreaterThan(0);

    await page.goto(`${appUrl}/b2b-store/settings/customization`);
    await page.fill("input[name=primary_color]", "#fdd835");
    await page.fill("input[name=login_headline]", "Order at your prices");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe("The store's settings are saved.");
    // The banner goes to the files bucket; a text file is refused at its field.
    const banner = page.getByTestId("store-image-banner");
    await banner.locator("input[type=file]").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await banner.getByRole("button", { name: "Upload" }).click();
    await expect.poll(() => page.getByTestId("store-image-banner").locator(".field__error").count()).toBe(1);
    await page
      .getByTestId("store-image-banner")
      .locator("input[type=file]")
      .setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: Buffer.from(PNG, "base64") });
    await page.getByTestId("store-image-banner").getByRole("button", { name: "Upload" }).click();
    await expect.poll(() => page.getByTestId("store-image-banner").locator("img").count()).toBe(1);
    await page.goto(`${appUrl}/b2b-store/settings/about-us`);
    await page.fill("textarea[name=about_us]", "Since 1998, fine groceries.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe("The store's settings are saved.");
    await page.goto(`${appUrl}/b2b-store/settings/email-invite`);
    await page.fill("textarea[name=invite_message]", "Welcome aboard: our catalogue is yours.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe("The store's settings are saved.");

    // A visitor finds the store's sign-in page in its colours, and asks for access.
    const visitorContext = await signedIn(null);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${appUrl}/b2b/login?company=${slug}`);
    expect(await visitor.locator("h1").innerText()).toBe("Order at your prices");
    const brand = visitor.locator(".store-login__brand");
    expect(await brand.innerText()).toBe(company.label);
    // A bright yellow gets black text (the 186 threshold).
    expect(await brand.evaluate((e) => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color])).toEqual([
      "rgb(253, 216, 53)",
      "rgb(0, 0, 0)",
    ]);
    await visitor.getByRole("link", { name: "Request access" }).click();
    const email = `lea-${Date.now().toString(36)}@cafe.example.test`;
    await visitor.fill("input[name=company_name]", "Café Lumière");
    await visitor.fill("input[name=first_name]", "Léa");
    await visitor.fill("input[name=last_name]", "Roy");
    await visitor.fill("input[name=email]", "not an email");
    await visitor.getByRole("button", { name: "Send the request" }).click();
    await expect.poll(() => visitor.locator(".field--invalid").count()).toBe(1);
    await visitor.fill("input[name=email]", email);
    await visitor.getByRole("button", { name: "Send the request" }).click();
    await expect.poll(() => visitor.getByRole("status").innerText()).toContain("your request has been sent");

    // Staff grant it: the requester becomes the buyer of a new customer and is invited by email.
    await page.goto(`${appUrl}/b2b-store/customers`);
    const request = page.locator(`[data-testid=access-request][data-email='${email}']`);
    expect(await request.innerText()).toContain("Café Lumière");
    await request.getByRole("button", { name: "Grant" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toBe("Access granted: the buyer has been invited by email.");
    expect(await page.getByTestId("store-customers").innerText()).toContain(email);

    const invitation = await waitForEmail(mailUrl, email);
    expect(invitation.text).toContain("Welcome aboard: our catalogue is yours.");
    const link = firstLink(invitation);
    await visitor.goto(`${appUrl}${link.pathname}${link.search}`);
    await visitor.fill("input[name=password]", "Fresh-start-42!");
    await visitor.fill("input[name=confirmation]", "Fresh-start-42!");
    await visitor.click("button[type=submit]");
    await visitor.waitForURL(`${appUrl}/b2b`);
    // The store's banner is on its home.
    await expect.poll(() => visitor.locator("img.storefront__banner").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    // The store's menu: about us (it has a text) and help (it has both a phone and an email).
    await expect.poll(() => visitor.getByRole("link", { name: "About us" }).count()).toBe(1);
    await visitor.getByTestId("store-help").locator("summary").click();
    expect(await visitor.getByTestId("store-help").innerText()).toContain("help@shop.example.test");
    await visitor.getByRole("link", { name: "About us" }).click();
    await expect.poll(() => visitor.locator("main").innerText()).toContain("Since 1998, fine groceries.");
    await visitorContext.close();

    // Staff with b2b_portal view the store as that customer, then leave it.
    await page.goto(`${appUrl}/b2b-store/customers`);
    await page
      .locator("[data-testid=store-customer]", { hasText: "Café Lumière" })
      .getByRole("button", { name: "View the store as this customer" })
      .click();
    await page.waitForURL(`${appUrl}/b2b`);
    expect(await page.getByRole("status").innerText()).toContain("You are viewing the store as this customer");
    await page.getByTestId("leave-store").click();
    await page.waitForURL(`${appUrl}/b2b-store/customers`);
    await staff.close();
  });

  it("a closed store signs its buyers out, and a store that hides orders sends its history to its home", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const customer = await makeCustomer(db);
    const buyer = await makeUser(company.companyId, [], { customerId: String(customer.id) });
    const closed = await fetchApp("/b2b", { cookie: buyer.cookie });
    expect(closed.status).toBe(302);
    expect(closed.headers.get("location")).toBe("/logout");
    const { tenantSchema } = await import("../../db/client");
    await db.insert(tenantSchema.storeSettings).values({ id: 1, settings: { status: true, hide_orders: true } });
    const again = await makeUser(company.companyId, [], { customerId: String(customer.id) });
    expect((await fetchApp("/b2b", { cookie: again.cookie })).status).toBe(200);
    const history = await fetchApp("/b2b/orders-history", { cookie: again.cookie });
    expect(history.headers.get("location")).toBe("/b2b");
    expect((await fetchApp("/b2b/about-us", { cookie: again.cookie })).headers.get("location")).toBe("/b2b");
  });
});
