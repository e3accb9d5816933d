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
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation, makeVariant } from "../support/isolation/stock";
import { waitForEmail } from "../support/sink-client";

const appUrl = inject("appUrl");
const mailUrl = inject("mailUrl");
const t = tenantSchema;
const U = 10_000_000;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const dir = mkdtempSync(join(tmpdir(), "purchasing-chain-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("from a sales order short of stock to its shipment, in the browser", () => {
  it("backorder → purchase order emailed → incoming on the product and in the store → part received into a batch → shipped from it; stock, cost and statuses add up", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const location = await firstLocation(db);
    const u = Date.now().toString(36);
    const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
    const [eur] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
    const honey = await makeVariant(db, { sku: `HONEY-${u}`, batchTracked: true });
    await db.insert(t.prices).values({ variantId: honey.id, priceLevelId: level!.id, currencyId: eur!.id, amount: 90_000 });
    await db.update(t.variants).set({ b2bPublished: true, label: "Chestnut honey" }).where(eq(t.variants.id, honey.id));
    await db.update(t.products).set({ b2bPublished: true }).where(eq(t.products.id, honey.productId));
    await db.insert(t.storeSettings).values({ id: 1, settings: { status: true, display_stock: true, display_incoming_stock: true } });
    const supplierEmail = `beekeeper-${u}@example.test`;
    // The supplier sells it at 4.00 in its own purchasing level.
    const [buying] = await db.insert(t.priceLevels).values({ label: "Buying", type: "purchasing" }).returning({ id: t.priceLevels.id });
    await db.insert(t.prices).values({ variantId: honey.id, priceLevelId: buying!.id, currencyId: eur!.id, amount: 40_000 });
    const [supplier] = await db
      .insert(t.suppliers)
      .values({ name: `Rucher ${u}`, email: supplierEmail, defaultPriceLevelId: buying!.id })
      .returning({ id: t.suppliers.id });
    const customer = await makeCustomer(db, { priceLevelId: level!.id });
    const buyer = await makeUser(company.companyId, [], { customerId: String(customer.id) });
    const staff = await makeUser(company.companyId, [
      "view_purchase_orders",
      "edit_purchase_orders",
      "view_deliveries",
      "edit_deliveries",
      "view_sales_orders",
      "edit_sales_orders",
      "view_shipping_orders",
      "edit_shipping_orders",
      "view_products",
      "view_products_inventory",
    ]);
    const context = await browser.newContext({
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: "session", value: staff.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();
    const main = () => page.locator("main").innerText();

    // A sales order of 3 jars, none in stock: it is short by 3.
    const sold = await page.request.post(`${appUrl}/api/v1/sales-orders`, {
      headers: { authorization: `Bearer ${staff.token}` },
      data: { customer_id: customer.id, location_id: location, lines: [{ variant_id: honey.id, quantity: "3" }] },
    });
    expect(sold.status(), await sold.text()).toBe(201);
    const salesOrder = (await sold.json()) as { id: number };

    // The backorder wizard: the supplier chosen, grouped, ordered; the confirmation leads to the order.
    await page.goto(`${appUrl}/inventory/backorder`);
    await expect.poll(main).toContain(honey.sku);
    const row = (await page.locator("input[name=select]").count()) - 1;
    await page.selectOption(`select[name='supplier_id.${row}']`, String(supplier!.id));
    await page.click("button:has-text('Group by supplier')");
    await expect.poll(main).toContain(`Rucher ${u} — `);
    await page.click("button:has-text('Order')");
    await page.waitForURL(/\/inventory\/backorder\/\d+(-\d+)*$/);
    await page.click("main a[href^='/inventory/purchase-orders/']");
    await page.waitForURL(/\/inventory\/purchase-orders\/\d+$/);
    const orderPath = new URL(page.url()).pathname;
    await expect.poll(main).toContain("Pending");

    // Emailed to the supplier with its PDF, which is looked at as a picture.
    await page.click("button[value=email]");
    await page.waitForURL(/notice=emailed$/);
    const mail = await waitForEmail(mailUrl, supplierEmail, () => true, 20_000);
    expect(mail.attachments.map((a: { contentType: string }) => a.contentType)).toEqual(["application/pdf"]);
    const pdf = await page.request.get(`${appUrl}${orderPath}/pdf`);
    const pdfPath = join(dir, "order.pdf");
    writeFileSync(pdfPath, await pdf.body());
    expect(execFileSync("pdftotext", ["-layout", pdfPath, "-"]).toString()).toContain(`Rucher ${u}`);
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", pdfPath, "test-results/backordered-purchase-order-pdf"]);

    // Incoming on the product page, and in the store for the buyer.
    await page.goto(`${appUrl}/products-and-services/products/${honey.productId}`);
    await expect.poll(() => page.locator("[data-field=incoming]").first().innerText()).toBe("3");
    const store = await browser.newContext({ locale: "en-GB", extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" } });
    const [name, value] = buyer.cookie.split(/=(.*)/s);
    await store.addCookies([{ name: name!, value: value!, url: appUrl }]);
    const shop = await store.newPage();
    await shop.goto(`${appUrl}/b2b`);
    await expect.poll(() => shop.locator("[data-testid=incoming-stock]").first().innerText()).toContain("3");
    await store.close();

    // Two of the three received into a new batch.
    await page.goto(`${appUrl}${orderPath}`);
    await page.fill("input[name=quantity]", "2");
    await page.fill("input[name=batch_number]", `L-${u}`);
    await page.fill("input[name=expiration_date]", "2099-06-30");
    await page.click("button[value=receive]");
    await page.waitForURL(/\/inventory\/deliveries\/\d+\?notice=received$/);

    // The sales order ships those two from that batch.
    await page.goto(`${appUrl}/sales/sales-orders/${salesOrder.id}`);
    await page.click("summary:has-text('Ship')");
    await page.fill("input[name=quantity]", "2");
    const [batch] = await db.select().from(t.batches).where(eq(t.batches.variantId, honey.id));
    await page.selectOption("select[name=batch_id]", String(batch!.id));
    await page.click("details.ship-order button[type=submit]");
    await page.waitForURL(/\/sales\/shipping-orders\/\d+\?notice=created$/);
    await page.click("button[value=ship]");
    await page.waitForURL(/notice=moved$/);
    await page.screenshot({ path: "test-results/shipped-from-batch.png", fullPage: true });

    // Everything adds up: the ledger, the batch, incoming, the cost and both documents' statuses.
    const [stock] = await db
      .select()
      .from(t.stockLevels)
      .where(and(eq(t.stockLevels.variantId, honey.id), eq(t.stockLevels.locationId, location)));
    const logs = await db.select().from(t.inventoryLogs).where(eq(t.inventoryLogs.variantId, honey.id));
    expect(logs.map((l) => [l.documentType, l.change / U])).toEqual([
      ["delivery", 2],
      ["shipping_order", -2],
    ]);
    expect([stock!.onHand / U, stock!.incoming / U, stock!.committed / U]).toEqual([0, 1, 1]);
    const [held] = await db.select().from(t.batchStock).where(eq(t.batchStock.batchId, batch!.id));
    expect(held!.quantity / U).toBe(0);
    const [variant] = await db.select().from(t.variants).where(eq(t.variants.id, honey.id));
    // Received at the supplier's 4.00: the moving average cost of what came in.
    expect(variant!.movingAverageCost / 1e4).toBe(4);
    const [po] = await db.select().from(t.purchaseOrders).where(eq(t.purchaseOrders.supplierId, supplier!.id));
    expect([po!.status, po!.total / 1e4]).toEqual(["in_progress", 12]);
    const [order] = await db.select().from(t.salesDocuments).where(eq(t.salesDocuments.id, salesOrder.id));
    expect(order!.status).toBe("in_progress");
    const [shipment] = await db
      .select()
      .from(t.salesDocuments)
      .where(and(eq(t.salesDocuments.type, "shipping_order"), eq(t.salesDocuments.createdFromId, salesOrder.id)));
    expect(shipment!.status).toBe("shipped");
    await context.close();
  });
});
