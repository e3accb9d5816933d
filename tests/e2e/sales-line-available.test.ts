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

/**
 * 2,500 mugs on hand, 1,000 of them reserved by another order, and our sales order of 4 mugs, a
 * variant kept out of stock and a service: 1,496 left to anyone else, 1,500 to our order (its own 4
 * are given back and taken again when it is saved).
 */
async function world() {
  const company = await makeCompany();
  const db = await companyDb(company.companyId);
  const ctx = await companyCtx(company.companyId);
  const [level] = await db.insert(t.priceLevels).values({ label: "Retail", type: "selling" }).returning({ id: t.priceLevels.id });
  const customer = await makeCustomer(db, { priceLevelId: level!.id });
  const location = await firstLocation(db);
  const [eur] = await db.select({ id: t.currencies.id }).from(t.currencies).where(eq(t.currencies.iso, "EUR"));
  const stamp = Date.now().toString(36).toUpperCase();
  const mug = await makeVariant(db, { sku: `MUG-${stamp}` });
  const poster = await makeVariant(db, { sku: `POSTER-${stamp}`, trackInventory: false });
  for (const v of [mug, poster])
    await db.insert(t.prices).values({ variantId: v.id, priceLevelId: level!.id, currencyId: eur!.id, amount: 125_000 });
  const [service] = await db
    .insert(t.services)
    .values({ label: "Gift wrapping", reference: `WRAP-${stamp}`, price: 20_000 })
    .returning({ id: t.services.id });
  await createStockDocument(ctx, { kind: "entry", location_id: location, lines: [{ variant_id: mug.id, quantity: "2500" }] });
  await createSalesOrder(ctx, { customer_id: customer.id, location_id: location, lines: [{ variant_id: mug.id, quantity: "1000" }] });
  const order = await createSalesOrder(ctx, {
    customer_id: customer.id,
    location_id: location,
    lines: [
      { variant_id: mug.id, quantity: "4" },
      { variant_id: poster.id, quantity: "1" },
      { service_id: service!.id, quantity: "1" },
    ],
  });
  const user = await makeUser(company.companyId, ["view_sales_orders", "edit_sales_orders"]);
  return { db, order, mug, poster, user };
}

async function openEdit(w: Awaited<ReturnType<typeof world>>, options: { language: "en" | "fr"; width: number }) {
  const locale = options.language === "fr" ? "fr-FR" : "en-GB";
  const context = await browser.newContext({
    locale,
    extraHTTPHeaders: { "accept-language": `${locale},${options.language};q=0.9` },
    viewport: { width: options.width, height: 900 },
  });
  await context.addCookies([{ name: "session", value: w.user.cookie.slice("session=".length), url: appUrl }]);
  const page = await context.newPage();
  await page.goto(`${appUrl}/sales/sales-orders/${w.order.id}/edit`);
  // The editor's script has run: the lines follow what is typed.
  await page.waitForFunction(() => {
    const input = document.querySelector("tr[data-lid] input");
    return input !== null && Object.keys(input).some((k) => k.startsWith("__react"));
  });
  return { context, page };
}

/** Each line of the editor: its SKU, its available note (null when it has none) and whether the note is marked short. */
const lineNotes = (page: Page) =>
  page.$$eval("tr[data-lid]", (rows) =>
    rows.map((row) => {
      const note = row.querySelector("[data-available]");
      return [
        (row.querySelector(".lines-table__sku")?.textContent ?? "").trim(),
        note ? (note.textContent ?? "").trim() : null,
        note ? note.classList.contains("line-editor__available--short") : null,
      ];
    }),
  );

describe("the sales line editor shows what is available", () => {
  it("next to a stocked line's quantity, in red once the line takes more; none for a variant kept out of stock or a service; at 1280 and 375 px", async () => {
    const w = await world();
    const { context, page } = await openEdit(w, { language: "en", width: 1280 });
    // The mug, the poster kept out of stock, the service.
    expect(await lineNotes(page)).toEqual([
      [w.mug.sku, "Available: 1,500", false],
      [w.poster.sku, null, null],
      [expect.any(String), null, null],
    ]);
    const quantity = page.getByLabel(`Quantity of ${w.mug.sku}`);
    await quantity.fill("1501");
    await expect.poll(async () => (await lineNotes(page))[0]).toEqual([w.mug.sku, "Available: 1,500", true]);
    // Red: the colour is the short one, not the muted grey of a figure that suffices.
    const colour = () =>
      page
        .locator("tr[data-lid] [data-available]")
        .first()
        .evaluate((el) => getComputedStyle(el).color);
    expect(await colour()).toBe("rgb(179, 38, 30)");
    await page.screenshot({ path: "/tmp/ui-sales-line-available-1280.png", fullPage: true });
    await quantity.fill("1500");
    await expect.poll(async () => (await lineNotes(page))[0]).toEqual([w.mug.sku, "Available: 1,500", false]);
    expect(await colour()).not.toBe("rgb(179, 38, 30)");
    await context.close();

    // On a phone: the note sits under the quantity in the line's card, and nothing scrolls sideways.
    const phone = await openEdit(w, { language: "en", width: 375 });
    await phone.page.getByLabel(`Quantity of ${w.mug.sku}`).fill("1501");
    await expect.poll(async () => (await lineNotes(phone.page))[0]).toEqual([w.mug.sku, "Available: 1,500", true]);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const note = await phone.page.locator("tr[data-lid] [data-available]").first().boundingBox();
    expect(note!.x + note!.width).toBeLessThanOrEqual(375);
    await phone.page.screenshot({ path: "/tmp/ui-sales-line-available-375.png", fullPage: true });
    await phone.context.close();
  });

  it("in French, with the company writing numbers the French way: « Disponible : 1 500 »; a drop-shipped order shows none", async () => {
    const w = await world();
    await w.db.update(t.companySettings).set({ numberFormat: "space_comma" });
    const { context, page } = await openEdit(w, { language: "fr", width: 1280 });
    const [mugLine] = await lineNotes(page);
    expect(String(mugLine![1]).replace(/[\u00a0\u202f]/g, " ")).toBe("Disponible : 1 500");
    await page.screenshot({ path: "/tmp/ui-sales-line-available-fr.png", fullPage: true });
    // Drop shipping takes nothing from the location's stock.
    await page.selectOption("[id=field-delivery_type]", "drop_shipping");
    await expect.poll(async () => (await lineNotes(page)).map((l) => l[1])).toEqual([null, null, null]);
    await context.close();
  });
});
