import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { launchBrowser } from "../support/browser";
import { makeCompany, makeUser } from "../support/e2e-factories";

const appUrl = inject("appUrl");
const PAGE = `${appUrl}/settings/payment-methods`;
// Where the screenshots go when asked (looked at by a person, not compared).
const SHOTS = process.env.PAYMENT_METHODS_SHOTS;
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
  const page = await context.newPage();
  // Deleting asks for a confirmation; these journeys do not delete.
  page.on("dialog", (dialog) => void dialog.dismiss());
  return page;
}

// A form post and its redirect take a while on a busy machine.
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });
const row = (page: Page, label: string) => page.locator("table.data-table tbody tr", { hasText: label });
const labels = (page: Page) =>
  page.$$eval("table.data-table tbody tr td:first-child", (tds) => tds.map((td) => td.textContent?.trim() ?? ""));

describe("the payment methods settings in the browser", () => {
  it.each([
    ["en", 1280],
    ["fr", 375],
  ] as const)("in %s at %i px: adds a method, is refused a taken name, renames it and deactivates it", async (language, width) => {
    const company = await makeCompany();
    const admin = await makeUser(company.companyId, ADMINISTRATOR_PERMISSIONS);
    const page = await settingsPage(admin.cookie, language, width);
    const fr = language === "fr";

    await page.goto(PAGE);
    expect(await page.textContent("h1")).toBe(fr ? "Moyens de paiement" : "Payment methods");
    // The settings menu leads here.
    expect(await page.locator("a[href='/settings/payment-methods']").count()).toBeGreaterThan(0);
    // The four a company starts with (the company was made in English).
    expect(await labels(page)).toEqual(["Bank transfer", "Card", "Cash", "Cheque"]);

    // A new method offered at the point of sale.
    await page.fill("#field-label", "Voucher");
    await page.check("#field-pos");
    await page.click("button[type=submit].button--primary");
    await poll(() => page.textContent("[role=status]")).toBe(fr ? "Moyen de paiement ajouté." : "Payment method added.");
    expect(await row(page, "Voucher").locator("td").nth(1).innerText()).toBe(fr ? "Oui" : "Yes");

    // The same name in other letters is refused at the field, and what was typed stays.
    await page.fill("#field-label", "VOUCHER");
    await page.click("button[type=submit].button--primary");
    await poll(() => page.textContent("#field-label-error")).toBe(
      fr ? "Un moyen de paiement porte déjà ce nom." : "A payment method already has this name.",
    );
    expect(await page.inputValue("#field-label")).toBe("VOUCHER");

    // Renamed through its edit form.
    await row(page, "Voucher")
      .getByRole("link", { name: fr ? "Modifier Voucher" : "Edit Voucher" })
      .click();
    await poll(() => page.inputValue("#field-label")).toBe("Voucher");
    await page.fill("#field-label", "Gift voucher");
    await page.click("button[type=submit].button--primary");
    await poll(() => page.textContent("[role=status]")).toBe(fr ? "Moyen de paiement enregistré." : "Payment method saved.");
    expect(await labels(page)).toEqual(["Bank transfer", "Card", "Cash", "Cheque", "Gift voucher"]);

    // Deactivated from its row.
    await row(page, "Gift voucher")
      .getByRole("button", { name: fr ? "Désactiver Gift voucher" : "Disable Gift voucher" })
      .click();
    await poll(() => page.textContent("[role=status]")).toBe(fr ? "Moyen de paiement désactivé." : "Payment method disabled.");
    expect(await row(page, "Gift voucher").locator(".badge--off").innerText()).toBe(fr ? "Inactif" : "Inactive");

    // Nothing wider than the screen.
    const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(scroll).toBeLessThanOrEqual(inner);
    if (SHOTS) {
      // The table scrolls on its own on a phone: shown from its first column.
      await page.$eval(".table-scroll", (el) => el.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/paymethods-${language}-${width}.png`, fullPage: true });
    }
    await page.context().close();
  });
});
