import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import { launchBrowser } from "../support/browser";
import { companyDb, control, makeCompany, makeUser } from "../support/e2e-factories";
import { fetchApp } from "../support/e2e-fetch-app";
import { makeCustomer, makeSalesDocument } from "../support/isolation/sales";
import { makeVariant } from "../support/isolation/stock";
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

/** A company whose store sells a mug at 12.50 € (8 in stock) and a hidden cup, to a customer with a 10 % discount, and that customer's buyer. */
async function store() {
  const company = await makeCompany();
  const db = await companyDb(company.companyId);
  const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const customer = await makeCustomer(db, { priceLevelId: level!.id, discountRate: 10 * 10_000 });
  const [location] = await db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id).limit(1);
  const [eur] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
  const stamp = Date.now().toString(36);
  const mug = await makeVariant(db, { sku: `MUG-${stamp}` });
  const cup = await makeVariant(db, { sku: `CUP-${stamp}` });
  for (const v of [mug, cup])
    await db.insert(t.prices).values({ variantId: v.id, priceLevelId: level!.id, currencyId: eur!.id, amount: 125_000 });
  await db.update(t.variants).set({ b2bPublished: true, label: "Enamel mug" }).where(eq(t.variants.id, mug.id));
  // The store sells a variant when it and its product are published (sellable.ts).
  await db.update(t.products).set({ b2bPublished: true }).where(eq(t.products.id, mug.productId));
  await db.insert(t.stockLevels).values({ variantId: mug.id, locationId: location!.id, onHand: 8 * UNIT });
  await db.insert(t.storeSettings).values({ id: 1, settings: { status: true } });
  const buyer = await makeUser(company.companyId, [], { customerId: String(customer.id) });
  const other = await makeUser(company.companyId, [], { customerId: String((await makeCustomer(db)).id) });
  return { company, db, mug, cup, buyer, buyerCustomerId: String(customer.id), other, location: location!.id };
}

