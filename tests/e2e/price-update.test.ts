import { and, eq, inArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { launchBrowser } from "../support/browser";
import { companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { makeVariant } from "../support/isolation/stock";

const appUrl = inject("appUrl");
let browser: Browser;
const t = tenantSchema;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${appUrl}/login`);
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", password);
  await page.click("button[type=submit]");
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

describe("price update page", () => {
  it("previews the new prices of a brand's variants, updates them in the background, then reverts them", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const [level] = await db.select().from(t.priceLevels).where(eq(t.priceLevels.type, "selling")).orderBy(t.priceLevels.id).limit(1);
    const [currency] = await db.select().from(t.currencies).where(eq(t.currencies.isDefault, true));
    const [brand] = await db.insert(t.brands).values({ label: "Acme" }).returning();
    const u = Date.now().toString(36);
    const branded = [await makeVariant(db, { sku: `ACME-1-${u}` }), await makeVariant(db, { sku: `ACME-2-${u}` })];
    const other = await makeVariant(db, { sku: `OTHER-${u}` });
    await db
      .update(t.products)
      .set({ brandId: brand!.id })
      .where(
        inArray(
          t.products.id,
          branded.map((v) => v.productId),
        ),
      );
    // 12.345 and 19.99; the other brand's 10.
    await db.insert(t.prices).values([
      { variantId: branded[0]!.id, priceLevelId: level!.id, currencyId: currency!.id, amount: 123_450 },
      { variantId: branded[1]!.id, priceLevelId: level!.id, currencyId: currency!.id, amount: 199_900 },
      { variantId: other.id, priceLevelId: level!.id, currencyId: currency!.id, amount: 100_000 },
    ]);
    const amounts = async () =>
      (
        await db
          .select({ variantId: t.prices.variantId, amount: t.prices.amount })
          .from(t.prices)
          .where(and(eq(t.prices.priceLevelId, level!.id), inArray(t.prices.variantId, [...branded.map((v) => v.id), other.id])))
          .orderBy(t.prices.variantId)
      ).map((p) => p.amount);
    const user = await makeUser(company.companyId, ["view_products", "edit_products", "edit_products_selling_info"]);

    const page = await browser.newPage();
    try {
      await signIn(page, user.email, user.password);
      await page.goto(`${appUrl}/products-and-services/price-update`);
      await page.selectOption("#field-price_level_id", String(level!.id));
      await page.selectOption("#field-brand_id", String(brand!.id));
      await page.fill("#field-value", "10");
      await page.selectOption("#field-rounding", "0.05");
      await page.getByRole("button", { name: "Preview" }).click();
      await expect.poll(() => page.getByRole("heading", { level: 2, name: /2 variants selected/ }).count()).toBe(1);
      const rows = await page.$$eval("table.data-table tbody tr", (trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())),
      );
      expect(rows.map((r) => r[0])).toEqual(branded.map((v) => v.sku));
      // 12.345 → 13.5795 → 13.60; 19.99 → 21.989 → 22.00.
      expect(rows.map((r) => r.slice(2).map((cell) => cell.replace(/[^\d.,]/g, "")))).toEqual([
        ["12.35", "13.60"],
        ["19.99", "22.00"],
      ]);
      expect(await amounts()).toEqual([123_450, 199_900, 100_000]);

      await page.getByRole("button", { name: "Update prices" }).click();
      await page.waitForURL((url) => url.searchParams.has("id"));
      // Followed live: completed without a reload, with its counts.
      await expect.poll(() => page.getByRole("status").first().innerText(), { timeout: 30_000 }).toContain("Completed");
      await expect.poll(() => page.locator(".price-update__counts").innerText(), { timeout: 10_000 }).toMatch(/Prices changed\s+2/);
      expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
      expect(await amounts()).toEqual([136_000, 220_000, 100_000]);

      await page.getByRole("button", { name: "Revert" }).click();
      await expect.poll(() => page.getByRole("status").first().innerText(), { timeout: 30_000 }).toContain("Reverted");
      expect(await amounts()).toEqual([123_450, 199_900, 100_000]);
    } finally {
      await page.close();
    }
  });
});
