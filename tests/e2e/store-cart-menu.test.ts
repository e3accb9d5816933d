import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { launchBrowser } from "../support/browser";
import { companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer } from "../support/isolation/sales";
import { makeVariant } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const t = tenantSchema;
const UNIT = 10_000_000;
const SHOTS = process.env.CART_MENU_SHOTS;
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A store in red with an amber secondary colour, shipping 5 €, selling to one buyer: a mug at
 * 12.50 € with VAT 20 % (12 in stock), and tea glasses at 2 € untaxed, 13 at least, 40 in stock, also
 * in boxes of 6 (so at least 3 boxes, and 6 whole boxes in stock).
 */
async function store() {
  const company = await makeCompany();
  const db = await companyDb(company.companyId);
  const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const customer = await makeCustomer(db, { priceLevelId: level!.id });
  const [location] = await db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id).limit(1);
  const [eur] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
  const [vat] = await db
    .insert(t.taxes)
    .values({ label: "VAT 20", abbreviation: "VAT", kind: "simple", rate: 20 * 10_000 })
    .returning({ id: t.taxes.id });
  const stamp = Date.now().toString(36);
  const mug = await makeVariant(db, { sku: `MUG-${stamp}` });
  const glass = await makeVariant(db, { sku: `GLASS-${stamp}` });
  for (const [v, label, price, units] of [
    [mug, "Enamel mug", 125_000, 12],
    [glass, "Tea glass", 20_000, 40],
  ] as const) {
    await db.insert(t.prices).values({ variantId: v.id, priceLevelId: level!.id, currencyId: eur!.id, amount: price });
    await db.update(t.variants).set({ b2bPublished: true, label }).where(eq(t.variants.id, v.id));
    await db.update(t.products).set({ b2bPublished: true, label }).where(eq(t.products.id, v.productId));
    await db.insert(t.stockLevels).values({ variantId: v.id, locationId: location!.id, onHand: units * UNIT });
  }
  await db.insert(t.variantTaxes).values({ variantId: mug.id, taxId: vat!.id });
  await db
    .update(t.variants)
    .set({ minimumQuantity: 13 * UNIT })
    .where(eq(t.variants.id, glass.id));
  const [box] = await db
    .insert(t.packs)
    .values({ variantId: glass.id, label: "Box of 6", quantity: 6 * UNIT })
    .returning({ id: t.packs.id });
  await db.insert(t.storeSettings).values({
    id: 1,
    settings: { status: true, primary_color: "#c62828", secondary_color: "#ffd54f", shipping_cost: "5" },
  });
  const buyer = await makeUser(company.companyId, [], { customerId: String(customer.id) });
  return { mug, glass, box: box!.id, buyer };
}

async function buyerPage(cookie: string, width: number): Promise<Page> {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width, height: 900 } });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
  return context.newPage();
}

/** The store's product page line of this cart key. */
const productLine = (page: Page, key: string) => page.locator(`[data-testid=store-product-line][data-key="${key}"]`);
const cartLine = (page: Page, variantId: number) => page.locator(`[data-testid=cart-line][data-variant="${variantId}"]`);

/** Adds `quantity` of a product page's line and waits for the cart to count `count` lines. */
async function add(page: Page, key: string, quantity: string, count: number) {
  await productLine(page, key).locator("input[name=quantity]").fill(quantity);
  await productLine(page, key).getByRole("button", { name: "Add to cart" }).click();
  await expect.poll(() => page.getByTestId("cart-button").innerText()).toBe(`Cart (${count})`);
}

/** The serious and critical WCAG 2 A/AA violations axe finds on the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(options: unknown): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } })).violations;
  })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** A cart line's quantity box comes to `expected` and stays there past the 300 ms debounce and the server's answer. */
async function expectSettled(page: Page, variantId: number, expected: string) {
  const box = cartLine(page, variantId).getByRole("textbox");
  await expect.poll(() => box.inputValue(), { timeout: 5000 }).toBe(expected);
  await page.waitForTimeout(1500);
  expect(await box.inputValue()).toBe(expected);
}