describe("the B2B store", () => {
  it("a buyer finds a product at their price, fills the cart, changes a quantity, places the order and follows it in the order history", async () => {
    const s = await store();
    const context = await browser.newContext({
      locale: "fr-FR",
      extraHTTPHeaders: { "accept-language": "fr-FR,fr;q=0.9" },
      viewport: { width: 375, height: 800 },
    });
    const [name, value] = s.buyer.cookie.split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
    const page = await context.newPage();
    await page.goto(`${appUrl}/b2b`);
    const products = page.locator("[data-testid=store-product]");
    await expect.poll(() => products.count()).toBe(1);
    expect(await products.first().innerText()).toContain("Enamel mug");
    expect(await products.first().innerText()).toContain("12.50\u00a0€");
    expect(await products.first().innerText()).toContain("8 en stock");
    // The page fits a 375 px wide screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await products.first().locator("input[name=quantity]").fill("2");
    await products.first().getByRole("button", { name: "Ajouter au panier" }).click();
    await expect.poll(() => page.getByTestId("cart-button").innerText()).toBe("Panier (1)");
    await page.getByTestId("cart-button").click();
    // Two clicks on + leave once, 300 ms after the last one: 2 → 4.
    await page.getByRole("button", { name: "Un de plus" }).click();
    await page.getByRole("button", { name: "Un de plus" }).click();
    await expect.poll(() => page.getByTestId("cart-total").innerText(), { timeout: 5000 }).toBe("45.00\u00a0€");
    expect(await page.getByText("Votre remise de 10 % est déduite.").count()).toBe(1);

    await page.getByRole("link", { name: "Commander" }).click();
    await page.waitForURL(`${appUrl}/b2b/order`);
    expect(await page.getByTestId("order-total").innerText()).toBe("45.00\u00a0€");
    await page.fill("input[name=external_reference]", "PO-2026-118");
    await page.getByRole("button", { name: "Passer la commande" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/b2b/orders-history/"));
    expect(await page.getByRole("status").innerText()).toMatch(/^Votre commande CMD-\d+ est passée/);
    expect(await page.locator("main").innerText()).toContain("PO-2026-118");
    expect(await page.locator("[data-status=pending_validation]").count()).toBe(1);
    await expect.poll(() => page.getByTestId("cart-button").innerText()).toBe("Panier (0)");
    // The buyer's confirmation arrives by email, in the language they ordered in.
    const number = (await page.locator("h1").innerText()).replace("Commande ", "");
    const mail = await waitForEmail(mailUrl, s.buyer.email);
    expect(mail.subject).toBe(`Votre commande ${number} chez ${s.company.label}`);
    expect(mail.text).toContain("45.00\u00a0€ HT");

    // The stock is reserved for the order: the catalogue now shows 4 left.
    await page.goto(`${appUrl}/b2b`);
    expect(await products.first().innerText()).toContain("4 en stock");
    await page.goto(`${appUrl}/b2b/orders-history`);
    expect(await page.locator("[data-testid=store-order]").count()).toBe(1);
    await context.close();
  });

  it("shows a buyer only their customer's orders: another customer's order is a 404", async () => {
    const s = await store();
    const theirOrder = await makeSalesDocument(s.db, {
      type: "sales_order",
      number: `CMD-X${Date.now()}`,
      customerId: (await makeCustomer(s.db)).id,
      locationId: s.location,
      date: "2026-11-24",
    });
    const theirs = await fetchApp(`/b2b/orders-history/${theirOrder}`, { cookie: s.buyer.cookie });
    expect(theirs.status).toBe(404);
    const list = await fetchApp("/b2b/orders-history", { cookie: s.other.cookie });
    expect(list.status).toBe(200);
    expect(await list.text()).not.toContain("CMD-X");
  });

  it("answers a cart change of a variant the store does not sell with its error, and keeps the cart", async () => {
    const s = await store();
    const form = (fields: Record<string, string>) =>
      fetchApp("/b2b/cart", { method: "POST", cookie: s.buyer.cookie, form: fields, headers: { origin: appUrl } });
    expect((await form({ intent: "update", variant_id: String(s.cup.id), quantity: "1" })).status).toBe(404);
    expect((await form({ intent: "update", variant_id: "abc", quantity: "1" })).status).toBe(422);
    const page = await fetchApp("/b2b", { cookie: s.buyer.cookie });
    expect(await page.text()).toContain("Cart (0)");
  });

  it("shows a product with its variant alone and in its packs, and puts a box in the cart as its own line; an unpublished product is a 404", async () => {
    const s = await store();
    const [pack] = await s.db
      .insert(t.packs)
      .values({ variantId: s.mug.id, label: "Box of 6", quantity: 6 * UNIT })
      .returning({ id: t.packs.id });
    const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 } });
    const [name, value] = s.buyer.cookie.split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
    const page = await context.newPage();
    await page.goto(`${appUrl}/b2b`);
    await page.getByRole("link", { name: "Enamel mug" }).click();
    await page.waitForURL(`${appUrl}/b2b/products/${s.mug.productId}`);
    const lines = page.locator("[data-testid=store-product-line]");
    // The URL changes before the product's page has rendered: wait for its lines.
    await expect
      .poll(() => lines.evaluateAll((els) => els.map((e) => e.getAttribute("data-key"))))
      .toEqual([`${s.mug.id}`, `${s.mug.id}_${pack!.id}`]);
    // A box without a price of its own costs 6 mugs.
    expect(await lines.nth(1).innerText()).toContain("€75.00");
    await lines.nth(1).getByRole("button", { name: "Add to cart" }).click();
    await expect.poll(() => page.getByTestId("cart-button").innerText()).toBe("Cart (1)");
    await page.getByTestId("cart-button").click();
    expect(await page.locator("[data-testid=cart-line]").innerText()).toContain("Box of 6");
    expect(await page.getByTestId("cart-total").innerText()).toBe("€67.50");
    await context.close();

    expect((await fetchApp(`/b2b/products/${s.cup.productId}`, { cookie: s.buyer.cookie })).status).toBe(404);
    expect((await fetchApp("/b2b/products", { cookie: s.buyer.cookie })).headers.get("location")).toBe("/b2b");
  });

  it("quick order takes a pasted list of SKUs and quantities, names a SKU the store does not sell, and fills the cart", async () => {
    const s = await store();
    const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1280, height: 900 } });
    const [name, value] = s.buyer.cookie.split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
    const page = await context.newPage();
    await page.goto(`${appUrl}/b2b`);
    await page.getByText("Quick order").click();
    const [mug] = await s.db.select({ sku: t.variants.sku }).from(t.variants).where(eq(t.variants.id, s.mug.id));
    const [cup] = await s.db.select({ sku: t.variants.sku }).from(t.variants).where(eq(t.variants.id, s.cup.id));
    await page.fill("textarea[name=quick_order]", `${mug!.sku} 3\n${cup!.sku} 1`);
    await page.locator(".quick-order").getByRole("button", { name: "Add to cart" }).click();
    await expect
      .poll(() => page.locator(".quick-order [role=alert]").innerText())
      .toBe(`Line 2: the store sells nothing with the SKU ${cup!.sku}.`);
    expect(await page.getByTestId("cart-button").innerText()).toBe("Cart (0)");
    await page.fill("textarea[name=quick_order]", `${mug!.sku} 3`);
    await page.locator(".quick-order").getByRole("button", { name: "Add to cart" }).click();
    await expect.poll(() => page.locator(".quick-order [role=status]").innerText()).toBe("The lines are in the cart.");
    await expect.poll(() => page.getByTestId("cart-button").innerText()).toBe("Cart (1)");
    await context.close();
  });
});

