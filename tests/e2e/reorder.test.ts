import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { launchBrowser } from "../support/browser";
import { companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer } from "../support/isolation/sales";
import { firstLocation, makeLocation, makeVariant } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const t = tenantSchema;
const U = 10_000_000;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("reorder and backorder, in the browser", () => {
  it("refuses products of two locations with the spec's message, orders one location's, and takes a backorder to its confirmation", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const here = await firstLocation(db);
    const there = await makeLocation(db, { label: "Annexe" });
    const u = Date.now().toString(36);
    const [supplier] = await db
      .insert(t.suppliers)
      .values({ name: `Rucher ${u}` })
      .returning({ id: t.suppliers.id });
    const honey = await makeVariant(db, { sku: `HONEY-${u}` });
    const wax = await makeVariant(db, { sku: `WAX-${u}` });
    await db.update(t.variants).set({ supplierId: supplier!.id }).where(eq(t.variants.id, honey.id));
    await db.insert(t.stockLevels).values([
      { variantId: honey.id, locationId: here, reorderPoint: 10 * U },
      { variantId: honey.id, locationId: there, reorderPoint: 4 * U },
    ]);
    // An open sales order of 3 wax with none in stock: the backorder's need.
    const customer = await makeCustomer(db);
    const user = await makeUser(company.companyId, [
      "view_purchase_orders",
      "edit_purchase_orders",
      "view_sales_orders",
      "edit_sales_orders",
    ]);
    const context = await browser.newContext({
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();
    const order = await page.request.post(`${appUrl}/api/v1/sales-orders`, {
      headers: { authorization: `Bearer ${user.token}` },
      data: { customer_id: customer.id, location_id: here, lines: [{ variant_id: wax.id, quantity: "3", price: "5" }] },
    });
    expect(order.status(), await order.text()).toBe(201);

    await page.goto(`${appUrl}/inventory/reorder`);
    const main = () => page.locator("main").innerText();
    expect(await main()).toContain(honey.sku);
    expect(await page.inputValue("input[name='quantity.0']")).toBe("10");
    expect(await page.inputValue("select[name='supplier_id.0']")).toBe(String(supplier!.id));
    await page.check("input[name=select][value='0']");
    await page.check("input[name=select][value='1']");
    await page.click("button[value=selected]");
    await expect
      .poll(() => page.locator(".alert--error").innerText())
      .toContain("Only products from the same location can be selected for reorder.");
    await page.uncheck("input[name=select][value='1']");
    await page.click("button[value=selected]");
    await page.waitForURL(/\/inventory\/reorder\?made=\d+$/);
    await expect.poll(main).toContain("Purchase order made:");
    expect(await main()).toContain(`Rucher ${u}`);

    await page.goto(`${appUrl}/inventory/backorder`);
    expect(await main()).toContain(wax.sku);
    await page.click("button:has-text('Group by supplier')");
    await expect.poll(() => page.locator(".alert--error").innerText()).toContain("Nothing was saved");
    const row = (await page.locator("input[name=select]").count()) - 1;
    await page.selectOption(`select[name='supplier_id.${row}']`, String(supplier!.id));
    await page.click("button:has-text('Group by supplier')");
    await expect.poll(() => main()).toContain(`Rucher ${u} — `);
    await page.click("button:has-text('Order')");
    await page.waitForURL(/\/inventory\/backorder\/\d+(-\d+)*$/);
    await expect.poll(main).toContain("The products were added to this purchase order:");
    await context.close();
  });
});
