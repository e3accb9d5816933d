import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { launchBrowser } from "../support/browser";
import { makeCompany, makeUser } from "../support/e2e-factories";
import { fetchApp } from "../support/e2e-fetch-app";

const appUrl = inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the shell in a real browser", () => {
  it("shows 'This page could not be found' with status 404 for an unknown path", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${appUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.textContent("h1")).toBe("This page could not be found");
    await page.close();
  });

  it("shows a visitor without a session the bare 404 page, without the back-office's bar and menu", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${appUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator(".top-bar, #side-menu").count()).toBe(0);
    await page.close();
  });

  it("answers an unknown path with 404 for a form POST too", async () => {
    const response = await fetchApp("/no/such/page", { method: "POST", form: { a: "1" } });
    expect(response.status).toBe(404);
  });

  it("renders the sign-in page in French for a French browser", async () => {
    const context = await browser.newContext({ locale: "fr-FR", extraHTTPHeaders: { "accept-language": "fr-FR,fr;q=0.9" } });
    const page = await context.newPage();
    await page.goto(`${appUrl}/login`);
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    expect(await page.textContent("h1")).toBe("Connexion");
    await context.close();
  });

  it("sends a visitor without a session to /login with the wanted path", async () => {
    const page = await browser.newPage();
    await page.goto(`${appUrl}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(new URL(page.url()).searchParams.get("redirection")).toBe("/dashboard");
    await page.close();
  });

  it("posts the sign-in form to its action and shows the spec's messages", async () => {
    const page = await browser.newPage();
    await page.goto(`${appUrl}/login`);
    await page.click("button[type=submit]");
    await expect.poll(() => page.textContent("[role=alert]")).toBe("Email and Password are required to login");
    await page.fill("input[name=email]", "nobody@example.test");
    await page.fill("input[name=password]", "wrong-password");
    await page.click("button[type=submit]");
    await expect.poll(() => page.textContent("[role=alert]")).toBe("Email and Password are not valid");
    await page.close();
  });

  it("signs the demo user in, shows the back-office shell with the demo company, and signs out", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${appUrl}/dashboard`);
    await page.fill("input[name=email]", inject("demoEmail"));
    await page.fill("input[name=password]", inject("demoPassword"));
    await page.click("button[type=submit]");
    await page.waitForURL(`${appUrl}/dashboard`);
    await expect.poll(() => page.textContent("h1")).toBe("Welcome, Camille");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(await page.textContent("main")).toContain("Entrepôt Lyon");
    // The side menu is open by default above 960 px: its labels are visible.
    expect(await page.isVisible("#side-menu >> text=Contacts")).toBe(true);
    await page.click("button[aria-label=Account]");
    // Find help opens the configured support site (HELP_URL) in the user's language, in a new tab.
    const help = page.locator("a", { hasText: "Find help" });
    expect(await help.getAttribute("href")).toBe("https://help.example.test/en/");
    expect(await help.getAttribute("target")).toBe("_blank");
    expect(await help.getAttribute("rel")).toBe("noopener noreferrer");
    await page.click("text=Log out");
    await page.waitForURL(`${appUrl}/login`);
    await page.goto(`${appUrl}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.close();
  });

  it("keeps the side menu folded on a narrow screen until it is opened", async () => {
    const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${appUrl}/login`);
    await page.fill("input[name=email]", inject("demoEmail"));
    await page.fill("input[name=password]", inject("demoPassword"));
    await page.click("button[type=submit]");
    await page.waitForURL(`${appUrl}/dashboard`);
    expect(await page.isVisible("#side-menu >> text=Contacts")).toBe(false);
    await page.click("button[aria-label='Toggle the menu']");
    expect(await page.isVisible("#side-menu >> text=Contacts")).toBe(true);
    await context.close();
  });

  it("switches the language through the language form and remembers it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appUrl}/login`);
    expect(await page.textContent("h1")).toBe("Sign in");
    await page.click("button[name=locale][value=fr]");
    await expect.poll(() => page.textContent("h1")).toBe("Connexion");
    const cookie = (await context.cookies()).find((c) => c.name === "lang");
    expect(cookie?.value).toBe("fr");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await page.goto(`${appUrl}/login`);
    expect(await page.textContent("h1")).toBe("Connexion");
    await context.close();
  });

  it("refuses a form post coming from another site", async () => {
    const response = await fetchApp("/login", {
      method: "POST",
      headers: { origin: "https://evil.example" },
      form: { email: "a@b.c", password: "x" },
    });
    // Refused before the action runs (React Router's own origin check answers 400, ours 403).
    expect([400, 403]).toContain(response.status);
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});

