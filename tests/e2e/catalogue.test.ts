import { tenantSchema } from "../../db/client";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createAttribute } from "../../worker/domain/products-settings/attributes/create-attribute";
import { createCurrency } from "../../worker/domain/settings/currencies/create-currency";
import { allCurrencies } from "../../worker/domain/settings/currencies/list-currencies";
import { createPriceLevel } from "../../worker/domain/settings/price-levels/create-price-level";
import { allPriceLevels } from "../../worker/domain/settings/price-levels/list-price-levels";
import { launchBrowser } from "../support/browser";
import { companyCtx, companyDb, makeCompany, makeUser } from "../support/e2e-factories";

const appUrl = inject("appUrl");
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const PRODUCTS = `${appUrl}/products-and-services/products`;
const EDITOR = [
  "view_products",
  "edit_products",
  "view_products_selling_info",
  "edit_products_selling_info",
  "view_products_purchasing_info",
  "edit_products_purchasing_info",
  // The modules of prices in several currencies and of batches, which these tests use.
  "multi_currencies",
  "batch_tracking",
];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function staffPage(permissions: string[], companyId: string): Promise<Page> {
  const user = await makeUser(companyId, permissions);
  const context = await browser.newContext({
    locale: "en-GB",
    extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
    viewport: { width: 1280, height: 900 },
  });
  await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
  return context.newPage();
}

/** Waits until React has taken over the page (the create form's kind choice re-renders the form). */
const hydrated = (page: Page, selector = "form.product-form") =>
  page.waitForFunction((wanted) => {
    const form = document.querySelector(wanted);
    return form !== null && Object.keys(form).some((k) => k.startsWith("__react"));
  }, selector);
const listHydrated = (page: Page) => hydrated(page, "form[role=search]");

const fieldError = (page: Page, name: string) => page.textContent(`#field-${name}-error`).catch(() => null);
const cells = (page: Page, column: number) =>
  page.$$eval(`table.data-table tbody tr td:nth-child(${column})`, (tds) => tds.map((td) => td.textContent?.trim() ?? ""));
const gridCell = (page: Page, table: string, level: number, currency: number) =>
  page.textContent(`table[aria-label='${table}'] td[data-cell='${level}:${currency}']`).catch(() => null);

