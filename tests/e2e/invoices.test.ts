import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { browserOfFile } from "../support/browser";
import { companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation, makeVariant } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const t = tenantSchema;
const browser = browserOfFile();

const INVOICING = ["view_sales_orders", "edit_sales_orders", "view_invoices", "edit_invoices"];

/** A company selling a 20.00 € lamp (no stock kept) to one customer, and a signed-in user who invoices. */
async function shop() {
  const company = await makeCompany();
  const db = await companyDb(company.companyId);
  const [retail] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const [euro] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
  const lamp = await makeVariant(db, { sku: `LAMP-${Date.now().toString(36)}`, trackInventory: false });
  await db.insert(t.prices).values({ variantId: lamp.id, priceLevelId: retail!.id, currencyId: euro!.id, amount: 200_000 });
  const buyer = await makeCustomer(db, { priceLevelId: retail!.id });
  const user = await makeUser(company.companyId, INVOICING);
  return { buyer, lamp, user, shopFloor: await firstLocation(db) };
}

type Shop = Awaited<ReturnType<typeof shop>>;

/** A browser tab signed in as the shop's user, in a language and at a width. */
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

/** Fills the shared document form: the customer, the location and one line of the lamp. */
async function fillDocument(page: Page, s: Shop, quantity: string) {
  await page.selectOption("#field-customer_id", String(s.buyer.id));
  await page.selectOption("#field-location_id", String(s.shopFloor));
  const lookup = page.locator(".line-editor__add input");
  await expect.poll(() => lookup.isEnabled()).toBe(true);
  await lookup.fill(s.lamp.sku);
  await lookup.press("Enter");
  await page.locator("tr[data-lid] td.lines-table__sku", { hasText: s.lamp.sku }).waitFor();
  await page.locator("tr[data-lid] input[inputmode=decimal]").first().fill(quantity);
}

