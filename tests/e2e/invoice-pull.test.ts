import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { createInvoice } from "../../worker/domain/invoices/create-invoice";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { launchBrowser } from "../support/browser";
import { companyCtx, companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation, makeVariant } from "../support/isolation/stock";
import { waitForEmail } from "../support/sink-client";

const appUrl = inject("appUrl");
const mailUrl = inject("mailUrl");
const t = tenantSchema;
const UNIT = 10_000_000;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const dir = mkdtempSync(join(tmpdir(), "invoice-pull-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (page: Page, selector: string) => page.locator(selector).first().innerText();

/** A company holding 10 mugs at 12.50, a customer with an email address, and an order of 4 mugs made through the verbs. */
async function world() {
  const company = await makeCompany();
  const db = await companyDb(company.companyId);
  const ctx = await companyCtx(company.companyId);
  const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const email = `buyer-${Date.now().toString(36)}@example.test`;
  const customer = await makeCustomer(db, { priceLevelId: level!.id, emails: [email] });
  const location = await firstLocation(db);
  const [eur] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
  const mug = await makeVariant(db, { sku: `MUG-${Date.now().toString(36)}` });
  await db.insert(t.prices).values({ variantId: mug.id, priceLevelId: level!.id, currencyId: eur!.id, amount: 125_000 });
  await createStockDocument(ctx, { kind: "entry", location_id: location, lines: [{ variant_id: mug.id, quantity: "10" }] });
  const order = await createSalesOrder(ctx, {
    customer_id: customer.id,
    location_id: location,
    lines: [{ variant_id: mug.id, quantity: "4" }],
  });
  return { company, db, ctx, customer, order, mug, location, email };
}

describe("a sales order pulled through to its money, in the browser", () => {
  it("ships and delivers it, invoices it, prints and emails the invoice, opens its public link signed out, takes two payments, the order is paid and completed; one unit is returned and its credit note applied", async () => {
    const w = await world();
    const user = await makeUser(w.company.companyId, [
      "view_sales_orders",
      "edit_sales_orders",
      "view_shipping_orders",
      "edit_shipping_orders",
      "view_invoices",
      "edit_invoices",
      "view_product_returns",
      "edit_product_returns",
      "view_credit_notes",
    ]);
    const context = await browser.newContext({
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();
    const orderPath = `/sales/sales-orders/${w.order.id}`;

    // Ship all four mugs from the order's page, then mark the shipping order delivered: the stock goes down by four.
    await page.goto(`${appUrl}${orderPath}`);
    await page.click("summary:has-text('Ship')");
    await page.click("text=Create the shipping order");
    await page.waitForURL(/\/sales\/shipping-orders\/\d+\?notice=created$/);
    const shipmentPath = new URL(page.url()).pathname;
    await page.click("button[value=ship]");
    await page.waitForURL(new RegExp(`${shipmentPath}\\?notice=moved$`));
    await page.click("button:has-text('Mark as delivered')");
    await page.waitForURL(new RegExp(`${shipmentPath}\\?notice=moved$`));
    await expect.poll(() => text(page, "h1 .status-chip")).toBe("Delivered");
    const [level] = await w.db
      .select({ onHand: t.stockLevels.onHand, committed: t.stockLevels.committed })
      .from(t.stockLevels)
      .where(and(eq(t.stockLevels.variantId, w.mug.id), eq(t.stockLevels.locationId, w.location)));
    expect(level).toEqual({ onHand: 6 * UNIT, committed: 0 });

    // Invoice it from the order's page and finalise it: 4 × 12.50 = 50.00 to pay.
    await page.goto(`${appUrl}${orderPath}`);
    await page.click("button[value=invoice]");
    await page.waitForURL(/\/sales\/invoices\/\d+\?notice=created$/);
    const invoicePath = new URL(page.url()).pathname;
    await page.click("button[value=finalize]");
    await page.waitForURL(new RegExp(`${invoicePath}\\?notice=moved$`));
    await expect.poll(() => text(page, "h1 .status-chip")).toBe("Unpaid");
    const number = (await text(page, "h1")).split(" ")[1]!;
    expect(number).toMatch(/^FAC-\d{6}$/);
    expect(await text(page, "[data-total=remaining_to_pay]")).toBe("€50.00");

    // Its PDF: the number, the due date's heading and the amount left to pay, looked at as a picture.
    const pdf = await page.request.get(`${appUrl}${invoicePath}/pdf`);
    expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    const pdfPath = join(dir, "invoice.pdf");
    writeFileSync(pdfPath, await pdf.body());
    const printed = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString();
    for (const words of [number, "Invoice", "Remaining to pay", "50.00"]) expect(printed).toContain(words);
    execFileSync("pdftoppm", ["-png", "-r", "50", "-f", "1", "-l", "1", pdfPath, join(dir, "invoice")]);
    expect(readdirSync(dir).some((f) => f.startsWith("invoice") && f.endsWith(".png"))).toBe(true);

    // By email, received with the PDF attached.
    await page.click("details.sales-email > summary");
    await page.fill(".sales-email__form input[name=to]", w.email);
    await page.click(".sales-email__form button[type=submit]");
    await page.waitForURL((url) => url.searchParams.get("notice") === "emailed");
    const mail = await waitForEmail(mailUrl, w.email, () => true, 20_000);
    expect(mail.subject).toContain(number);
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${number}.pdf`]);

    // The public link, opened by someone signed out: the invoice and what is left to pay, and no way in.
    const publicHref = await page.getAttribute("[data-testid=public-link]", "href");
    expect(publicHref).toMatch(/^\/public\/invoices\/[0-9a-z]{26}\.[A-Za-z0-9_-]{22}$/);
    const outsider = await browser.newContext({ locale: "en-GB", extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" } });
    const visitor = await outsider.newPage();
    const answer = await visitor.goto(`${appUrl}${publicHref}`);
    expect(answer?.status()).toBe(200);
    expect(await visitor.locator("body").innerText()).toContain(number);
    await visitor.screenshot({ path: "test-results/invoice-public-page.png", fullPage: true });
    expect((await outsider.cookies()).filter((c) => c.name === "session")).toEqual([]);

    // Switched off from the invoice's page, the same address shows nothing.
    await page.click("button[value=public_link]");
    await page.waitForURL(new RegExp(`${invoicePath}\\?notice=saved$`));
    await expect.poll(() => page.locator("[data-testid=public-link]").count()).toBe(0);
    expect((await visitor.goto(`${appUrl}${publicHref}`))?.status()).toBe(404);
    await outsider.close();

    // Two payments: 20.00, then what is left.
    const amount = page.getByLabel("Amount", { exact: true });
    await amount.fill("20");
    await page.click("button:has-text('Record a payment')");
    await page.waitForURL(new RegExp(`${invoicePath}\\?notice=payment_recorded$`));
    await expect.poll(() => text(page, "h1 .status-chip")).toBe("Partially paid");
    expect(await amount.inputValue()).toBe("30.00");
    await page.click("button:has-text('Record a payment')");
    await page.waitForURL(new RegExp(`${invoicePath}\\?notice=payment_recorded$`));
    await expect.poll(() => text(page, "h1 .status-chip")).toBe("Paid");
    expect(await text(page, "[data-total=remaining_to_pay]")).toBe("€0.00");

    // The order, delivered and paid, completed by itself.
    await page.goto(`${appUrl}${orderPath}`);
    await expect.poll(() => page.locator("h1 .status-chip").first().getAttribute("data-status")).toBe("completed_automatically");
    expect(await page.locator(".detail-list .status-chip").evaluateAll((chips) => chips.map((c) => c.getAttribute("data-status")))).toEqual(
      ["paid", "delivered"],
    );
    // Its invoice is listed on it, paid.
    expect(await page.locator("[data-testid=order-invoice] a").allInnerTexts()).toEqual([number]);
    expect(await page.locator("[data-testid=order-invoice] .status-chip").getAttribute("data-status")).toBe("paid");
    await page.screenshot({ path: "test-results/order-paid-and-completed.png", fullPage: true });

    // One mug comes back: returned from the invoice's page, back in stock at once.
    await page.goto(`${appUrl}${invoicePath}`);
    await page.click("text=Return goods");
    await page.waitForURL(/\/sales\/product-returns\/create\?invoice_id=\d+$/);
    const toReturn = page.locator("input[name^=quantity_]");
    expect(await toReturn.inputValue()).toBe("4");
    await toReturn.fill("1");
    await page.click("button:has-text('Create the return')");
    await page.waitForURL(/\/sales\/product-returns\/\d+\?notice=created$/);
    await expect.poll(() => page.locator("h1 .status-chip").getAttribute("data-status")).toBe("reverted");
    const [back] = await w.db
      .select({ onHand: t.stockLevels.onHand })
      .from(t.stockLevels)
      .where(and(eq(t.stockLevels.variantId, w.mug.id), eq(t.stockLevels.locationId, w.location)));
    expect(back!.onHand).toBe(7 * UNIT);

    // Its credit note: 12.50 owed back to the customer, applied to their next invoice.
    await page.click("button[value=credit_note]");
    await page.waitForURL(/\/sales\/credit-notes\/\d+\?notice=created$/);
    const notePath = new URL(page.url()).pathname;
    await expect.poll(() => page.locator("h1 .status-chip").getAttribute("data-status")).toBe("pending");
    const next = await createInvoice(w.ctx, {
      customer_id: w.customer.id,
      location_id: w.location,
      finalize: true,
      lines: [{ variant_id: w.mug.id, quantity: "2" }],
    });
    expect([next.status, next.total]).toEqual(["unpaid", "25.00"]);
    await page.goto(`${appUrl}${notePath}`);
    await page.selectOption("select[name=invoice_id]", String(next.id));
    expect(await page.getByLabel("Amount", { exact: true }).inputValue()).toBe("12.50");
    await page.click("button:has-text('Apply to an invoice')");
    await page.waitForURL(new RegExp(`${notePath}\\?notice=credited$`));
    await expect.poll(() => page.locator("h1 .status-chip").getAttribute("data-status")).toBe("credited");
    await page.screenshot({ path: "test-results/credit-note-applied.png", fullPage: true });
    // The money adds up: the next invoice has 12.50 left to pay of 25.00, the first stays paid.
    const money = await w.db
      .select({
        id: t.salesDocuments.id,
        status: t.salesDocuments.status,
        left: t.salesDocuments.remainingToPay,
        credited: t.salesDocuments.amountCredited,
      })
      .from(t.salesDocuments)
      .where(eq(t.salesDocuments.type, "invoice"))
      .orderBy(t.salesDocuments.id);
    expect(money.map((i) => [i.status, i.left / 10_000, i.credited / 10_000])).toEqual([
      ["paid", 0, 0],
      ["partially_credited", 12.5, 12.5],
    ]);
    // The credit note's PDF says what it is and what it credits.
    const notePdf = await page.request.get(`${appUrl}${notePath}/pdf`);
    expect([notePdf.status(), notePdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    const notePdfPath = join(dir, "credit-note.pdf");
    writeFileSync(notePdfPath, await notePdf.body());
    const notePrinted = execFileSync("pdftotext", ["-layout", notePdfPath, "-"]).toString();
    for (const words of ["Credit note", "12.50"]) expect(notePrinted).toContain(words);
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", notePdfPath, "test-results/credit-note"]);
    await context.close();
  });
});
