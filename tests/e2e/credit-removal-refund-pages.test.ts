import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { createInvoice } from "../../worker/domain/invoices/create-invoice";
import { applyCreditNote, createCreditNote } from "../../worker/domain/returns/credit-notes";
import { createProductReturn } from "../../worker/domain/returns/product-returns";
import { createRefund } from "../../worker/domain/returns/refunds";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { launchBrowser } from "../support/browser";
import { companyCtx, companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation, makeVariant } from "../support/isolation/stock";
import { waitForEmail } from "../support/sink-client";

const appUrl = inject("appUrl");
const mailUrl = inject("mailUrl");
const t = tenantSchema;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const dir = mkdtempSync(join(tmpdir(), "credit-removal-refund-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * An invoice of 3 mugs at 12.50 (37.50), one returned; the return's credit note (12.50) applied to
 * the invoice, and its refund with 2.50 held back (10.00 paid back), made through the verbs.
 */
async function world() {
  const company = await makeCompany();
  const db = await companyDb(company.companyId);
  const ctx = await companyCtx(company.companyId);
  const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const email = `buyer-${Date.now().toString(36)}@example.test`;
  const customer = await makeCustomer(db, { priceLevelId: level!.id, emails: [email] });
  const location = await firstLocation(db);
  const mug = await makeVariant(db, { sku: `MUG-${Date.now().toString(36)}` });
  await createStockDocument(ctx, { kind: "entry", location_id: location, lines: [{ variant_id: mug.id, quantity: "10" }] });
  const invoice = await createInvoice(ctx, {
    customer_id: customer.id,
    location_id: location,
    finalize: true,
    lines: [{ variant_id: mug.id, quantity: "3", price: "12.5" }],
  });
  const returned = await createProductReturn(ctx, { invoice_id: invoice.id, lines: [{ line_id: invoice.lines![0]!.id, quantity: "1" }] });
  const note = await createCreditNote(ctx, { product_return_id: returned.id });
  const credit = await applyCreditNote(ctx, note.id, { invoice_id: invoice.id });
  const refund = await createRefund(ctx, { product_return_id: returned.id, discrepancy: "-2.5" });
  return { company, db, invoice, note, credit, refund, email };
}

describe("a credit note's and a refund's pages, in the browser", () => {
  it("a credit applied by mistake is removed from the credit note's page; the refund's page prints its PDF and sends it by email", async () => {
    const w = await world();
    expect([w.credit.amount, w.refund.amount]).toEqual(["12.50", "10.00"]);
    const user = await makeUser(w.company.companyId, ["view_invoices", "edit_invoices", "view_credit_notes", "view_refunds"]);
    const context = await browser.newContext({
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();

    // The credit's Remove button asks first; confirmed, the invoice has its 12.50 to pay again.
    const notePath = `/sales/credit-notes/${w.note.id}`;
    // A second tab shows the same page, soon out of date.
    const stale = await context.newPage();
    await stale.goto(`${appUrl}${notePath}`);
    await page.goto(`${appUrl}${notePath}`);
    await expect.poll(() => page.locator("h1 .status-chip").getAttribute("data-status")).toBe("credited");
    await page.click("section[aria-labelledby=credits] summary:has-text('Remove')");
    const panel = page.locator("section[aria-labelledby=credits] .confirm-delete__panel");
    expect(await panel.innerText()).toContain("12.50");
    await page.screenshot({ path: "test-results/credit-note-remove-credit.png", fullPage: true });
    await panel.locator("button:has-text('Remove the credit')").click();
    await page.waitForURL(new RegExp(`${notePath}\\?notice=credit_removed$`));
    await expect.poll(() => page.locator("h1 .status-chip").getAttribute("data-status")).toBe("pending");
    expect(await page.locator("section[aria-labelledby=credits]").innerText()).toContain("Not applied to any invoice yet.");
    const [invoice] = await w.db
      .select({ status: t.salesDocuments.status, left: t.salesDocuments.remainingToPay, credited: t.salesDocuments.amountCredited })
      .from(t.salesDocuments)
      .where(eq(t.salesDocuments.id, w.invoice.id));
    expect(invoice).toEqual({ status: "unpaid", left: 375_000, credited: 0 });
    // Removed again from the page out of date: the page says it is gone, and nothing moves twice.
    await stale.click("section[aria-labelledby=credits] summary:has-text('Remove')");
    await stale.click("section[aria-labelledby=credits] button:has-text('Remove the credit')");
    await expect
      .poll(() => stale.locator("[role=alert]").first().innerText())
      .toContain("This credit is not applied any more: it was removed already.");
    const [again] = await w.db
      .select({ left: t.salesDocuments.remainingToPay })
      .from(t.salesDocuments)
      .where(eq(t.salesDocuments.id, w.invoice.id));
    expect(again!.left).toBe(375_000);
    await stale.close();

    // The refund's PDF: its title, number, discrepancy and what it pays back.
    const refundPath = `/sales/refunds/${w.refund.id}`;
    await page.goto(`${appUrl}${refundPath}`);
    expect(await page.getAttribute(`a[href='${refundPath}/pdf']`, "href")).toBe(`${refundPath}/pdf`);
    const pdf = await page.request.get(`${appUrl}${refundPath}/pdf`);
    expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    const pdfPath = join(dir, "refund.pdf");
    writeFileSync(pdfPath, await pdf.body());
    const printed = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString();
    for (const words of ["Refund", w.refund.number, "Discrepancy", "-€2.50", "Amount refunded", "€10.00"]) expect(printed).toContain(words);
    expect(printed).not.toContain("Payment terms");
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", pdfPath, "test-results/refund"]);

    // By email from its page, received with the PDF attached.
    await page.click("details.sales-email > summary");
    expect(await page.inputValue(".sales-email__form input[name=to]")).toBe(w.email);
    await page.click(".sales-email__form button[type=submit]");
    await page.waitForURL((url) => url.searchParams.get("notice") === "emailed");
    expect(await page.locator("[role=status]").first().innerText()).toContain("The email is on its way");
    const mail = await waitForEmail(mailUrl, w.email, () => true, 20_000);
    expect(mail.subject).toContain(w.refund.number);
    expect(mail.text).toContain("10.00");
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${w.refund.number}.pdf`]);
    await expect
      .poll(() => page.reload().then(() => page.locator("section[aria-labelledby=sent-emails]").innerText()), { timeout: 20_000 })
      .toContain(w.email);
    await page.screenshot({ path: "test-results/refund-emailed.png", fullPage: true });
    await context.close();
  });
});