describe("invoices in the back-office", () => {
  it("a sales order is invoiced from its page, finalised as FAC-000001 and unpaid, paid in part, and found in the list by its status", async () => {
    const s = await shop();
    const { context, page } = await tab(s);

    await page.goto(`${appUrl}/sales/sales-orders/create`);
    await fillDocument(page, s, "2");
    await expect.poll(() => first(page, "[data-total=total]")).toBe("€40.00");
    await page.click("button[value=save]");
    await page.waitForURL(/\/sales\/sales-orders\/\d+\?notice=created$/);
    const orderPath = new URL(page.url()).pathname;
    await expect.poll(() => first(page, "h1")).toMatch(/^Sales order CMD-\d+ /);
    const orderNumber = (await first(page, "h1")).split(" ")[2]!;

    // Nothing is invoiced yet: the order offers to invoice what remains; the invoice starts as a draft.
    await page.click("button[value=invoice]");
    await page.waitForURL(/\/sales\/invoices\/\d+\?notice=created$/);
    await expect.poll(() => first(page, "h1")).toBe("Invoice Draft Draft");
    const invoicePath = new URL(page.url()).pathname;
    expect(await first(page, "[data-total=total]")).toBe("€40.00");
    expect(await first(page, `a[href='${orderPath}']`)).toBe(`Sales order ${orderNumber}`);
    expect(await page.locator(".page-header button[name=intent]").allInnerTexts()).toEqual(["Finalise", "Cancel the invoice"]);
    await page.screenshot({ path: "test-results/invoice-draft.png", fullPage: true });

    await page.click("button[value=finalize]");
    await page.waitForURL(new RegExp(`${invoicePath}\\?notice=moved$`));
    await expect.poll(() => first(page, "h1 .status-chip")).toBe("Unpaid");
    expect(await first(page, "h1")).toMatch(/^Invoice FAC-000001 /);
    expect(await first(page, "[data-total=remaining_to_pay]")).toBe("€40.00");
    // A finalised invoice is not deleted, and not edited unless the company allows it.
    expect(await page.locator(`a[href='${invoicePath}/edit']`).count()).toBe(0);
    expect(await page.locator("summary:has-text('Delete')").count()).toBe(0);

    // The order has nothing left to invoice: its button is gone.
    await page.goto(`${appUrl}${orderPath}`);
    await expect.poll(() => first(page, "h1 .status-chip")).toBe("Pending");
    expect(await page.locator("button[value=invoice]").count()).toBe(0);

    // A payment of 15.00, the amount typed over the remaining 40.00 it starts with.
    await page.goto(`${appUrl}${invoicePath}`);
    const payments = page.locator("section[aria-labelledby=payments]");
    expect(await payments.locator("h2").innerText()).toBe("Payments");
    expect(await page.getByLabel("Amount", { exact: true }).inputValue()).toBe("40.00");
    await page.getByLabel("Amount", { exact: true }).fill("15");
    await page.click("button:has-text('Record a payment')");
    await page.waitForURL(new RegExp(`${invoicePath}\\?notice=payment_recorded$`));
    await expect.poll(() => first(page, "h1 .status-chip")).toBe("Partially paid");
    expect(await first(page, "[data-total=remaining_to_pay]")).toBe("€25.00");
    expect(await payments.locator("tbody tr td.numeric").allInnerTexts()).toEqual(["€15.00"]);
    await page.screenshot({ path: "test-results/invoice-partially-paid.png", fullPage: true });

    // The list filtered by status: partially paid shows it, unpaid does not.
    await page.goto(`${appUrl}/sales/invoices`);
    await page.selectOption("#list-filter-shown_status", "unpaid");
    await page.click("button:has-text('Filter')");
    await page.waitForURL(/shown_status=unpaid/);
    await expect.poll(() => page.locator("table.data-table tbody tr").count()).toBe(0);
    await page.selectOption("#list-filter-shown_status", "partially_paid");
    await page.click("button:has-text('Filter')");
    await page.waitForURL(/shown_status=partially_paid/);
    await expect.poll(() => page.locator("table.data-table tbody tr").count()).toBe(1);
    const row = await page.locator("table.data-table tbody tr td:not(.list-screen__select)").allInnerTexts();
    expect(row.slice(0, 2)).toEqual(["FAC-000001", s.buyer.label]);
    expect(row).toContain("€25.00");
    expect(row).toContain("Partially paid");
    await page.screenshot({ path: "test-results/invoice-list.png", fullPage: true });
    await context.close();
  });

  it("an invoice made from scratch is saved as a draft, keeps its lines, and is deleted once the boxes are ticked", async () => {
    const s = await shop();
    const { context, page } = await tab(s);
    await page.goto(`${appUrl}/sales/invoices`);
    await page.click("a:has-text('New invoice')");
    await page.waitForURL((url) => url.pathname === "/sales/invoices/create");
    await fillDocument(page, s, "3");
    await expect.poll(() => first(page, "[data-total=total]")).toBe("€60.00");
    // The company lets the user choose: finalise now, or keep a draft.
    expect(await page.locator("form.sales-form .actions button").allInnerTexts()).toEqual(["Create and finalise", "Save as draft"]);
    await page.screenshot({ path: "test-results/invoice-create.png", fullPage: true });
    await page.click("button:has-text('Save as draft')");
    await page.waitForURL(/\/sales\/invoices\/\d+\?notice=created$/);
    await expect.poll(() => first(page, "h1 .status-chip")).toBe("Draft");
    expect(await first(page, "[data-total=total]")).toBe("€60.00");

    await page.click("summary:has-text('Delete')");
    for (const box of await page.locator(".confirm-delete__panel input[type=checkbox]").all()) await box.check();
    await page.click(".confirm-delete__panel button[type=submit]");
    await page.waitForURL(/\/sales\/invoices\?notice=deleted$/);
    await expect.poll(() => page.locator("table.data-table tbody tr").count()).toBe(0);
    await context.close();
  });

  it("the invoice screens read in French and fit a phone", async () => {
    const s = await shop();
    const { context, page } = await tab(s, "fr", 375);
    await page.goto(`${appUrl}/sales/invoices/create`);
    await fillDocument(page, s, "1");
    await page.click("button[value=finalize]");
    await page.waitForURL(/\/sales\/invoices\/\d+\?notice=created$/);
    await expect.poll(() => first(page, "h1 .status-chip")).toBe("Non payé");
    expect(await first(page, "section[aria-labelledby=payments] h2")).toBe("Paiements");
    expect(await first(page, ".detail-list")).toContain("Reste à payer");
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: "test-results/invoice-detail-fr-375.png", fullPage: true });
    await page.goto(`${appUrl}/sales/invoices`);
    await expect.poll(() => first(page, "h1")).toBe("Factures");
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: "test-results/invoice-list-fr-375.png", fullPage: true });
    await page.goto(`${appUrl}/sales/invoices/create`);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: "test-results/invoice-create-fr-375.png", fullPage: true });
    await context.close();
  });
});
