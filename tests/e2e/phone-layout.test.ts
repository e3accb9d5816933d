import { eq, inArray } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { createCustomer } from "../../worker/domain/contacts/create-customer";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { createSalesOrder } from "../../worker/domain/sales/create-sales-order";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { launchBrowser } from "../support/browser";
import { companyCtx, companyDb, makeCompany, makeUser } from "../support/e2e-factories";
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

/**
 * A company with long names and large amounts, the worst a phone sees: a customer, two published
 * products in stock, an estimate and a sales order of several lines, an open store and its buyer.
 */
async function world() {
  const company = await makeCompany(`Établissements Marchand-Delacroix et Fils ${Date.now().toString(36)}`);
  const db = await companyDb(company.companyId);
  const ctx = await companyCtx(company.companyId);
  const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const [eur] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
  const [location] = await db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id).limit(1);
  const customer = await createCustomer(ctx, {
    label: "Boulangerie-Pâtisserie Artisanale des Quatre Saisons",
    emails: ["commandes.boulangerie-quatre-saisons@example.test"],
    price_level_id: level!.id,
  });
  const stamp = Date.now().toString(36).toUpperCase();
  const oven = await makeVariant(db, { sku: `FOUR-SOLE-ROTATIF-${stamp}` });
  const mixer = await makeVariant(db, { sku: `PETRIN-SPIRALE-${stamp}` });
  await db
    .update(t.variants)
    .set({ b2bPublished: true, label: "Four à sole rotatif professionnel, six étages, vapeur intégrée" })
    .where(eq(t.variants.id, oven.id));
  await db.update(t.variants).set({ b2bPublished: true, label: "Pétrin à spirale 80 litres" }).where(eq(t.variants.id, mixer.id));
  // The store sells a variant when it and its product are published (sellable.ts).
  for (const v of [oven, mixer]) await db.update(t.products).set({ b2bPublished: true }).where(eq(t.products.id, v.productId));
  // Sold by the store: the products are published as well as their variants.
  await db
    .update(t.products)
    .set({ b2bPublished: true })
    .where(inArray(t.products.id, [oven.productId, mixer.productId]));
  for (const v of [oven, mixer])
    await db.insert(t.prices).values({ variantId: v.id, priceLevelId: level!.id, currencyId: eur!.id, amount: 12_345_678_900 });
  await createStockDocument(ctx, {
    kind: "entry",
    location_id: location!.id,
    lines: [
      { variant_id: oven.id, quantity: "20" },
      { variant_id: mixer.id, quantity: "20" },
    ],
  });
  const lines = [
    { variant_id: oven.id, quantity: "12", price: "1234567.89", discount: "5" },
    { variant_id: mixer.id, quantity: "3", price: "98765.43" },
    { description: "Livraison, installation et mise en service sur site par un technicien agréé" },
  ];
  const estimate = await createEstimate(ctx, { customer_id: customer.id, location_id: location!.id, lines });
  const order = await createSalesOrder(ctx, { customer_id: customer.id, location_id: location!.id, lines });
  await db.insert(t.storeSettings).values({ id: 1, settings: { status: true } });
  const staff = await makeUser(company.companyId, [...ADMINISTRATOR_PERMISSIONS]);
  const buyer = await makeUser(company.companyId, [], { customerId: String(customer.id) });
  return { customer, estimate, order, oven, staff, buyer };
}

async function phone(cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: "fr-FR",
    extraHTTPHeaders: { "accept-language": "fr-FR,fr;q=0.9" },
    viewport: { width: 375, height: 800 },
  });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
  return context;
}

/** The paths whose page is wider than the screen, with their widths. */
async function tooWide(page: Page, paths: string[]) {
  const wide: string[] = [];
  for (const path of paths) {
    const response = await page.goto(`${appUrl}${path}`);
    expect(response?.status(), path).toBe(200);
    expect(new URL(page.url()).pathname, path).toBe(path.split("?")[0]);
    // The page's own scripts have run (lists and editors lay out on hydration).
    await page.waitForLoadState("networkidle");
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    if (scroll > inner) wide.push(`${path}: ${scroll} px`);
  }
  return wide;
}

describe("the app on a 375 px wide phone", () => {
  it("shows every page type without sideways scrolling: lists, details, forms, documents with lines, settings and the store", async () => {
    const w = await world();
    const staff = await phone(w.staff.cookie);
    const staffPage = await staff.newPage();
    const backOffice = await tooWide(staffPage, [
      "/dashboard",
      "/sales/sales-orders",
      "/sales/estimates",
      "/sales/invoices",
      "/sales/invoices/create",
      "/contacts/customers",
      "/products-and-services/products",
      "/inventory/stock-level",
      `/sales/sales-orders/${w.order.id}`,
      `/sales/estimates/${w.estimate.id}`,
      `/contacts/customers/${w.customer.id}`,
      "/contacts/customers/create",
      "/products-and-services/products/create",
      `/sales/estimates/${w.estimate.id}/edit`,
      `/sales/sales-orders/${w.order.id}/edit`,
      "/sales/estimates/create",
      "/inventory/stock-entries/create",
      "/inventory/inventory-bulk-update",
      "/settings/company-settings",
      "/settings/users",
      "/settings/pdf-settings",
      "/b2b-store/settings/setup",
      "/search?q=four",
    ]);
    await staff.close();

    const store = await phone(w.buyer.cookie);
    const storePage = await store.newPage();
    const storefront = await tooWide(storePage, [
      "/b2b",
      `/b2b/products/${w.oven.productId}`,
      "/b2b/orders-history",
      `/b2b/orders-history/${w.order.id}`,
      "/b2b/invoices-history",
      "/b2b/settings",
    ]);
    await store.close();
    expect([...backOffice, ...storefront]).toEqual([]);
  });
});
