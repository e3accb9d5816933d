import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { launchBrowser } from "../support/browser";
import { companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer, makeSalesDocument } from "../support/isolation/sales";
import { makeVariant } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const t = tenantSchema;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SALES_PERMISSIONS = ["view_estimates", "edit_estimates", "view_sales_orders", "edit_sales_orders"];

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${appUrl}/login`);
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", password);
  await page.click("button[type=submit]");
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** A company selling one mug at 12.50 € before a 20 % VAT to a customer on its retail price level. */
async function world() {
  const company = await makeCompany();
  const db = await companyDb(company.companyId);
  const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const customer = await makeCustomer(db, { priceLevelId: level!.id });
  const [location] = await db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id).limit(1);
  const [eur] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
  const [vat] = await db
    .insert(t.taxes)
    .values({ label: "VAT 20", abbreviation: "VAT", kind: "simple", rate: 200_000 })
    .returning({ id: t.taxes.id });
  const sku = `MUG-${Date.now().toString(36)}`;
  const mug = await makeVariant(db, { sku, trackInventory: false });
  await db.insert(t.prices).values({ variantId: mug.id, priceLevelId: level!.id, currencyId: eur!.id, amount: 125_000 });
  await db.insert(t.variantTaxes).values({ variantId: mug.id, taxId: vat!.id });
  return { company, db, customer, location: location!.id, sku };
}

const text = (page: Page, selector: string) => page.locator(selector).first().innerText();

describe("sales documents in the back-office", () => {
  it("an estimate typed in the browser shows its total as one types, is saved, accepted and transformed into a sales order with its status chips", async () => {
    const { company, customer, location, sku } = await world();
    const user = await makeUser(company.companyId, SALES_PERMISSIONS);
    const context = await browser.newContext({
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await signIn(page, user.email, user.password);

    await page.goto(`${appUrl}/sales/estimates/create`);
    await page.selectOption("[id=field-customer_id]", String(customer.id));
    await page.selectOption("[id=field-location_id]", String(location));
    // A SKU and Enter add the line, priced for the customer: 12.50 + 20 % VAT.
    const add = page.getByLabel("Add a product or service by SKU or name");
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.fill(sku);
    await add.press("Enter");
    await page.waitForSelector(`tr[data-lid] >> text=${sku}`);
    await expect.poll(() => text(page, "[data-total=total]")).toBe("€15.00");
    // The new line's quantity has the focus: 3 typed there, the total follows before anything is saved,
    // and Enter goes back to the add field instead of sending the form.
    const quantity = page.getByLabel(`Quantity of ${sku}`);
    await expect.poll(() => quantity.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type("3");
    await expect.poll(() => text(page, "[data-total=total]")).toBe("€45.00");
    await page.keyboard.press("Enter");
    await expect.poll(() => add.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/sales/estimates/create");
    await page.screenshot({ path: "test-results/sales-estimate-create.png", fullPage: true });

    // Saved without a location: refused at the field, the line and its quantity stay as typed.
    await page.selectOption("[id=field-location_id]", "");
    await page.click("button[value=save]");
    await expect.poll(() => page.textContent("[id=field-location_id-error]").catch(() => null)).toBe("This field is required");
    expect(await page.getByLabel(`Quantity of ${sku}`).inputValue()).toBe("3");
    expect(await text(page, "[data-total=total]")).toBe("€45.00");
    await page.selectOption("[id=field-location_id]", String(location));
    await page.click("button[value=save]");
    await page.waitForURL(/\/sales\/estimates\/\d+\?notice=created$/);
    await expect.poll(() => text(page, "h1 .status-chip")).toBe("Pending");
    expect(await text(page, "[data-total=total]")).toBe("€45.00");
    await page.screenshot({ path: "test-results/sales-estimate-detail.png", fullPage: true });
    const estimatePath = new URL(page.url()).pathname;
    const estimateNumber = (await text(page, "h1")).split(" ")[1]!;

    await page.click("button[value=transform]");
    await page.waitForURL(/\/sales\/sales-orders\/\d+\?notice=created$/);
    // The URL changes as the page's data arrives: the chips are waited for.
    await expect.poll(() => page.locator(".status-chip").allInnerTexts()).toEqual(["Pending", "Unpaid", "Not delivered"]);
    expect(await text(page, "[data-total=total]")).toBe("€45.00");
    await page.screenshot({ path: "test-results/sales-order-detail.png", fullPage: true });

    // The order's edit page opens its lines in the editor; two mugs saved make 30.00.
    const orderPath = new URL(page.url()).pathname;
    await page.click(`a[href='${orderPath}/edit']`);
    await page.getByLabel(`Quantity of ${sku}`).fill("2");
    await expect.poll(() => text(page, "[data-total=total]")).toBe("€30.00");
    await page.click("button[value=save]");
    await page.waitForURL(new RegExp(`${orderPath}\\?notice=saved$`));
    await expect.poll(() => text(page, "[data-total=total]")).toBe("€30.00");

    // The order links to its estimate, now accepted and transformed (no more moves offered).
    expect(await text(page, `a[href='${estimatePath}']`)).toBe(`Estimate ${estimateNumber}`);
    await page.click(`a[href='${estimatePath}']`);
    await page.waitForURL((url) => url.pathname === estimatePath);
    await expect.poll(() => text(page, "h1 .status-chip")).toBe("Accepted and transformed");
    expect(await page.locator("button[value=transform], button[value=accept]").count()).toBe(0);

    // The list shows it with its chip, and (to an editor) the create button.
    await page.goto(`${appUrl}/sales/estimates`);
    await page.waitForSelector(`text=${estimateNumber}`);
    expect(await page.locator("table.data-table tbody tr").first().locator(".status-chip").innerText()).toBe("Accepted and transformed");
    expect(await page.locator("a[href='/sales/estimates/create']").count()).toBeGreaterThan(0);
    await context.close();
  });

  it("a viewer without edit_estimates sees the estimates but no create button", async () => {
    const { company } = await world();
    const viewer = await makeUser(company.companyId, ["view_estimates"]);
    const context = await browser.newContext({ locale: "en-GB", extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" } });
    const page = await context.newPage();
    await signIn(page, viewer.email, viewer.password);
    await page.goto(`${appUrl}/sales/estimates`);
    await page.waitForSelector("h1:has-text('Estimates')");
    expect(await page.locator("a[href='/sales/estimates/create']").count()).toBe(0);
    await context.close();
  });

  it("an estimate whose delete was posted without every box ticked stays, and goes once they are", async () => {
    const { company, db, customer, location } = await world();
    const user = await makeUser(company.companyId, SALES_PERMISSIONS);
    const estimateId = await makeSalesDocument(db, {
      type: "estimate",
      number: "DEV-DELETE",
      customerId: customer.id,
      locationId: location,
      date: "2026-01-05",
    });
    const path = `/sales/estimates/${estimateId}`;
    const postDelete = (ticked: string[]) => {
      const form = new URLSearchParams({ intent: "delete" });
      for (const name of ticked) form.set(`acknowledge_${name}`, "on");
      return fetch(`${appUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: user.cookie, origin: appUrl, "content-type": "application/x-www-form-urlencoded" },
        body: form,
      });
    };
    expect((await postDelete(["irreversible"])).status).toBe(422);
    expect(await db.select().from(t.salesDocuments).where(eq(t.salesDocuments.id, estimateId))).toHaveLength(1);
    const done = await postDelete(["cascade", "inventory", "irreversible"]);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/sales/estimates?notice=deleted");
    expect(await db.select().from(t.salesDocuments).where(eq(t.salesDocuments.id, estimateId))).toHaveLength(0);
  });
});