describe("the buyer's own settings, other companies and the filters on a phone", () => {
  it("a buyer changes their name and language, is told of a bad phone on its field, and keeps their email", async () => {
    const s = await store();
    const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1200, height: 800 } });
    const [name, value] = s.buyer.cookie.split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
    const page = await context.newPage();
    await page.goto(`${appUrl}/b2b`);
    await page.locator(".storefront__menu").getByRole("link", { name: "Settings" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Settings");
    expect(await page.getByText(s.buyer.email).count()).toBe(1);
    await page.getByLabel("First name").fill("Camille");
    await page.getByLabel("Phone").fill("call me");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.locator("#buyer-phone-error").innerText()).toBe("Enter a valid phone number");
    expect(await page.getByLabel("First name").inputValue()).toBe("Camille");
    await page.getByLabel("Phone").fill("+33 4 78 00 00 00");
    await page.getByLabel("Language of the store's emails").selectOption("fr");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").first().innerText()).toBe("Your settings are saved.");
    const [user] = await control.select().from(controlSchema.users).where(eq(controlSchema.users.id, s.buyer.userId));
    expect(user).toMatchObject({ firstName: "Camille", phone: "+33 4 78 00 00 00", language: "fr", email: s.buyer.email });
    await context.close();
  });

  it("a buyer of two companies changes company from the drawer on a phone; the filters fold behind a button there", async () => {
    const s = await store();
    const second = await store();
    // The same person buys from both companies.
    await control
      .insert(controlSchema.memberships)
      .values({ userId: s.buyer.userId, companyId: second.company.companyId, permissions: [], customerId: second.buyerCustomerId });
    await s.db.insert(t.brands).values({ label: "Émaux" });
    await s.db.update(t.storeSettings).set({ settings: { status: true, display_brand_filter: true } });
    const context = await browser.newContext({ locale: "en-GB", viewport: { width: 375, height: 800 } });
    const [name, value] = s.buyer.cookie.split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
    const page = await context.newPage();
    await page.goto(`${appUrl}/b2b`);
    // The brand filter is behind "Filters" on a phone.
    expect(await page.getByTestId("filter-brand_id").count()).toBe(1);
    expect(await page.getByTestId("filter-brand_id").isVisible()).toBe(false);
    // The button works once the page's script runs: clicked until it says it opened.
    const filters = page.getByRole("button", { name: "Filters" });
    await expect
      .poll(async () => {
        if ((await filters.getAttribute("aria-expanded")) !== "true") await filters.click();
        return page.getByTestId("filter-brand_id").isVisible();
      })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Change company, in the drawer.
    await page.locator(".storefront__drawer summary").click();
    const choice = page.getByTestId("change-company").filter({ visible: true });
    await choice.getByRole("button", { name: second.company.label }).click();
    await expect.poll(() => page.getByTestId("store-brand").innerText()).toBe(second.company.label);
    expect(new URL(page.url()).pathname).toBe("/b2b");
    await context.close();
  });

  it("shows no settings and no change of company to staff viewing the store as a customer", async () => {
    const s = await store();
    const response = await fetchApp("/b2b/settings", { cookie: s.other.cookie });
    expect(response.status).toBe(200);
    const staff = await makeUser(s.company.companyId, ["b2b_portal"], { customerId: s.buyerCustomerId });
    const redirected = await fetchApp("/b2b/settings", { cookie: staff.cookie });
    expect([redirected.status, redirected.headers.get("location")]).toEqual([302, "/b2b"]);
  });

  it("measures the buyers' pages with the store's analytics id, its tag allowed by the page's policy, and not staff viewing the store", async () => {
    const s = await store();
    const page = async (cookie: string) => {
      const response = await fetchApp("/b2b", { cookie });
      return { html: await response.text(), csp: response.headers.get("content-security-policy") ?? "" };
    };
    const before = await page(s.buyer.cookie);
    expect(before.html).not.toContain("googletagmanager");
    expect(before.csp).not.toContain("googletagmanager");
    await s.db.update(t.storeSettings).set({ settings: { status: true, ga_tracking_id: "G-TEST123" } });
    const measured = await page(s.buyer.cookie);
    expect(measured.html).toContain("https://www.googletagmanager.com/gtag/js?id=G-TEST123");
    expect(measured.html).toContain('gtag("config","G-TEST123")');
    const nonce = /script-src 'self' 'nonce-([^']+)' https:\/\/\*\.googletagmanager\.com/.exec(measured.csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(measured.html).toContain(`nonce="${nonce}"`);
    expect(measured.csp).toContain("connect-src 'self' https://*.google-analytics.com");
    const staff = await makeUser(s.company.companyId, ["b2b_portal"], { customerId: s.buyerCustomerId });
    const viewing = await page(staff.cookie);
    expect(viewing.html).not.toContain("googletagmanager");
    expect(viewing.csp).not.toContain("googletagmanager");
  });
});
