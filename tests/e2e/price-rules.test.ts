import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { launchBrowser } from "../support/browser";
import { companyDb, makeCompany, makeUser } from "../support/e2e-factories";

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

const rows = (page: Page) =>
  page.$$eval("table.data-table tbody tr", (trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())),
  );

describe("price rules page", () => {
  it("adds a rule for a brand from a quantity, names a bad field, edits the rule and deletes it", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const [brand] = await db.insert(t.brands).values({ label: "Acme" }).returning();
    const user = await makeUser(company.companyId, [
      "view_products",
      "edit_products",
      "view_products_selling_info",
      "edit_products_selling_info",
      "advanced_prices",
    ]);
    const page = await browser.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    try {
      await signIn(page, user.email, user.password);
      await page.goto(`${appUrl}/products-and-services/price-rules`);
      await page.fill("#field-label", "Acme wholesale");
      await page.selectOption("#field-price_type", "calculated");
      await page.selectOption("#field-operator", "minus_percent");
      // A decrease past 100 % is refused on its field, what was typed kept.
      await page.fill("#field-value", "150");
      await page.fill("#field-minimum_quantity", "12");
      await page.selectOption("#field-selection", "selected_brands");
      await page.selectOption("#field-brand_ids", String(brand!.id));
      await page.getByRole("button", { name: "Add the price rule" }).click();
      await expect.poll(() => page.locator("#field-value-error").count()).toBe(1);
      expect(await page.inputValue("#field-label")).toBe("Acme wholesale");
      await page.fill("#field-value", "10");
      await page.getByRole("button", { name: "Add the price rule" }).click();
      await expect.poll(() => page.getByRole("status").textContent()).toContain("Price rule added.");
      expect((await rows(page)).map((r) => r.slice(0, 4))).toEqual([
        ["1", "Acme wholesale", "Selected brands", "Less a percentage 10.0000 · from 12.0000000"],
      ]);
      const [saved] = await db.select().from(t.priceRules);
      const targets = await db.select().from(t.priceRuleTargets).where(eq(t.priceRuleTargets.ruleId, saved!.id));
      expect(targets.map((x) => [x.kind, x.targetId])).toEqual([["brand", brand!.id]]);

      await page.getByRole("link", { name: "Edit Acme wholesale" }).click();
      await page.waitForURL(/edit=/);
      await page.fill("#field-value", "12.5");
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => page.getByRole("status").textContent()).toContain("Price rule saved.");
      expect((await rows(page))[0]![3]).toContain("12.5000");

      await page.getByRole("button", { name: "Delete Acme wholesale" }).click();
      await expect.poll(() => page.getByRole("status").textContent()).toContain("Price rule deleted.");
      expect(await db.select().from(t.priceRules)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