describe("the catalogue in the browser", () => {
  it("a T-shirt with size and colour variants, a pack of 6, prices in two levels and two currencies, a kit, the list and its saved view", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const ctx = await companyCtx(company.companyId);
    await createAttribute(ctx, { label: "Size", options: ["S", "M"] });
    await createAttribute(ctx, { label: "Colour", options: ["Red", "Blue"] });
    const wholesale = await createPriceLevel(ctx, { label: "Wholesale", type: "selling" });
    const usd = await createCurrency(ctx, { iso: "USD", exchange_rate: "1.1" });
    const retail = (await allPriceLevels(ctx)).find((l) => l.type === "selling" && l.id !== wholesale.id)!;
    const eur = (await allCurrencies(ctx)).find((c) => c.iso === "EUR")!;
    await db.insert(tenantSchema.suppliers).values({ name: "Faïencerie de Gien" });
    const page = await staffPage(EDITOR, company.companyId);

    // A product with variants: without a label it is refused at the field, and what was typed stays.
    await page.goto(`${PRODUCTS}/create`);
    await expect.poll(() => page.textContent("h1")).toBe("New product");
    await hydrated(page);
    await page.selectOption("select[name=kind]", "variants");
    await page.selectOption("#field-attribute-0", { label: "Size" });
    await page.selectOption("#field-attribute-1", { label: "Colour" });
    for (const [attribute, option] of [
      ["Size", "S"],
      ["Size", "M"],
      ["Colour", "Red"],
      ["Colour", "Blue"],
    ] as const)
      await page
        .getByRole("group", { name: `Options of ${attribute}` })
        .getByLabel(option, { exact: true })
        .check();
    await expect.poll(() => page.locator("table[aria-label='Variants'] tbody tr").count()).toBe(4);
    await page.fill("input[name=sku]", "TS");
    await page.fill(`input[name='price.${retail.id}.${eur.id}']`, "15");
    await page.click("button:has-text('Create the product')");
    await expect.poll(() => fieldError(page, "label")).toBe("This field is required");
    expect(await page.inputValue("input[name=sku]")).toBe("TS");
    expect(await page.inputValue("select[name=kind]")).toBe("variants");
    expect(await page.inputValue(`input[name='price.${retail.id}.${eur.id}']`)).toBe("15");
    expect(await page.locator("table[aria-label='Variants'] tbody tr").count()).toBe(4);

    await page.fill("input[name=label]", "T-shirt");
    await page.click("button:has-text('Create the product')");
    await page.waitForURL(/\/products-and-services\/products\/\d+\?notice=created$/);
    const tshirtId = /products\/(\d+)/.exec(page.url())![1]!;
    await expect.poll(() => page.textContent("h1")).toContain("T-shirt");
    expect(await page.textContent("[data-field=kind]")).toBe("With variants");
    const skus = await page.$$eval("table[aria-label='Variants'] tbody tr td:first-child", (tds) =>
      tds.map((td) => td.textContent?.trim()),
    );
    expect(skus.sort()).toEqual(["TS-M-BLUE", "TS-M-RED", "TS-S-BLUE", "TS-S-RED"]);

    // A pack of 6 on the M / Red variant, at its own price.
    await page.click("a:has-text('TS-M-RED')");
    await page.waitForURL(/\/variants\/\d+$/);
    await expect.poll(() => page.textContent("h1")).toContain("TS-M-RED");
    await page.fill("input[name=pack_label]", "Pack of 6");
    await page.fill("input[name=pack_quantity]", "6");
    await page.fill(`input[name='pack_price.${retail.id}.${eur.id}']`, "80");
    await page.click("button:has-text('Add a pack')");
    await page.waitForURL(/notice=pack_added$/);
    await expect.poll(() => page.textContent("[role=status]")).toBe("Pack added.");
    expect(await page.textContent("section[aria-label='Pack of 6']")).toContain("6 units");
    expect(await gridCell(page, "Prices of Pack of 6", retail.id, eur.id)).toBe("€80.00");
    // The pack is changed in place: a bad quantity is named at its field, then a new price is saved.
    const pack = page.locator("section[aria-label='Pack of 6']");
    await pack.locator("summary").click();
    await pack.locator("input[name=pack_quantity]").fill("0");
    await pack.locator(`input[name='pack_price.${retail.id}.${eur.id}']`).fill("78");
    await pack.locator("button:has-text('Save the pack')").click();
    await expect.poll(() => pack.locator(".field__error").first().textContent()).toBe("This value is too small");
    expect(await pack.locator(`input[name='pack_price.${retail.id}.${eur.id}']`).inputValue()).toBe("78");
    await pack.locator("input[name=pack_quantity]").fill("6");
    await pack.locator("button:has-text('Save the pack')").click();
    await page.waitForURL(/notice=pack_saved$/);
    await expect.poll(() => gridCell(page, "Prices of Pack of 6", retail.id, eur.id)).toBe("€78.00");

    // Its prices in two selling levels and two currencies.
    await page.click("a:has-text('Edit the variant')");
    await page.waitForURL(/\/edit$/);
    expect(await page.inputValue(`input[name='price.${retail.id}.${eur.id}']`)).toBe("15.00");
    await page.fill(`input[name='price.${retail.id}.${usd.id}']`, "17");
    await page.fill(`input[name='price.${wholesale.id}.${eur.id}']`, "10");
    await page.fill(`input[name='price.${wholesale.id}.${usd.id}']`, "11.5");
    await page.click("button:has-text('Save')");
    await page.waitForURL(/notice=saved$/);
    await expect.poll(() => page.textContent("[role=status]")).toBe("Variant saved.");
    const variantPrices = "Prices of T-shirt M / Red";
    expect(await gridCell(page, variantPrices, retail.id, eur.id)).toBe("€15.00");
    expect(await gridCell(page, variantPrices, retail.id, usd.id)).toBe("$17.00");
    expect(await gridCell(page, variantPrices, wholesale.id, eur.id)).toBe("€10.00");
    expect(await gridCell(page, variantPrices, wholesale.id, usd.id)).toBe("$11.50");
    // The pack kept its own price.
    expect(await gridCell(page, "Prices of Pack of 6", retail.id, eur.id)).toBe("€78.00");

    // A single product, then a kit of it and a T-shirt; an unknown component sku is named at its row.
    await page.goto(`${PRODUCTS}/create`);
    await hydrated(page);
    await page.fill("input[name=label]", "Mug");
    await page.fill("input[name=sku]", "MUG-1");
    await page.selectOption("select[name=supplier_id]", { label: "Faïencerie de Gien" });
    await page.fill("input[name=initial_stock]", "12");
    await page.click("button:has-text('Create the product')");
    // Initial stock needs a location: named at its field, nothing saved, what was typed kept.
    await expect.poll(() => fieldError(page, "initial_location_id")).toBe("This field is required");
    expect(await page.inputValue("input[name=initial_stock]")).toBe("12");
    await page.selectOption("select[name=initial_location_id]", { index: 1 });
    await page.click("button:has-text('Create the product')");
    await page.waitForURL(/\/products\/\d+\?notice=created$/);
    await expect.poll(() => page.textContent("[data-field=sku]")).toBe("MUG-1");
    expect(await page.textContent("[data-field=on_hand]")).toBe("12");
    expect(await page.textContent("main")).toContain("Faïencerie de Gien");

    // Its image goes to the files bucket and shows on the page; a file that is no image is named at the field.
    await page.setInputFiles("#field-image", { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await page.click("button:has-text('Upload the image')");
    await expect.poll(() => fieldError(page, "image")).toBe("The file is not a PNG, JPEG, GIF or WebP image");
    await page.setInputFiles("#field-image", { name: "mug.png", mimeType: "image/png", buffer: Buffer.from(PNG_1X1, "base64") });
    await page.click("button:has-text('Upload the image')");
    await expect.poll(() => page.textContent("[role=status]")).toBe("Image saved.");
    await expect.poll(() => page.$eval(".product-image img", (img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

    await page.goto(`${PRODUCTS}/create`);
    await hydrated(page);
    await page.selectOption("select[name=kind]", "kit");
    await page.fill("input[name=label]", "Gift set");
    await page.fill("input[name=sku]", "KIT-1");
    await page.fill("input[name=kit_discount_rate]", "10");
    await page.fill("#field-components-0-sku", "TS-S-RED");
    await page.fill("#field-components-0-quantity", "2");
    await page.fill("#field-components-1-sku", "NOPE-404");
    await page.click("button:has-text('Create the product')");
    await expect.poll(() => fieldError(page, "components-1-sku")).toBe("This product variant does not exist.");
    expect(await page.inputValue("#field-components-0-sku")).toBe("TS-S-RED");
    await page.fill("#field-components-1-sku", "MUG-1");
    await page.click("button:has-text('Create the product')");
    await page.waitForURL(/\/products\/\d+\?notice=created$/);
    expect(await page.textContent("[data-field=kind]")).toBe("Kit");
    expect(await page.textContent("[data-field=kit_discount_rate]")).toBe("10 %");
    expect(await page.$$eval("table[aria-label='Components'] tbody tr", (rows) => rows.map((r) => r.textContent))).toEqual([
      "TS-S-REDT-shirt S / Red2",
      "MUG-1Mug1",
    ]);

    // The list finds the T-shirt by the start of one of its skus.
    await page.goto(PRODUCTS);
    await listHydrated(page);
    expect((await cells(page, 2)).sort()).toEqual(["Gift set", "Mug", "T-shirt"]);
    await page.fill("#list-search", "TS-M");
    await page.click("button:has-text('Filter')");
    await expect.poll(() => cells(page, 2)).toEqual(["T-shirt"]);
    await page.click(`a[href='/products-and-services/products/${tshirtId}']`);
    await page.waitForURL(`${PRODUCTS}/${tshirtId}`);

    // A filtered view saved as the default opens again when the list is opened with no query.
    await page.goto(PRODUCTS);
    await listHydrated(page);
    await page.selectOption("select[name=kind]", "kit");
    await page.click("button:has-text('Filter')");
    await page.waitForURL(/kind=kit/);
    await expect.poll(() => cells(page, 2)).toEqual(["Gift set"]);
    await page.click("summary:has-text('Saved views')");
    await page.fill("#list-view-label", "Kits only");
    await page.check("input[name=is_default]");
    await page.click("button:has-text('Save the current view')");
    // The URL already names the kit filter: wait for the saved view itself before leaving.
    await page.waitForSelector(".list-menu li:has(a:text-is('Kits only')) .badge", { state: "attached" });
    await page.goto(PRODUCTS);
    await page.waitForURL(/kind=kit/);
    await expect.poll(() => cells(page, 2)).toEqual(["Gift set"]);

    // The list's menus bring their panels into the page when first opened: a column hidden from there.
    expect(await page.locator(".list-menu__columns").count()).toBe(0);
    expect(await page.locator("th", { hasText: "Kind" }).count()).toBe(1);
    await page.click("summary:has-text('Columns')");
    await page.uncheck(".list-menu__columns input[value=kind]");
    await page.click("button:has-text('Show these columns')");
    await page.waitForURL(/columns=/);
    await expect.poll(() => page.locator("th", { hasText: "Kind" }).count()).toBe(0);
    await expect.poll(() => cells(page, 2)).toEqual(["Gift set"]);
  });

  it("batch tracking cannot be turned off; a user who may only view products gets no edit button and is sent away from the edit page", async () => {
    const company = await makeCompany();
    const editor = await staffPage(EDITOR, company.companyId);
    await editor.goto(`${PRODUCTS}/create`);
    await hydrated(editor);
    await editor.selectOption("select[name=kind]", "batches");
    await editor.fill("input[name=label]", "Honey");
    await editor.fill("input[name=sku]", "HONEY-1");
    await editor.click("button:has-text('Create the product')");
    await editor.waitForURL(/\/products\/(\d+)\?notice=created$/);
    const id = /products\/(\d+)/.exec(editor.url())![1]!;
    expect(await editor.textContent("[data-field=kind]")).toBe("With batches");

    await editor.click(`a[href='/products-and-services/products/${id}/edit']`);
    await editor.waitForURL(`${PRODUCTS}/${id}/edit`);
    expect(await editor.isChecked("input[name=batch_tracked]")).toBe(true);
    await editor.uncheck("input[name=batch_tracked]");
    await editor.fill("input[name=hs_code]", "040900");
    await editor.click("button:has-text('Save')");
    await expect.poll(() => fieldError(editor, "batch_tracked")).toBe("Batch tracking cannot be turned off once enabled.");
    expect(await editor.inputValue("input[name=hs_code]")).toBe("040900");

    const viewer = await staffPage(["view_products"], company.companyId);
    await viewer.goto(`${PRODUCTS}/${id}`);
    expect(await viewer.textContent("h1")).toContain("Honey");
    expect(await viewer.$(`a[href='/products-and-services/products/${id}/edit']`)).toBeNull();
    expect(await viewer.$("button:has-text('Delete')")).toBeNull();
    await viewer.goto(PRODUCTS);
    expect(await cells(viewer, 2)).toEqual(["Honey"]);
    expect(await viewer.$("a:has-text('New product')")).toBeNull();
    await viewer.goto(`${PRODUCTS}/${id}/edit`);
    await viewer.waitForURL(`${appUrl}/dashboard`);
  });

  it("a service is created and edited; a missing reference is named at its field and what was typed stays", async () => {
    const company = await makeCompany();
    const page = await staffPage(["view_services", "edit_services"], company.companyId);
    await page.goto(`${appUrl}/products-and-services/services/create`);
    await expect.poll(() => page.textContent("h1")).toBe("New service");
    await page.fill("input[name=label]", "Installation");
    await page.fill("input[name=price]", "45");
    await page.click("button:has-text('Create the service')");
    await expect.poll(() => fieldError(page, "reference")).toBe("This field is required");
    expect(await page.inputValue("input[name=label]")).toBe("Installation");
    await page.fill("input[name=reference]", "SRV-INSTALL");
    await page.click("button:has-text('Create the service')");
    await page.waitForURL(/\/services\/\d+\?notice=created$/);
    await expect.poll(() => page.textContent("h1")).toContain("Installation");
    const detail = new URL(page.url()).pathname;

    await page.goto(`${appUrl}${detail}/edit`);
    await page.fill("input[name=label]", "Installation sur site");
    await page.click("button:has-text('Save')");
    await page.waitForURL(`${appUrl}${detail}?notice=saved`);
    await expect.poll(() => page.textContent("h1")).toContain("Installation sur site");
  });
});
