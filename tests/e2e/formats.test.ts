import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { allCurrencies } from "../../worker/domain/settings/currencies/list-currencies";
import { updateCurrency } from "../../worker/domain/settings/currencies/update-currency";
import { createStockDocument } from "../../worker/domain/stock/create-stock-document";
import { launchBrowser } from "../support/browser";
import { companyCtx, companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { firstLocation, makeVariant } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until React has taken over the element (its event handlers are attached). */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((wanted) => {
    const element = document.querySelector(wanted);
    return element !== null && Object.keys(element).some((k) => k.startsWith("__react"));
  }, selector);

const rows = (page: Page) =>
  page.$$eval("table.data-table tbody tr", (trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())),
  );

describe("numbers, money and dates as the company and the user write them", () => {
  it("in French, a company switched to space_comma shows '1 234 567,89 €' and '09/03/2026'; its settings are reached from the account menu", async () => {
    const company = await makeCompany();
    const db = await companyDb(company.companyId);
    const ctx = await companyCtx(company.companyId);
    const eur = (await allCurrencies(ctx)).find((c) => c.iso === "EUR")!;
    await updateCurrency(ctx, { id: eur.id, symbol_template: "{amount} {sign}" });
    const variant = await makeVariant(db);
    const entry = await createStockDocument(ctx, {
      kind: "entry",
      location_id: await firstLocation(db),
      date: "2026-03-09",
      lines: [{ variant_id: variant.id, quantity: "1234.5", unit_cost: "1234567.89" }],
    });
    const user = await makeUser(company.companyId, ["settings", "view_stock_entries", "view_products_inventory"]);
    const context = await browser.newContext({
      locale: "fr-FR",
      extraHTTPHeaders: { "accept-language": "fr-FR,fr;q=0.9" },
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();

    // The company writes numbers the English way for now; the date is French already.
    await page.goto(`${appUrl}/inventory/stock-entries/${entry.id}`);
    expect(await page.textContent("main")).toContain("1,234,567.89\u00a0€");
    expect(await page.textContent("main")).toContain("09/03/2026");

    // The account menu's company name leads to the company settings.
    await hydrated(page, "button[aria-label='Compte']");
    await page.click("button[aria-label='Compte']");
    await page.click("[data-testid=current-company]");
    await page.waitForURL(/\/settings\/company-settings$/);
    await expect.poll(() => page.textContent("h1")).toBe("Paramètres de l'entreprise");
    expect(await page.inputValue("input[name=label]")).toBe(company.label);

    // A refused save names its field in French and keeps what was typed.
    await page.fill("input[name=label]", " ");
    await page.selectOption("select[name=number_format]", "space_comma");
    await page.fill("input[name=estimate_expiration_days]", "45");
    await page.uncheck("input[name=languages][value=en]");
    await page.click("button:has-text('Enregistrer les paramètres')");
    await expect.poll(() => page.textContent("#field-label-error").catch(() => null)).toBe("Ce champ est obligatoire");
    expect(await page.textContent("#field-languages-error")).toBe("Ce champ est obligatoire");
    expect(await page.inputValue("select[name=number_format]")).toBe("space_comma");
    expect(await page.inputValue("input[name=estimate_expiration_days]")).toBe("45");

    await page.fill("input[name=label]", `${company.label} SARL`);
    await page.check("input[name=languages][value=fr]");
    await page.click("button:has-text('Enregistrer les paramètres')");
    await page.waitForURL(/notice=saved$/);
    await expect.poll(() => page.textContent("[role=status]")).toBe("Paramètres de l'entreprise enregistrés.");
    await hydrated(page, "button[aria-label='Compte']");
    await page.click("button[aria-label='Compte']");
    expect(await page.textContent("[data-testid=current-company]")).toBe(`${company.label} SARL`);

    // The logo goes to the files bucket through the page, and comes back from it.
    await page.goto(`${appUrl}/settings/company-settings`);
    await page.setInputFiles("input[name=logo]", { name: "logo.png", mimeType: "image/png", buffer: Buffer.from(PNG_1X1, "base64") });
    await page.click("button:has-text('Envoyer le logo')");
    await page.waitForURL(/notice=logo_saved$/);
    await expect.poll(() => page.$eval(".company-logo img", (img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

    // Every page now writes the company's way: lists and details alike.
    await page.goto(`${appUrl}/inventory/stock-entries`);
    const [row] = await rows(page);
    expect(row).toContain("09/03/2026");
    expect(row).toContain("1 234,5");
    await page.goto(`${appUrl}/inventory/stock-entries/${entry.id}`);
    const lines = await rows(page);
    // Money as French writes it: narrow no-break spaces between groups, a no-break space before the sign.
    expect(lines[0]).toEqual([variant.sku, `Variant ${variant.sku}`, "—", "1 234,5", "1\u202f234\u202f567,89\u00a0€"]);
    await context.close();
  });
});
