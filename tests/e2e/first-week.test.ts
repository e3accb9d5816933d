import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { updateCompanySettings } from "../../worker/domain/settings/company-settings/update-company-settings";
import { launchBrowser } from "../support/browser";
import { companyCtx, companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeCustomer } from "../support/isolation/sales";
import { makeVariant } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const t = tenantSchema;
const UNIT = 10_000_000;
// Where to keep the order's first page as an image, to look at it (unset: not kept).
const SHOTS = process.env.FIRST_WEEK_SHOTS;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const dir = mkdtempSync(join(tmpdir(), "first-week-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A French company with its legal identifiers, numbers written the French way and VAT at 20 %; a
 * soap at 9.50 € also sold as "Lot de 6", 10 in stock; its store open; a buyer, and staff who sell.
 */
async function frenchCompany() {
  const company = await makeCompany(`Savonnerie du Vieux-Port ${Date.now().toString(36)}`);
  const db = await companyDb(company.companyId);
  const ctx = await companyCtx(company.companyId);
  await updateCompanySettings(ctx, {
    number_format: "space_comma",
    languages: ["fr"],
    legal_form: "SAS",
    share_capital: "10000",
    siren: "732 829 320",
    siret: "732 829 320 00074",
    rcs_city: "Marseille",
    vat_number: "FR 44 732 829 320",
  });
  const [level] = await db.insert(t.priceLevels).values({ label: "Tarif", type: "selling" }).returning({ id: t.priceLevels.id });
  const customer = await makeCustomer(db, { label: "Épicerie Martin", priceLevelId: level!.id });
  const [location] = await db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id).limit(1);
  const [eur] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
  const [vat] = await db
    .insert(t.taxes)
    .values({ label: "TVA 20 %", abbreviation: "TVA", kind: "simple", rate: 20 * 10_000 })
    .returning({ id: t.taxes.id });
  const soap = await makeVariant(db, { sku: `SAVON-${Date.now().toString(36).toUpperCase()}` });
  await db.update(t.products).set({ label: "Savon de Marseille", b2bPublished: true }).where(eq(t.products.id, soap.productId));
  await db.update(t.variants).set({ label: "Savon de Marseille 300 g", b2bPublished: true }).where(eq(t.variants.id, soap.id));
  await db.insert(t.prices).values({ variantId: soap.id, priceLevelId: level!.id, currencyId: eur!.id, amount: 95_000 });
  await db.insert(t.variantTaxes).values({ variantId: soap.id, taxId: vat!.id });
  await db.insert(t.packs).values({ variantId: soap.id, label: "Lot de 6", quantity: 6 * UNIT });
  await db.insert(t.stockLevels).values({ variantId: soap.id, locationId: location!.id, onHand: 10 * UNIT });
  await db.insert(t.storeSettings).values({ id: 1, settings: { status: true } });
  const buyer = await makeUser(company.companyId, [], { customerId: String(customer.id) });
  const staff = await makeUser(company.companyId, [
    "view_sales_orders",
    "edit_sales_orders",
    "view_shipping_orders",
    "edit_shipping_orders",
  ]);
  return { company, soap, buyer, staff };
}

/** A browser in French (the language cookie, as the language switch sets it) at `width`, signed in to nothing. */
async function french(width: number): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: "fr-FR",
    extraHTTPHeaders: { "accept-language": "fr-FR,fr;q=0.9" },
    viewport: { width, height: 900 },
  });
  await context.addCookies([{ name: "lang", value: "fr", url: appUrl }]);
  return context;
}

/** Waits until React has taken over the element (its event handlers are attached). */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((wanted) => {
    const element = document.querySelector(wanted);
    return element !== null && Object.keys(element).some((k) => k.startsWith("__react"));
  }, selector);

/** Once the page runs its script: it does not scroll sideways. */
async function settled(page: Page, selector: string) {
  await hydrated(page, selector);
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, `${new URL(page.url()).pathname} is ${scroll} px wide`).toBeLessThanOrEqual(inner);
}

