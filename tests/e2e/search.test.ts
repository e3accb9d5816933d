import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { launchBrowser } from "../support/browser";
import { companyCtx, companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation } from "../support/isolation/stock";

const appUrl = inject("appUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the global search", () => {
  it("is reached with the s key, finds an estimate by its number and opens it", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const customer = await makeCustomer(db, { label: "Maison Orsini" });
    const estimate = await createEstimate(await companyCtx(company.companyId), {
      customer_id: customer.id,
      location_id: await firstLocation(db),
    });
    const user = await makeUser(company.companyId, ["view_estimates", "view_customers"]);
    const context = await browser.newContext({ locale: "en-GB", extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" } });
    await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();
    await page.goto(`${appUrl}/dashboard`);

    // Until the page is hydrated the key does nothing: press it until the search field has the focus.
    await expect
      .poll(async () => {
        await page.keyboard.press("s");
        return page.evaluate(() => document.activeElement?.getAttribute("name"));
      })
      .toBe("q");
    await page.fill("input[name=q]", estimate.number);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search");
    const link = page.locator(`a[href="/sales/estimates/${estimate.id}"]`);
    expect(await link.textContent()).toBe(estimate.number);
    expect(await page.textContent("main")).toContain("Maison Orsini");
    await link.click();
    await page.waitForURL((url) => url.pathname === `/sales/estimates/${estimate.id}`);
    await context.close();
  });
});
