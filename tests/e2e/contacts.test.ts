import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { makeCompany, makeUser } from "../support/e2e-factories";

const appUrl = inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function staffPage(permissions: string[], companyId?: string): Promise<Page> {
  const user = await makeUser(companyId ?? (await makeCompany()).companyId, permissions);
  const context = await browser.newContext({
    locale: "en-GB",
    extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
    viewport: { width: 1280, height: 900 },
  });
  await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
  return context.newPage();
}

const fieldError = (page: Page, name: string) => page.textContent(`#field-${name}-error`).catch(() => null);
const cells = (page: Page, column: number) =>
  page.$$eval(`table.data-table tbody tr td:nth-child(${column})`, (tds) => tds.map((td) => td.textContent?.trim() ?? ""));

describe("contacts in the browser", () => {
  it("a customer is created with two addresses, net-30 terms and a credit limit; bad input is named at its field and nothing typed is lost", async () => {
    const page = await staffPage(["view_customers", "edit_customers"]);
    await page.goto(`${appUrl}/contacts/customers/create`);
    await expect.poll(() => page.textContent("h1")).toBe("New customer");

    // A customer without a label and with a bad email is refused, field by field.
    await page.fill("textarea[name=emails]", "buyer@shop.example\nnot-an-email");
    await page.fill("input[name='addresses.0.city']", "Lyon");
    await page.click("button:has-text('Create the customer')");
    await expect.poll(() => fieldError(page, "label")).toBe("This field is required");
    await expect.poll(() => fieldError(page, "emails")).toBe("This email is not valid");
    expect(await page.inputValue("input[name='addresses.0.city']")).toBe("Lyon");

    await page.fill("input[name=label]", "Épicerie Bellecour");
    await page.fill("textarea[name=emails]", "buyer@shop.example");
    await page.selectOption("select[name='addresses.0.type']", "billing");
    await page.fill("input[name='addresses.0.address1']", "1 place Bellecour");
    await page.fill("input[name='addresses.0.postal_code']", "69002");
    await page.click("button:has-text('Add another address')");
    await page.waitForSelector("input[name='addresses.1.city']");
    expect(await page.inputValue("input[name='addresses.0.address1']")).toBe("1 place Bellecour");
    await page.selectOption("select[name='addresses.1.type']", "shipping");
    await page.fill("input[name='addresses.1.address1']", "20 rue Mercière");
    await page.fill("input[name='addresses.1.city']", "Lyon");
    await page.selectOption("select[name=payment_terms_type]", "net");
    await page.fill("input[name=payment_terms_days]", "30");
    await page.fill("input[name=credit_limit]", "-5");
    await page.click("button:has-text('Create the customer')");
    await expect.poll(() => fieldError(page, "credit_limit")).toBe("This value is too small");
    expect(await page.inputValue("input[name='addresses.1.address1']")).toBe("20 rue Mercière");

    // Typed the French way: spaces group the thousands, a comma starts the decimals.
    await page.fill("input[name=credit_limit]", "12 000,50");
    await page.click("button:has-text('Create the customer')");
    await page.waitForURL(/\/contacts\/customers\/\d+\?notice=created$/);
    await expect.poll(() => page.textContent("h1")).toContain("Épicerie Bellecour");
    const detail = (await page.textContent("main"))!;
    expect(detail).toContain("Épicerie Bellecour");
    expect(detail).toContain("Net 30 days");
    expect(detail).toContain("1 place Bellecour");
    expect(detail).toContain("20 rue Mercière");
    expect(detail).toContain("€12,000.50");

    // Deleting asks for its consequences to be ticked; the server refuses a delete without them.
    const address = new URL(page.url()).pathname;
    const unticked = await page.request.post(`${appUrl}${address}`, { form: { intent: "delete" }, headers: { origin: appUrl } });
    expect(unticked.status()).toBe(422);
    await page.click(".confirm-delete summary");
    await page.check("input[name=acknowledge_cascade]");
    await page.check("input[name=acknowledge_irreversible]");
    await page.click(".confirm-delete button[type=submit]");
    await page.waitForURL(/\/contacts\/customers\?notice=deleted$/);
    await expect.poll(() => page.textContent("main")).not.toContain("Épicerie Bellecour");
  });

  it("a supplier and an employee are created, and customers are found again by search, filter and sort", async () => {
    const page = await staffPage([
      "view_customers",
      "edit_customers",
      "view_suppliers",
      "edit_suppliers",
      "view_employees",
      "edit_employees",
    ]);

    await page.goto(`${appUrl}/contacts/suppliers/create`);
    await page.fill("input[name=name]", "Filatures du Nord");
    await page.fill("input[name=email]", "ventes@filatures.example");
    await page.click("button:has-text('Create the supplier')");
    await page.waitForURL(/\/contacts\/suppliers\/\d+\?notice=created$/);
    await expect.poll(() => page.textContent("h1")).toContain("Filatures du Nord");

    await page.goto(`${appUrl}/contacts/employees/create`);
    await page.fill("input[name=label]", "Julien Moreau");
    await page.fill("input[name=position]", "Responsable entrepôt");
    await page.click("button:has-text('Create the employee')");
    await page.waitForURL(/\/contacts\/employees\/\d+\?notice=created$/);
    await expect.poll(() => page.textContent("main")).toContain("Responsable entrepôt");

    for (const [label, limit] of [
      ["Bazar Mistral", "500"],
      ["Boutique Soleil", "9000"],
      ["Comptoir du Port", "3000"],
    ] as const) {
      await page.goto(`${appUrl}/contacts/customers/create`);
      await page.fill("input[name=label]", label);
      await page.fill("input[name=credit_limit]", limit);
      if (label === "Comptoir du Port") {
        await page.selectOption("select[name='addresses.0.type']", "billing");
        await page.fill("input[name='addresses.0.city']", "Ostende");
        await page.selectOption("select[name='addresses.0.country']", "BE");
      }
      await page.click("button:has-text('Create the customer')");
      await page.waitForURL(/\/contacts\/customers\/\d+\?notice=created$/);
      await expect.poll(() => page.textContent("h1")).toContain(label);
    }

    await page.goto(`${appUrl}/contacts/customers`);
    expect(await cells(page, 1)).toEqual(["Bazar Mistral", "Boutique Soleil", "Comptoir du Port"]);
    // Sorted by credit limit, highest first (the second click on the header).
    await page.click("th a:has-text('Credit limit')");
    await page.waitForURL(/sort=/);
    await page.click("th a:has-text('Credit limit')");
    await expect.poll(() => cells(page, 1)).toEqual(["Boutique Soleil", "Comptoir du Port", "Bazar Mistral"]);
    // Filtered by a credit limit of at least 1,000, then searched by the start of the name.
    await page.fill("input[name=credit_limit__Gte]", "1000");
    await page.click(".list-filters__actions button[type=submit]");
    await expect.poll(() => cells(page, 1)).toEqual(["Boutique Soleil", "Comptoir du Port"]);
    await page.fill("#list-search", "Comp");
    await page.click(".list-filters__actions button[type=submit]");
    await expect.poll(() => cells(page, 1)).toEqual(["Comptoir du Port"]);
    expect(page.url()).toContain("search=Comp");

    // The country filter offers the countries the customers' addresses are in, not every country.
    await page.goto(`${appUrl}/contacts/customers`);
    expect(await page.$$eval("#list-filter-country option", (options) => options.map((o) => o.textContent))).toEqual(["Any", "Belgium"]);
    await page.selectOption("#list-filter-country", "BE");
    await page.click(".list-filters__actions button[type=submit]");
    await expect.poll(() => cells(page, 1)).toEqual(["Comptoir du Port"]);
    expect(page.url()).toContain("country=BE");
    // The filter shows the choice it holds, on the page the server wrote as after a client-side navigation.
    expect(await page.inputValue("#list-filter-country")).toBe("BE");
    await page.reload();
    expect(await page.inputValue("#list-filter-country")).toBe("BE");
  });

  it("a user who may see customers but not edit them gets no edit button and is sent away from the edit page; another company sees nothing", async () => {
    const company = await makeCompany();
    const editor = await staffPage(["view_customers", "edit_customers"], company.companyId);
    await editor.goto(`${appUrl}/contacts/customers/create`);
    await editor.fill("input[name=label]", "Read Only Test");
    await editor.click("button:has-text('Create the customer')");
    await editor.waitForURL(/\/contacts\/customers\/(\d+)\?notice=created$/);
    const id = /customers\/(\d+)/.exec(editor.url())![1];
    await editor.waitForSelector(`a[href='/contacts/customers/${id}/edit']`);

    const viewer = await staffPage(["view_customers"], company.companyId);
    await viewer.goto(`${appUrl}/contacts/customers`);
    expect(await cells(viewer, 1)).toContain("Read Only Test");
    await viewer.goto(`${appUrl}/contacts/customers/${id}`);
    expect(await viewer.textContent("h1")).toContain("Read Only Test");
    expect(await viewer.$(`a[href='/contacts/customers/${id}/edit']`)).toBeNull();
    await viewer.goto(`${appUrl}/contacts/customers/${id}/edit`);
    await viewer.waitForURL(`${appUrl}/dashboard`);

    const stranger = await staffPage(["view_customers", "edit_customers"]);
    const response = await stranger.goto(`${appUrl}/contacts/customers/${id}`);
    expect(response?.status()).toBe(404);
    await stranger.goto(`${appUrl}/contacts/customers`);
    expect(await stranger.textContent("main")).not.toContain("Read Only Test");
  });
});