async function signIn(page: Page, path: string, user: { email: string; password: string }) {
  await page.goto(`${appUrl}${path}`);
  await settled(page, "form.form button[type=submit]");
  await page.getByLabel("E-mail", { exact: true }).fill(user.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** A PDF of the app, fetched with the browser's session, as text (its layout kept) and the file. */
async function pdf(context: BrowserContext, path: string): Promise<{ text: string; file: string }> {
  const session = (await context.cookies(appUrl)).find((c) => c.name === "session")!;
  const response = await fetch(`${appUrl}${path}`, { headers: { cookie: `session=${session.value}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
  return { text: execFileSync("pdftotext", ["-layout", file, "-"]).toString(), file };
}

const PACK = "Lot de 6 · 6 unités";

describe("a French merchant's first week", () => {
  it.each([375, 1280])(
    "at %i px: a buyer orders a pack of 6 in the store, staff validate and ship it, and the order's PDF is a French one",
    async (width) => {
      const w = await frenchCompany();

      // The buyer signs in to the store and puts one "Lot de 6" in the cart.
      const store = await french(width);
      const buyer = await store.newPage();
      await signIn(buyer, "/b2b/login", w.buyer);
      await buyer.waitForURL(`${appUrl}/b2b`);
      await settled(buyer, "[data-testid=cart-button]");
      await buyer.getByRole("link", { name: "Savon de Marseille" }).first().click();
      await buyer.waitForURL(`${appUrl}/b2b/products/${w.soap.productId}`);
      await settled(buyer, "[data-testid=cart-button]");
      const lines = buyer.getByTestId("store-product-line");
      await expect.poll(() => lines.count()).toBe(2);
      expect(await lines.nth(0).innerText()).toContain("9,50\u00a0€");
      const pack = lines.nth(1);
      expect(await pack.innerText()).toContain("Lot de 6");
      // A pack without a price of its own costs six soaps.
      expect(await pack.innerText()).toContain("57,00\u00a0€");
      await pack.getByRole("button", { name: "Ajouter au panier" }).click();
      await expect.poll(() => buyer.getByTestId("cart-button").innerText()).toBe("Panier (1)");
      await buyer.getByTestId("cart-button").click();
      expect(await buyer.getByTestId("cart-line").innerText()).toContain("Lot de 6");
      await buyer.getByRole("link", { name: "Commander" }).click();
      await buyer.waitForURL(`${appUrl}/b2b/order`);
      await settled(buyer, "[data-testid=cart-button]");
      expect(await buyer.getByTestId("order-total-incl-tax").innerText()).toBe("68,40\u00a0€");
      await buyer.getByRole("button", { name: "Passer la commande" }).click();
      await buyer.waitForURL((url) => url.pathname.startsWith("/b2b/orders-history/"));
      await settled(buyer, "[data-testid=cart-button]");
      const orderId = new URL(buyer.url()).pathname.split("/").pop()!;
      // The order awaits validation; the buyer's own page names the pack.
      await expect.poll(() => buyer.locator("[data-status=pending_validation]").count()).toBe(1);
      expect(await buyer.locator("main [data-pack]").innerText()).toBe(PACK);
      await store.close();

      // Staff sign in, open the order, and validate it.
      const office = await french(width);
      const staff = await office.newPage();
      await signIn(staff, "/login", w.staff);
      await staff.waitForURL((url) => url.pathname !== "/login");
      await settled(staff, "button[aria-label='Compte']");
      await staff.goto(`${appUrl}/sales/sales-orders/${orderId}`);
      await settled(staff, ".page-header button[value=validate]");
      expect(await staff.locator("h1 [data-status]").getAttribute("data-status")).toBe("pending_validation");
      await staff.locator(".page-header").getByRole("button", { name: "Valider" }).click();
      await staff.waitForURL(`${appUrl}/sales/sales-orders/${orderId}?notice=moved`);
      await settled(staff, ".ship-order > summary");
      await expect.poll(() => staff.locator("h1 [data-status]").getAttribute("data-status")).toBe("pending");
      expect(await staff.locator("h1 [data-status]").innerText()).toBe("En attente");
      expect(await staff.locator(".page-header button[value=validate]").count()).toBe(0);
      // The order's line is one pack, and says how many units it is.
      const orderLine = staff.locator("table.sales-lines tbody tr").first();
      expect(await orderLine.locator("[data-pack]").innerText()).toBe(PACK);
      expect(await orderLine.locator("td").nth(2).innerText()).toBe("1");
      expect(await orderLine.locator("td.lines-table__total").innerText()).toBe("57,00\u00a0€");

      // Shipping from the order's page: one pack remains, six units.
      await staff.locator(".ship-order > summary", { hasText: "Expédier" }).click();
      const shipLine = staff.locator(".ship-order tbody tr").first();
      expect(await shipLine.locator("[data-pack]").innerText()).toBe(PACK);
      expect(await staff.getByLabel(`Quantité à expédier de ${w.soap.sku}`).inputValue()).toBe("1");
      await staff.getByRole("button", { name: "Créer le bon de livraison" }).click();
      await staff.waitForURL(/\/sales\/shipping-orders\/\d+\?notice=created$/);
      await settled(staff, ".page-header button[value=ship]");
      const shipmentPath = new URL(staff.url()).pathname;
      await staff.locator(".page-header button[value=ship]").click();
      await staff.waitForURL(`${appUrl}${shipmentPath}?notice=moved`);
      await settled(staff, "button[aria-label='Compte']");
      await expect.poll(() => staff.locator("h1 [data-status]").innerText()).toBe("Expédié");
      const shipped = staff.locator("table.sales-lines tbody tr").first();
      expect(await shipped.locator("[data-pack]").innerText()).toBe(PACK);
      expect(await shipped.locator("td").nth(2).innerText()).toBe("1");
      expect(await staff.locator("main").innerText()).toMatch(/Unités\s*:\s*6\b/);
      const orderNumber = await staff.locator(`main a[href='/sales/sales-orders/${orderId}']`).innerText();
      expect(orderNumber).toMatch(/^CMD-\d+$/);

      // The delivery note: the pack and its six units, and the order it ships.
      const note = await pdf(office, `${shipmentPath}/pdf`);
      expect(note.text).toContain(PACK);
      expect(note.text).toContain(`Commande : ${orderNumber}`);

      // The order's PDF: the seller's identifiers, the French VAT totals, the price in French.
      const order = await pdf(office, `/sales/sales-orders/${orderId}/pdf`);
      const text = order.text.replace(/[\u00a0\u202f]/g, " ");
      expect(text).toContain("SAS au capital de 10 000,00 €");
      // The SIREN is printed after the RCS city, as the registration reads.
      expect(text).toContain("SIRET 732 829 320 00074 · RCS Marseille 732 829 320 · N° TVA intracommunautaire FR44732829320");
      expect(text).toContain(PACK);
      // The pack line's unit is the pack: 6 × 9,50 €.
      expect(text).toMatch(/Savon de Marseille 300 g\s+1\s+57,00 €\s+20 %\s+57,00 €/);
      expect(text).toMatch(/Total HT\s+57,00 €/);
      expect(text).toMatch(/TVA 20 %\s+11,40 €/);
      expect(text).toMatch(/Total TTC\s+68,40 €/);
      // Its first page as a reader sees it.
      const image = join(dir, `order-${width}`);
      execFileSync("pdftoppm", ["-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", order.file, image]);
      expect(readFileSync(`${image}.png`).length).toBeGreaterThan(10_000);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        copyFileSync(`${image}.png`, join(SHOTS, "first-week-order.png"));
        await staff.screenshot({ path: join(SHOTS, `first-week-shipping-${width}.png`), fullPage: true });
      }
      await office.close();
    },
  );
});
