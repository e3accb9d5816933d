import { eq } from "drizzle-orm";
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

describe("transform assembly page", () => {
  it("shows what an assembly takes and has available, refuses too many under the quantity, then makes them", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    await db.update(t.companySettings).set({ preventNegativeInventory: true });
    const [location] = await db.select({ id: t.locations.id }).from(t.locations).orderBy(t.locations.id).limit(1);
    const part = await makeVariant(db, { sku: `BOLT-${Date.now().toString(36)}` });
    await db.insert(t.stockLevels).values({ variantId: part.id, locationId: location!.id, onHand: 40_000_000 });
    const assembly = await makeVariant(db, { sku: `FRAME-${Date.now().toString(36)}` });
    await db.update(t.variants).set({ isAssembly: true }).where(eq(t.variants.id, assembly.id));
    await db.insert(t.components).values({ parentVariantId: assembly.id, componentVariantId: part.id, quantity: 20_000_000 });
    const user = await makeUser(company.companyId, ["view_products_inventory", "edit_products_inventory", "assemblies"]);

    const page = await browser.newPage();
    try {
      await signIn(page, user.email, user.password);
      await page.goto(`${appUrl}/products-and-services/transform-assembly`);
      await page.selectOption("#transform-assembly", String(assembly.id));
      await page.selectOption("#transform-location", String(location!.id));
      await page.click("main form[method=get] button[type=submit]");
      await page.waitForSelector("input[name=quantity]");
      const rows = await page.$$eval("table.data-table tbody tr", (trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())),
      );
      expect(rows[0]).toEqual([part.sku, `Variant ${part.sku}`, "2", "4"]);

      await page.fill("input[name=quantity]", "3");
      await page.click("main form[method=post] button[type=submit]");
      await page.waitForSelector("#field-quantity-error");
      expect(await page.textContent("#field-quantity-error")).toContain("at most 2");

      await page.fill("input[name=quantity]", "2");
      await page.click("main form[method=post] button[type=submit]");
      await page.waitForURL((url) => url.searchParams.has("transform"));
      expect(await page.textContent(".alert--success")).toContain(`2 × ${assembly.sku} made`);
      const [level] = await db.select({ onHand: t.stockLevels.onHand }).from(t.stockLevels).where(eq(t.stockLevels.variantId, assembly.id));
      expect(level!.onHand).toBe(20_000_000);
    } finally {
      await page.close();
    }
  });
});