/** A browser signed in as a new staff member holding every back-office permission, in a new company. */
async function staffBrowser(options: { width: number; french?: boolean }) {
  const company = await makeCompany();
  const user = await makeUser(company.companyId, [...ADMINISTRATOR_PERMISSIONS]);
  const context = await browser.newContext({
    viewport: { width: options.width, height: 800 },
    ...(options.french ? { locale: "fr-FR", extraHTTPHeaders: { "accept-language": "fr-FR,fr;q=0.9" } } : {}),
  });
  const [name, value] = user.cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
  return { context, page: await context.newPage(), company };
}

const box = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;

describe("the shell on a phone and on a signed-in user's pages", () => {
  it("below 960 px makes the side menu a drawer over the page: hidden until opened, over the page without moving it, closed by a tap beside it or by choosing a page", async () => {
    const { context, page } = await staffBrowser({ width: 375 });
    await page.goto(`${appUrl}/dashboard`);
    await page.waitForLoadState("networkidle");
    // Closed, the menu leaves no strip: the page starts at the screen's edge.
    expect(await page.isVisible("#side-menu")).toBe(false);
    const left = (await box(page, "main")).x;
    expect(left).toBeLessThan(20);

    await page.click("button[aria-label='Toggle the menu']");
    await expect.poll(() => page.isVisible("#side-menu >> text=Contacts")).toBe(true);
    expect(await page.getAttribute("button[aria-label='Toggle the menu']", "aria-expanded")).toBe("true");
    // Over the page: the page has not moved, the menu covers its left part.
    expect((await box(page, "main")).x).toBe(left);
    await expect.poll(async () => (await box(page, "#side-menu")).x).toBe(0);
    expect((await box(page, "#side-menu")).width).toBeGreaterThan(200);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A tap on the page beside the drawer closes it.
    await page.mouse.click(360, 400);
    await expect.poll(() => page.isVisible("#side-menu")).toBe(false);

    // Choosing a page closes it too.
    await page.click("button[aria-label='Toggle the menu']");
    await page.click("#side-menu summary[aria-label=Contacts]");
    await page.click("#side-menu a[aria-label=Customers]");
    await page.waitForURL(`${appUrl}/contacts/customers`);
    await expect.poll(() => page.isVisible("#side-menu")).toBe(false);

    // Escape closes it as well.
    await page.click("button[aria-label='Toggle the menu']");
    await expect.poll(() => page.isVisible("#side-menu")).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.isVisible("#side-menu")).toBe(false);
    await context.close();
  });

  it("on a phone opens the search from a button in the bar and searches from there", async () => {
    const { context, page } = await staffBrowser({ width: 375 });
    await page.goto(`${appUrl}/dashboard`);
    await page.waitForLoadState("networkidle");
    const field = page.getByRole("searchbox", { name: "Search" });
    expect(await field.isVisible()).toBe(false);
    const open = page.getByRole("button", { name: "Search", exact: true });
    expect(await open.count()).toBe(1);
    await open.click();
    await expect.poll(() => field.isVisible()).toBe(true);
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    const { width } = await field.boundingBox().then((b) => b!);
    expect(width).toBeGreaterThan(200);
    await field.fill("mug");
    await field.press("Enter");
    await page.waitForURL(`${appUrl}/search?q=mug`);
    await context.close();
  });

  it("keeps the bar and the side menu on a signed-in user's 404", async () => {
    const { context, page } = await staffBrowser({ width: 1280 });
    const response = await page.goto(`${appUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.textContent("h1")).toBe("This page could not be found");
    expect(await page.isVisible(".top-bar button[aria-label=Account]")).toBe(true);
    expect(await page.isVisible("#side-menu >> text=Contacts")).toBe(true);
    await context.close();
  });

  it("opens the side menu's group of the page shown, and puts a closed group's entries in the page when it first opens", async () => {
    const { context, page } = await staffBrowser({ width: 1280 });
    const response = await page.goto(`${appUrl}/contacts/customers`);
    const html = await response!.text();
    const group = (label: string) => page.locator(`#side-menu details:has(> summary[aria-label='${label}'])`);
    // As the server sent it: the page's group open with its entry marked, the other groups closed and empty.
    expect(html).toMatch(/<details class="side-menu__group" open="">/);
    expect(html).toContain('aria-current="page" class="side-menu__link active" href="/contacts/customers"');
    expect(html).not.toContain('href="/sales/estimates"');
    // The menu is in the page's code: its data names only what the user may not see.
    expect(html).not.toContain("menu.sales_orders");
    expect(await group("Contacts").getAttribute("open")).toBe("");
    expect(await group("Sales").getAttribute("open")).toBeNull();
    expect(await page.locator("#side-menu a[href='/sales/estimates']").count()).toBe(0);

    await page.click("#side-menu summary[aria-label=Sales]");
    await page.click("#side-menu a[aria-label=Estimates]");
    await page.waitForURL(`${appUrl}/sales/estimates`);
    await expect.poll(() => page.getAttribute("#side-menu a[href='/sales/estimates']", "aria-current")).toBe("page");
    // The group the user opened stays open; so does the one they did not close.
    expect(await group("Sales").getAttribute("open")).toBe("");
    expect(await group("Contacts").getAttribute("open")).toBe("");
    // Closed again, its entries stay in the page, hidden.
    await page.click("#side-menu summary[aria-label=Contacts]");
    await expect.poll(() => page.isVisible("#side-menu a[href='/contacts/customers']")).toBe(false);
    expect(await page.locator("#side-menu a[href='/contacts/customers']").count()).toBe(1);
    await context.close();
  });

  it("titles the page of 'Inventory count' as its menu entry, in English and in French", async () => {
    for (const [french, title] of [
      [false, "Inventory count"],
      [true, "Inventaire"],
    ] as const) {
      const { context, page } = await staffBrowser({ width: 1280, french });
      await page.goto(`${appUrl}/inventory/inventory-bulk-update`);
      const entry = page.locator("#side-menu a[href='/inventory/inventory-bulk-update'] .side-menu__text");
      expect(await entry.textContent()).toBe(title);
      expect(await page.locator("h1").innerText()).toBe(title);
      expect(await page.title()).toMatch(new RegExp(`^${title} \\| `));
      await context.close();
    }
  });

  it("lists a new company's warehouse on the dashboard as its name alone, without a dot for the city it has not", async () => {
    const { context, page } = await staffBrowser({ width: 1280 });
    await page.goto(`${appUrl}/dashboard`);
    const locations = page.locator("section.card li");
    expect(await locations.allInnerTexts()).toEqual(["Main warehouse"]);
    await context.close();
  });

  it("offers Find help in French for a French user", async () => {
    const { context, page } = await staffBrowser({ width: 1280, french: true });
    await page.goto(`${appUrl}/dashboard`);
    await page.click("button[aria-label=Compte]");
    const help = page.locator("a", { hasText: "Trouver de l'aide" });
    expect(await help.getAttribute("href")).toBe("https://help.example.test/fr/");
    await context.close();
  });
});
