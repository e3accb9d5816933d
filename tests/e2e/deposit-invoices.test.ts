import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { launchBrowser } from "../support/browser";
import { companyCtx, companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation, makeVariant } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const t = tenantSchema;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const dir = mkdtempSync(join(tmpdir(), "deposit-invoices-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (page: Page, selector: string) => page.locator(selector).first().innerText();

describe("a deposit invoice, in the browser", () => {
  it("is made from the order's page as a percentage, and the order's next invoice deducts it; bad input is named", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const ctx = await companyCtx(company.companyId);
    const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
    const customer = await makeCustomer(db, { priceLevelId: level!.id });
    const [eur] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
    const chair = await makeVariant(db, { sku: `CHAIR-${Date.now().toString(36)}` });
    await db.insert(t.prices).values({ variantId: chair.id, priceLevelId: level!.id, currencyId: eur!.id, amount: 2_000_000 });
    const order = await createSalesOrder(ctx, {
      customer_id: customer.id,
      location_id: await firstLocation(db),
      lines: [{ variant_id: chair.id, quantity: "5" }],
    });
    expect(order.total).toBe("1000.00");
    const user = await makeUser(company.companyId, ["view_sales_orders", "edit_sales_orders", "view_invoices", "edit_invoices"]);
    const context = await browser.newContext({
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();
    const orderPath = `/sales/sales-orders/${order.id}`;

    // A percentage past 100 is refused on its field, and nothing is made.
    await page.goto(`${appUrl}${orderPath}`);
    const percentage = page.getByLabel("Deposit (% of the order)");
    await percentage.fill("150");
    await page.click("button:has-text('Make a deposit invoice')");
    // Named under its field, linked to it for screen readers.
    await expect.poll(() => page.locator("[data-testid=deposit-form]").innerText()).toContain("This value is too large");
    expect(await percentage.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("[data-testid=order-invoice]").count()).toBe(0);

    // 30 %: a deposit invoice of 300.00, finalised.
    await page.getByLabel("Deposit (% of the order)").fill("30");
    await page.click("button:has-text('Make a deposit invoice')");
    await page.waitForURL(/\/sales\/invoices\/\d+\?notice=created$/);
    const depositPath = new URL(page.url()).pathname;
    await page.click("button[value=finalize]");
    await page.waitForURL(new RegExp(`${depositPath}\\?notice=moved$`));
    expect(await text(page, "[data-total=remaining_to_pay]")).toBe("€300.00");
    const depositNumber = (await text(page, "h1")).split(" ")[1]!;

    // The order's invoice: 1,000.00 less the 300.00 deposited.
    await page.goto(`${appUrl}${orderPath}`);
    await page.click("button[value=invoice]");
    await page.waitForURL(/\/sales\/invoices\/\d+\?notice=created$/);
    const finalPath = new URL(page.url()).pathname;
    await page.click("button[value=finalize]");
    await page.waitForURL(new RegExp(`${finalPath}\\?notice=moved$`));
    expect(await text(page, "[data-total=remaining_to_pay]")).toBe("€700.00");
    expect(await page.locator("main").innerText()).toContain(`Deposit invoice ${depositNumber} deducted`);
    await page.screenshot({ path: "test-results/final-invoice-with-deposit.png", fullPage: true });

    // Its PDF prints the deduction, looked at as a picture.
    const pdf = await page.request.get(`${appUrl}${finalPath}/pdf`);
    expect(pdf.status()).toBe(200);
    const pdfPath = join(dir, "final.pdf");
    writeFileSync(pdfPath, await pdf.body());
    const printed = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString();
    // The description wraps in its column: its words are on two lines.
    for (const words of [`Deposit invoice ${depositNumber}`, "deducted", "-€300.00", "700.00"]) expect(printed).toContain(words);
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", pdfPath, "test-results/final-invoice-with-deposit-pdf"]);

    // The deposit cannot be cancelled while the invoice deducts it: the page says why.
    await page.goto(`${appUrl}${depositPath}`);
    await page.click("button[value=cancel]");
    await expect.poll(() => page.locator("[role=alert]").innerText()).toContain(`This deposit invoice is deducted on`);
    await context.close();
  });
});
