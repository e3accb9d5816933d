import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
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

const text = (page: Page, selector: string) => page.locator(selector).first().innerText();
const tableRows = (page: Page, selector: string) =>
  page.$$eval(`${selector} tbody tr`, (rows) =>
    // The selection boxes' column appears once the page runs its script: it is not one of the list's.
    rows.map((row) => [...row.querySelectorAll("td:not(.list-screen__select)")].map((c) => (c.textContent ?? "").trim())),
  );

/** A company holding 10 mugs, and a sales order of 4 of them made through the verbs. */
async function world() {
  const company = await makeCompany();
  const db = await companyDb(company.companyId);
  const ctx = await companyCtx(company.companyId);
  const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const customer = await makeCustomer(db, { priceLevelId: level!.id });
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
  return { company, order, mug, customer, location, level: level!.id, eur: eur!.id };
}

describe("shipping a sales order in the back-office", () => {
  it("ships part of an order from its page, marks the shipping order shipped, and the inventory log shows the stock going down by it", async () => {
    const { company, order, mug } = await world();
    const user = await makeUser(company.companyId, [
      "view_sales_orders",
      "edit_sales_orders",
      "view_shipping_orders",
      "edit_shipping_orders",
      "view_products_inventory",
    ]);
    const context = await browser.newContext({
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();

    // The order's page offers to ship what remains, prefilled, and has no shipping order yet.
    await page.goto(`${appUrl}/sales/sales-orders/${order.id}`);
    expect(await text(page, ".ship-order + .card")).toContain("No shipping order yet.");
    await page.click("summary:has-text('Ship')");
    const quantity = page.getByLabel(`Quantity to ship of ${mug.sku}`);
    expect(await quantity.inputValue()).toBe("4");
    // More than remains is refused at the line, and nothing is made.
    await quantity.fill("5");
    await page.click("text=Create the shipping order");
    await expect.poll(() => text(page, ".ship-order td .field__error").catch(() => null)).toBe("More than remains to ship (4)");
    expect(new URL(page.url()).pathname).toBe(`/sales/sales-orders/${order.id}`);
    await page.getByLabel(`Quantity to ship of ${mug.sku}`).fill("3");
    await page.click("text=Create the shipping order");
    await page.waitForURL(/\/sales\/shipping-orders\/\d+\?notice=created$/);
    await expect.poll(() => text(page, "h1 .status-chip")).toBe("To ship");
    const shipmentPath = new URL(page.url()).pathname;
    const shipmentNumber = (await text(page, "h1")).split(" ")[2]!;
    expect(await tableRows(page, "table.sales-lines")).toEqual([[mug.sku, `Variant ${mug.sku}`, "3", "—"]]);
    expect(await text(page, `a[href='/sales/sales-orders/${order.id}']`)).toBe(order.number);

    await page.click("button[value=ship]");
    await page.waitForURL(new RegExp(`${shipmentPath}\\?notice=moved$`));
    await expect.poll(() => text(page, "h1 .status-chip")).toBe("Shipped");
    // Once shipped it may be delivered or cancelled, not shipped again.
    expect(await page.locator(".page-header button[name=intent]").allInnerTexts()).toEqual([
      "Mark as delivered",
      "Cancel the shipping order",
    ]);
    await page.screenshot({ path: "test-results/shipping-order-detail.png", fullPage: true });

    // Back on the order: its shipping order with its chip, and 1 left to ship.
    await page.click(`a[href='/sales/sales-orders/${order.id}']`);
    await page.waitForURL((url) => url.pathname === `/sales/sales-orders/${order.id}`);
    await expect.poll(() => text(page, `.card a[href='${shipmentPath}']`)).toMatch(/^EXP-/);
    expect((await tableRows(page, ".ship-order + .card table")).map((row) => row[2])).toEqual(["Shipped"]);
    await page.click("summary:has-text('Ship')");
    expect(await page.getByLabel(`Quantity to ship of ${mug.sku}`).inputValue()).toBe("1");
    await page.screenshot({ path: "test-results/sales-order-ship-form.png", fullPage: true });

    // The list of shipping orders: number, customer, sales order, date, status.
    await page.goto(`${appUrl}/sales/shipping-orders`);
    const listed = await tableRows(page, "table.data-table");
    expect(listed.map((row) => [row[0], row[2], row[4]])).toEqual([[shipmentNumber, order.number, "Shipped"]]);

    // The ledger: 10 in, 3 out by the shipping order.
    await page.goto(`${appUrl}/inventory/inventory-logs?search=${encodeURIComponent(mug.sku)}`);
    const log = await tableRows(page, "table.data-table");
    // when, who, document, sku, location, batch, before, after, change
    expect(log[0]![2]).toBe(`Shipping order ${shipmentNumber}`);
    expect(await page.getAttribute(`a:has-text('${shipmentNumber}')`, "href")).toBe(shipmentPath);
    expect(log.map((row) => row.slice(6))).toEqual([
      ["10", "7", "-3"],
      ["0", "10", "+10"],
    ]);
    await context.close();
  });

  it("a batch-tracked variant ships from the batch chosen in the form; a missing batch is refused at its line", async () => {
    const { company, customer, location, level, eur } = await world();
    const db = await companyDb(company.companyId);
    const ctx = await companyCtx(company.companyId);
    const cheese = await makeVariant(db, { sku: `CHEESE-${Date.now().toString(36)}`, batchTracked: true });
    await db.insert(t.prices).values({ variantId: cheese.id, priceLevelId: level, currencyId: eur, amount: 50_000 });
    const [lot] = await db
      .insert(t.batches)
      .values({ variantId: cheese.id, number: "LOT-A", expirationDate: "2999-01-01" })
      .returning({ id: t.batches.id });
    await createStockDocument(ctx, {
      kind: "entry",
      location_id: location,
      lines: [{ variant_id: cheese.id, batch_id: lot!.id, quantity: "5" }],
    });
    const order = await createSalesOrder(ctx, {
      customer_id: customer.id,
      location_id: location,
      lines: [{ variant_id: cheese.id, quantity: "2" }],
    });
    const user = await makeUser(company.companyId, ["view_sales_orders", "view_shipping_orders", "edit_shipping_orders"]);
    const context = await browser.newContext({ locale: "en-GB", extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" } });
    await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();

    await page.goto(`${appUrl}/sales/sales-orders/${order.id}`);
    await page.click("summary:has-text('Ship')");
    const batch = page.getByLabel(`Batch of ${cheese.sku}`);
    expect(await batch.locator("option").allInnerTexts()).toEqual(["Choose…", "LOT-A (5 in stock, expires 2999-01-01)"]);
    await page.click("text=Create the shipping order");
    await expect
      .poll(() => text(page, ".ship-order td .field__error").catch(() => null))
      .toBe("This product is batch-tracked: choose a batch");
    await page.getByLabel(`Batch of ${cheese.sku}`).selectOption(String(lot!.id));
    await page.click("text=Create the shipping order");
    await page.waitForURL(/\/sales\/shipping-orders\/\d+\?notice=created$/);
    await expect.poll(() => tableRows(page, "table.sales-lines")).toEqual([[cheese.sku, `Variant ${cheese.sku}`, "2", "LOT-A (2)"]]);
    await context.close();
  });
});
