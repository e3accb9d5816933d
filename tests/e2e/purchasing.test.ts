import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { launchBrowser } from "../support/browser";
import { companyDb, makeCompany, makeUser } from "../support/e2e-factories";
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
const dir = mkdtempSync(join(tmpdir(), "purchasing-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("purchasing, in the browser", () => {
  it("orders from a supplier, shows what is incoming, emails the order, receives part of it into a batch, and the stock adds up", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const location = await firstLocation(db);
    const u = Date.now().toString(36);
    const honey = await makeVariant(db, { sku: `HONEY-${u}`, batchTracked: true });
    const supplierEmail = `orders-${u}@example.test`;
    const [supplier] = await db
      .insert(t.suppliers)
      .values({ name: `Rucher ${u}`, email: supplierEmail })
      .returning({ id: t.suppliers.id });
    const user = await makeUser(company.companyId, [
      "view_purchase_orders",
      "edit_purchase_orders",
      "view_deliveries",
      "edit_deliveries",
      "view_products",
      "view_products_inventory",
    ]);
    const context = await browser.newContext({
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();

    // A new order: no supplier is refused under its field, what was typed stays.
    await page.goto(`${appUrl}/inventory/purchase-orders/create`);
    await page.selectOption("select[name=location_id]", String(location));
    await page.fill("input[name='lines.0.sku']", honey.sku);
    await page.fill("input[name='lines.0.quantity']", "12");
    await page.fill("input[name='lines.0.price']", "4.5");
    await page.click("button[value=save]");
    await expect.poll(() => page.locator("#field-supplier_id-error").innerText()).not.toBe("");
    expect(await page.inputValue("input[name='lines.0.quantity']")).toBe("12");
    await page.selectOption("select[name=supplier_id]", String(supplier!.id));
    await page.click("button[value=save]");
    await page.waitForURL(/\/inventory\/purchase-orders\/\d+\?notice=created$/);
    const orderPath = new URL(page.url()).pathname;
    const main = () => page.locator("main").innerText();
    // The URL changes before the new page is drawn: wait for it.
    await expect.poll(main).toContain("Pending");
    expect(await main()).toContain("€54.00");

    // Incoming on the product page.
    await page.goto(`${appUrl}/products-and-services/products/${honey.productId}`);
    await expect.poll(() => page.locator("[data-field=incoming]").first().innerText()).toBe("12");

    // The order's PDF, looked at as a picture; then emailed to the supplier's address.
    const pdf = await page.request.get(`${appUrl}${orderPath}/pdf`);
    expect(pdf.status()).toBe(200);
    const pdfPath = join(dir, "order.pdf");
    writeFileSync(pdfPath, await pdf.body());
    const printed = execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString();
    for (const words of [`Rucher ${u}`, honey.sku, "54.00"]) expect(printed).toContain(words);
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", pdfPath, "test-results/purchase-order-pdf"]);
    await page.goto(`${appUrl}${orderPath}`);
    expect(await page.inputValue("#email-to")).toBe(supplierEmail);
    await page.click("button[value=email]");
    await page.waitForURL(/notice=emailed$/);
    const mail = await waitForEmail(mailUrl, supplierEmail, () => true, 20_000);
    expect(mail.attachments.map((a: { contentType: string }) => a.contentType)).toEqual(["application/pdf"]);

    // Part of it, into a new batch: the batch is asked for first.
    await page.fill("input[name=quantity]", "5");
    await page.click("button[value=receive]");
    await expect.poll(() => page.locator("[role=alert]").first().innerText()).toContain("batch");
    await page.fill("input[name=quantity]", "5");
    await page.fill("input[name=batch_number]", `L-${u}`);
    await page.fill("input[name=expiration_date]", "2099-06-30");
    await page.click("button[value=receive]");
    await page.waitForURL(/\/inventory\/deliveries\/\d+\?notice=received$/);
    await expect.poll(main).toContain(`L-${u}`);
    await page.screenshot({ path: "test-results/delivery.png", fullPage: true });
    await page.goto(`${appUrl}${orderPath}`);
    await expect.poll(main).toContain("In progress");
    await page.screenshot({ path: "test-results/purchase-order-in-progress.png", fullPage: true });

    // The stock: 5 in the batch, 7 still incoming, the ledger adds up.
    const [level] = await db
      .select()
      .from(t.stockLevels)
      .where(and(eq(t.stockLevels.variantId, honey.id), eq(t.stockLevels.locationId, location)));
    expect([level!.onHand / 1e7, level!.incoming / 1e7]).toEqual([5, 7]);
    const [batch] = await db.select().from(t.batches).where(eq(t.batches.variantId, honey.id));
    const [held] = await db.select().from(t.batchStock).where(eq(t.batchStock.batchId, batch!.id));
    expect(held!.quantity / 1e7).toBe(5);
    const [variant] = await db.select().from(t.variants).where(eq(t.variants.id, honey.id));
    expect(variant!.movingAverageCost / 1e4).toBe(4.5);
    await context.close();
  });
});
