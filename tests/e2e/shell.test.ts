import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
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
    await expect.poll(() => page.textContent("h1")).toBe("Welcome, Camille");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(await page.textContent("main")).toContain("Entrepôt Lyon");
    // The side menu is open by default above 960 px: its labels are visible.
    expect(await page.isVisible("#side-menu >> text=Contacts")).toBe(true);
    await page.click("button[aria-label=Account]");
    // Find help opens the support site in the user's language, in a new tab.
    const help = page.locator("a", { hasText: "Find help" });
    expect(await help.getAttribute("href")).toBe("https://help.comptoir.example/en/");
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
