import { and, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { controlSchema } from "../../db/client";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { launchBrowser } from "../support/browser";
import { control, makeCompany, makeUser } from "../support/e2e-factories";

const appUrl = inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function settingsPage(cookie: string, language: "en" | "fr", width: number): Promise<Page> {
  const context = await browser.newContext({
    locale: language === "fr" ? "fr-FR" : "en-GB",
    extraHTTPHeaders: { "accept-language": language === "fr" ? "fr-FR,fr;q=0.9" : "en-GB,en;q=0.9" },
    viewport: { width, height: 900 },
  });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
  return context.newPage();
}

const subscribe = (companyId: string) =>
  control.update(controlSchema.companies).set({ status: "subscribed" }).where(eq(controlSchema.companies.id, companyId));

// A form post and its redirect take a while on a busy machine.
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });
const row = (page: Page, label: string) => page.locator("table.data-table tbody tr", { hasText: label });

describe("the alerts settings in the browser", () => {
  it("shows a trial company the spec's message instead of the alerts", async () => {
    const company = await makeCompany();
    const admin = await makeUser(company.companyId, ADMINISTRATOR_PERMISSIONS);
    const page = await settingsPage(admin.cookie, "en", 1280);
    await page.goto(`${appUrl}/settings/alerts`);
    expect(await page.textContent("h1")).toBe("Alerts");
    expect(await page.textContent("[role=alert]")).toBe("Alerts are not available to trial accounts.");
    expect(await page.locator("form #field-label").count()).toBe(0);
    await page.context().close();
  });

  it.each([
    ["en", 1280],
    ["fr", 375],
  ] as const)(
    "in %s at %i px: adds an alert, is refused a recipient its trigger cannot have, and deactivates it",
    async (language, width) => {
      const company = await makeCompany();
      await subscribe(company.companyId);
      const admin = await makeUser(company.companyId, ADMINISTRATOR_PERMISSIONS);
      const page = await settingsPage(admin.cookie, language, width);
      const fr = language === "fr";

      await page.goto(`${appUrl}/settings/alerts`);
      expect(await page.textContent("h1")).toBe(fr ? "Alertes" : "Alerts");
      // The settings menu leads here.
      expect(await page.locator("a[href='/settings/alerts']").count()).toBeGreaterThan(0);

      // The customer's representative is for sales orders only: refused on a stock alert, at its field.
      await page.fill("#field-label", "Low stock");
      await page.selectOption("#field-trigger_alert", "below_re_order_point");
      await page.selectOption("#field-recipient", "account_representative");
      await page.click("button[type=submit].button--primary");
      await poll(() => page.textContent("#field-recipient-error")).toBe(
        fr
          ? "Seule une alerte de commande client peut écrire au représentant du client."
          : "Only a sales order alert can email the customer's account representative.",
      );
      expect(await page.inputValue("#field-label")).toBe("Low stock");

      await page.selectOption("#field-recipient", admin.userId);
      await page.click("button[type=submit].button--primary");
      await poll(() => page.textContent("[role=status]")).toBe(fr ? "Alerte ajoutée." : "Alert added.");
      expect(await row(page, "Low stock").locator("td").nth(1).innerText()).toBe(
        fr ? "Un produit passe sous son seuil de réapprovisionnement" : "A product goes below its reorder point",
      );
      expect(await row(page, "Low stock").locator("td").nth(2).innerText()).toBe("Sam Staff");

      await row(page, "Low stock")
        .getByRole("button", { name: fr ? "Désactiver Low stock" : "Disable Low stock" })
        .click();
      await poll(() => page.textContent("[role=status]")).toBe(fr ? "Alerte désactivée." : "Alert deactivated.");

      // Nothing wider than the screen.
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(scroll).toBeLessThanOrEqual(inner);
      await page.context().close();
    },
  );

  it("lists the account representatives and invites one with the type chosen", async () => {
    const company = await makeCompany();
    const admin = await makeUser(company.companyId, ADMINISTRATOR_PERMISSIONS);
    const representative = await makeUser(company.companyId, []);
    await control
      .update(controlSchema.memberships)
      .set({ userType: "accountRepresentative" })
      .where(and(eq(controlSchema.memberships.userId, representative.userId), eq(controlSchema.memberships.companyId, company.companyId)));
    const page = await settingsPage(admin.cookie, "fr", 1280);
    await page.goto(`${appUrl}/settings/account-representatives`);
    expect(await page.textContent("h1")).toBe("Représentants");
    expect(await page.locator("table.data-table tbody tr").allInnerTexts()).toEqual([expect.stringContaining(representative.email)]);
    await page.getByRole("link", { name: "Inviter un représentant" }).click();
    await poll(() => page.inputValue("#field-type")).toBe("accountRepresentative");
    await page.context().close();
  });
});
