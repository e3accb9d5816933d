import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { todayIn } from "../../worker/domain/stock/common";
import { firstCycleDate } from "../../worker/domain/subscriptions/renewal";
import { browserOfFile } from "../support/browser";
import { companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation, makeVariant } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const t = tenantSchema;
const browser = browserOfFile();

/** A company selling a 20.00 € maintenance plan to one customer, and a user who manages subscriptions. */
async function shop() {
  const company = await makeCompany();
  const db = await companyDb(company.companyId);
  const [retail] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const [euro] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
  const plan = await makeVariant(db, { sku: `PLAN-${Date.now().toString(36)}`, trackInventory: false });
  await db.insert(t.prices).values({ variantId: plan.id, priceLevelId: retail!.id, currencyId: euro!.id, amount: 200_000 });
  const buyer = await makeCustomer(db, { priceLevelId: retail!.id });
  const user = await makeUser(company.companyId, ["view_subscriptions", "edit_subscriptions", "view_invoices"]);
  return { buyer, plan, user, shopFloor: await firstLocation(db) };
}
type Shop = Awaited<ReturnType<typeof shop>>;

async function tab(s: Shop, language: "en" | "fr" = "en", width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser().newContext({
    locale: language === "fr" ? "fr-FR" : "en-GB",
    extraHTTPHeaders: { "accept-language": language === "fr" ? "fr-FR,fr;q=0.9" : "en-GB,en;q=0.9" },
    viewport: { width, height: 900 },
  });
  await context.addCookies([{ name: "session", value: s.user.cookie.slice("session=".length), url: appUrl }]);
  return { context, page: await context.newPage() };
}

const first = (page: Page, selector: string) => page.locator(selector).first().innerText();

describe("subscriptions in the back-office", () => {
  it("a subscription is created with its terms, shows its next invoice and end date, is listed, edited and cancelled", async () => {
    const s = await shop();
    const { context, page } = await tab(s);
    await page.goto(`${appUrl}/sales/subscriptions/create`);
    await page.selectOption("#field-customer_id", String(s.buyer.id));
    await page.selectOption("#field-location_id", String(s.shopFloor));
    await page.fill("#field-billing_cycle", "3");
    await page.fill("#field-cycle_limit", "4");
    await page.selectOption("#field-first_billing", "first_day_of_month");
    const lookup = page.locator(".line-editor__add input");
    await expect.poll(() => lookup.isEnabled()).toBe(true);
    await lookup.fill(s.plan.sku);
    await lookup.press("Enter");
    await page.locator("tr[data-lid] td.lines-table__sku", { hasText: s.plan.sku }).waitFor();
    await expect.poll(() => first(page, "[data-total=total]")).toBe("€20.00");
    await page.screenshot({ path: "test-results/subscription-create.png", fullPage: true });
    await page.click("button[value=save]");
    await page.waitForURL(/\/sales\/subscriptions\/\d+\?notice=created$/);
    const path = new URL(page.url()).pathname;
    await expect.poll(() => first(page, "h1")).toMatch(/^Subscription ABO-\d+ Active$/);
    const firstDay = firstCycleDate("first_day_of_month", todayIn("UTC"), null);
    const detail = await page.locator(".detail-list").innerText();
    expect(detail).toContain("First day of the month");
    expect(detail).toContain("0 of 4");
    expect(detail).toContain(firstDay);
    expect(await page.locator(".card", { hasText: "Invoices" }).innerText()).toContain("No invoice yet");
    await page.screenshot({ path: "test-results/subscription-detail.png", fullPage: true });

    await page.goto(`${appUrl}/sales/subscriptions`);
    await expect.poll(() => page.locator(`a[href='${path}']`).count()).toBeGreaterThan(0);
    await page.screenshot({ path: "test-results/subscription-list.png", fullPage: true });

    await page.goto(`${appUrl}${path}/edit`);
    expect(await page.inputValue("#field-billing_cycle")).toBe("3");
    await page.fill("#field-cycle_limit", "");
    await page.click("button[value=save]");
    await page.waitForURL(new RegExp(`${path}\\?notice=saved$`));
    expect(await page.locator(".detail-list").innerText()).toContain("Never");

    await page.click("button[value=cancel]");
    await page.waitForURL(new RegExp(`${path}\\?notice=moved$`));
    await expect.poll(() => first(page, "h1 .status-chip")).toBe("Cancelled");
    expect(await page.locator(`a[href='${path}/edit']`).count()).toBe(0);
    await context.close();
  });

  it("in French, a specific day in the past is refused at its field", async () => {
    const s = await shop();
    const { context, page } = await tab(s, "fr");
    await page.goto(`${appUrl}/sales/subscriptions/create`);
    await page.selectOption("#field-customer_id", String(s.buyer.id));
    await page.selectOption("#field-location_id", String(s.shopFloor));
    await page.selectOption("#field-first_billing", "specific_day");
    await page.fill("#field-specific_day", "2020-01-01");
    await page.click("button[value=save]");
    await expect
      .poll(() => first(page, "#field-specific_day-error"))
      .toContain("Le jour de la première facture est aujourd'hui ou plus tard");
    await page.screenshot({ path: "test-results/subscription-create-fr.png", fullPage: true });
    await context.close();
  });
});