describe("the store's cart menu", () => {
  it("is readable in the store's colours: no contrast violation with the menu open, at 1280 and 375 px", async () => {
    const s = await store();
    for (const width of [1280, 375]) {
      const page = await buyerPage(s.buyer.cookie, width);
      await page.goto(`${appUrl}/b2b/products/${s.mug.productId}`);
      if (width === 1280) {
        await add(page, String(s.mug.id), "2", 1);
        await page.goto(`${appUrl}/b2b/products/${s.glass.productId}`);
        await add(page, `${s.glass.id}_${s.box}`, "3", 2);
      }
      await page.getByTestId("cart-button").click();
      await expect.poll(() => page.locator("[data-testid=cart-line]").count()).toBe(2);
      const panel = page.getByRole("dialog", { name: "Cart" });
      // The line's name is dark on the panel's white, not the bar's white.
      expect(
        await panel
          .locator("strong")
          .first()
          .evaluate((e) => getComputedStyle(e).color),
      ).toBe("rgb(29, 33, 37)");
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/cart-menu-${width}.png`, fullPage: true });
      }
      await page.context().close();
    }
  });

  it("shows in each quantity box what the cart holds: + at the stock is ignored, − at a box's minimum too, a typed word is undone", async () => {
    const s = await store();
    const page = await buyerPage(s.buyer.cookie, 1280);
    await page.goto(`${appUrl}/b2b/products/${s.mug.productId}`);
    await add(page, String(s.mug.id), "12", 1);
    await page.goto(`${appUrl}/b2b/products/${s.glass.productId}`);
    await add(page, `${s.glass.id}_${s.box}`, "3", 2);
    await page.getByTestId("cart-button").click();
    await cartLine(page, s.mug.id).getByRole("button", { name: "One more" }).click();
    await expectSettled(page, s.mug.id, "12");
    await cartLine(page, s.glass.id).getByRole("button", { name: "One less" }).click();
    await expectSettled(page, s.glass.id, "3");
    await cartLine(page, s.mug.id).getByRole("textbox").fill("lots");
    await expectSettled(page, s.mug.id, "12");
    await cartLine(page, s.mug.id).getByRole("textbox").fill("40");
    await expectSettled(page, s.mug.id, "12");
    await page.context().close();
  });

  it("counts a box's stock in whole boxes on the product page", async () => {
    const s = await store();
    const page = await buyerPage(s.buyer.cookie, 1280);
    await page.goto(`${appUrl}/b2b/products/${s.glass.productId}`);
    // 40 tea glasses: 40 single ones, 6 whole boxes of 6.
    expect(await productLine(page, String(s.glass.id)).innerText()).toContain("40 in stock");
    expect(await productLine(page, `${s.glass.id}_${s.box}`).innerText()).toContain("6 in stock");
    await page.context().close();
  });

  it("leaves the box of an add the stock refuses at what the stock allows, and adds that", async () => {
    const s = await store();
    const page = await buyerPage(s.buyer.cookie, 1280);
    await page.goto(`${appUrl}/b2b/products/${s.mug.productId}`);
    const box = productLine(page, String(s.mug.id)).locator("input[name=quantity]");
    await box.fill("50");
    await productLine(page, String(s.mug.id)).getByRole("button", { name: "Add to cart" }).click();
    await expect.poll(() => box.inputValue()).toBe("12");
    expect(await page.getByTestId("cart-button").innerText()).toBe("Cart (0)");
    await productLine(page, String(s.mug.id)).getByRole("button", { name: "Add to cart" }).click();
    await expect.poll(() => page.getByTestId("cart-button").innerText()).toBe("Cart (1)");
    expect(await box.inputValue()).toBe("12");
    await page.context().close();
  });

  it("shows the shipping, the total excluding tax, the taxes and the total including tax the same way in the cart, the order page and the order", async () => {
    const s = await store();
    const page = await buyerPage(s.buyer.cookie, 1280);
    await page.goto(`${appUrl}/b2b/products/${s.mug.productId}`);
    await add(page, String(s.mug.id), "2", 1);
    await page.goto(`${appUrl}/b2b/products/${s.glass.productId}`);
    await add(page, `${s.glass.id}_${s.box}`, "3", 2);
    await page.getByTestId("cart-button").click();
    const figures = (prefix: string) =>
      Promise.all(["shipping", "total", "taxes", "total-incl-tax"].map((f) => page.getByTestId(`${prefix}-${f}`).innerText()));
    // 2 mugs at 12.50 (VAT 20 %: 5.00) and 3 boxes at 12.00 untaxed, shipping 5.00.
    const expected = ["€5.00", "€66.00", "€5.00", "€71.00"];
    expect(await figures("cart")).toEqual(expected);
    await page.getByRole("link", { name: "Order", exact: true }).click();
    await page.waitForURL(`${appUrl}/b2b/order`);
    expect(await figures("order")).toEqual(expected);
    await page.getByRole("button", { name: "Place the order" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/b2b/orders-history/"));
    expect(await figures("order-detail")).toEqual(expected);
    await page.context().close();
  });

  it("uses the store's secondary colour for its secondary buttons and the bar's accent line, their text readable on it", async () => {
    const s = await store();
    const page = await buyerPage(s.buyer.cookie, 1280);
    await page.goto(`${appUrl}/b2b`);
    const button = page.getByTestId("cart-button");
    expect(await button.evaluate((e) => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color])).toEqual([
      "rgb(255, 213, 79)",
      "rgb(0, 0, 0)",
    ]);
    expect(await page.locator(".storefront__bar").evaluate((e) => getComputedStyle(e).borderBottomColor)).toBe("rgb(255, 213, 79)");
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
