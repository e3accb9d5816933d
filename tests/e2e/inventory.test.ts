import { and, eq, sql } from "drizzle-orm";
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

const STOCK_PERMISSIONS = [
  "view_products_inventory",
  "edit_products_inventory",
  "view_stock_entries",
  "edit_stock_entries",
  "view_stock_removals",
  "edit_stock_removals",
  "view_stock_movements",
  "edit_stock_movements",
];

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${appUrl}/login`);
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", password);
  await page.click("button[type=submit]");
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** The cells of each row of the page's data table, as shown. */
const tableRows = (page: Page) =>
  page.$$eval("table.data-table tbody tr", (rows) =>
    rows.map((row) => [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
  );

const byId = (id: string) => `[id="${id}"]`;
const REQUIRED = "This field is required";

async function world() {
  const company = await makeCompany(undefined, ["Shop"]);
  const db = await companyDb(company.companyId);
  const locations = await db.select({ id: t.locations.id, label: t.locations.label }).from(t.locations).orderBy(t.locations.id);
  const warehouse = locations[0]!;
  const shop = locations.find((l) => l.label === "Shop")!;
  const sku = `WIDGET-${Date.now().toString(36)}`;
  const variant = await makeVariant(db, { sku });
  // Negative stock is not allowed in this company.
  await db.update(t.companySettings).set({ preventNegativeInventory: true });
  const user = await makeUser(company.companyId, STOCK_PERMISSIONS);
  return { company, db, warehouse, shop, variant, sku, user };
}

async function onHand(db: Awaited<ReturnType<typeof companyDb>>, variantId: number, locationId: number): Promise<number> {
  const [row] = await db
    .select({ onHand: t.stockLevels.onHand })
    .from(t.stockLevels)
    .where(and(eq(t.stockLevels.variantId, variantId), eq(t.stockLevels.locationId, locationId)));
  return (row?.onHand ?? 0) / 1e7;
}

describe("inventory in the back-office", () => {
  it("receives, moves, removes and counts stock; the log and the levels show every change", async () => {
    const { db, warehouse, shop, variant, sku, user } = await world();
    const context = await browser.newContext({
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    await signIn(page, user.email, user.password);

    // A document cannot be saved without a location: the error is at the field, the lines stay.
    await page.goto(`${appUrl}/inventory/stock-entries/create`);
    // The SKU field suggests the variants whose SKU starts with what is typed.
    await page.waitForSelector("button:has-text('Add a line')");
    await page.locator(byId("field-lines.0.sku")).pressSequentially(sku.slice(0, 4), { delay: 30 });
    await page.waitForSelector(`#variant-skus option[value='${sku}']`, { state: "attached" });
    await page.fill(byId("field-lines.0.sku"), sku);
    await page.fill(byId("field-lines.0.quantity"), "10");
    await page.fill(byId("field-lines.0.unit_cost"), "2.5");
    await page.click("button[value=save]");
    await expect.poll(() => page.textContent(byId("field-location_id-error")).catch(() => null)).toBe(REQUIRED);
    expect(await page.inputValue(byId("field-lines.0.sku"))).toBe(sku);
    expect(await page.inputValue(byId("field-lines.0.quantity"))).toBe("10");

    // 10 in at the warehouse.
    await page.selectOption(byId("field-location_id"), String(warehouse.id));
    await page.click("button[value=save]");
    await page.waitForURL(/\/inventory\/stock-entries\/\d+\?notice=created$/);
    await expect.poll(() => page.textContent("[role=status]")).toBe("Document saved and stock updated.");
    expect(await tableRows(page)).toEqual([[sku, `Variant ${sku}`, "—", "10", "€2.50"]]);

    // 3 moved to the shop.
    await page.goto(`${appUrl}/inventory/stock-movements/create`);
    await page.selectOption(byId("field-location_id"), String(warehouse.id));
    await page.selectOption(byId("field-arrival_location_id"), String(shop.id));
    await page.fill(byId("field-lines.0.sku"), sku);
    await page.fill(byId("field-lines.0.quantity"), "3");
    await page.click("button[value=save]");
    await page.waitForURL(/\/inventory\/stock-movements\/\d+\?notice=created$/);

    // 2 removed from the warehouse.
    await page.goto(`${appUrl}/inventory/stock-removals/create`);
    await page.selectOption(byId("field-location_id"), String(warehouse.id));
    await page.fill(byId("field-lines.0.sku"), sku);
    await page.fill(byId("field-lines.0.quantity"), "2");
    await page.click("button[value=save]");
    await page.waitForURL(/\/inventory\/stock-removals\/\d+\?notice=created$/);
    expect(await onHand(db, variant.id, warehouse.id)).toBe(5);
    expect(await onHand(db, variant.id, shop.id)).toBe(3);

    // More than available, negative stock not allowed: the translated error at the line, nothing saved, nothing lost.
    await page.goto(`${appUrl}/inventory/stock-removals/create`);
    await page.selectOption(byId("field-location_id"), String(warehouse.id));
    await page.fill(byId("field-lines.0.sku"), sku);
    await page.fill(byId("field-lines.0.quantity"), "50");
    await page.fill(byId("field-notes"), "Broken shelf");
    await page.click("button[value=save]");
    await expect.poll(() => page.textContent(byId("field-lines.0.quantity-error")).catch(() => null)).toBe("Not enough stock: 5 available");
    expect(new URL(page.url()).pathname).toBe("/inventory/stock-removals/create");
    expect(await page.inputValue(byId("field-lines.0.quantity"))).toBe("50");
    expect(await page.inputValue(byId("field-lines.0.sku"))).toBe(sku);
    expect(await page.inputValue(byId("field-notes"))).toBe("Broken shelf");
    expect(await page.inputValue(byId("field-location_id"))).toBe(String(warehouse.id));
    const [removals] = await db.all<{ n: number }>(sql`select count(*) as n from stock_documents where type = 'removal'`);
    expect(Number(removals!.n)).toBe(1);
    expect(await onHand(db, variant.id, warehouse.id)).toBe(5);

    // The shelf is counted: 4 where 5 were expected.
    await page.goto(`${appUrl}/inventory/inventory-bulk-update`);
    await page.selectOption("#bulk-location", String(warehouse.id));
    await page.fill("#bulk-search", sku);
    await page.click("text=Show the count sheet");
    await page.waitForSelector(byId(`field-counted.${variant.id}`));
    await page.fill(byId(`field-counted.${variant.id}`), "4");
    await page.click("text=Save the count");
    await page.waitForURL(/count=\d+/);
    await expect.poll(() => page.textContent(".bulk-update__result [role=status]")).toMatch(/^Count CNT-\d{6} saved at /);
    const differences = await page.$$eval(".bulk-update__result tbody tr", (rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
    );
    expect(differences).toEqual([[sku, `Variant ${sku}`, "—", "5", "4", "-1"]]);

    // The ledger has every change, newest first, with who made it.
    await page.goto(`${appUrl}/inventory/inventory-logs?search=${encodeURIComponent(sku)}`);
    const log = await tableRows(page);
    expect(log).toHaveLength(5);
    // when, who, document, sku, location, batch, before, after, change
    const shown = log.map(([, who, doc, rowSku, location, batch, before, after, change]) => ({
      who,
      doc: doc!.split(" ").slice(0, -1).join(" "),
      rowSku,
      location,
      batch,
      before,
      after,
      change,
    }));
    const w = warehouse.label;
    expect(shown.map((r) => [r.doc, r.location, r.before, r.after, r.change])).toEqual([
      ["Stock count", w, "5", "4", "-1"],
      ["Stock removal", w, "7", "5", "-2"],
      ...(shown[2]!.location === "Shop"
        ? [
            ["Stock movement", "Shop", "0", "3", "+3"],
            ["Stock movement", w, "10", "7", "-3"],
          ]
        : [
            ["Stock movement", w, "10", "7", "-3"],
            ["Stock movement", "Shop", "0", "3", "+3"],
          ]),
      ["Stock entry", w, "0", "10", "+10"],
    ]);
    for (const row of shown) {
      expect(row.who).toBe("Sam Staff");
      expect(row.rowSku).toBe(sku);
      expect(row.batch).toBe("—");
    }

    // The levels add up: 10 in, 2 out, 1 lost at the count; 3 of them in the shop.
    await page.goto(`${appUrl}/inventory/stock-level?search=${encodeURIComponent(sku)}&sort=on_hand`);
    const levels = await tableRows(page);
    // sku, variant, location, on hand, reserved, available, incoming, reorder point, bin, batch
    expect(levels.map((r) => [r[0], r[2], r[3], r[5]])).toEqual([
      [sku, "Shop", "3", "3"],
      [sku, w, "4", "4"],
    ]);

    // The shop's reorder point and bin are set in place; below the point, the row says so.
    await page.click(`a[aria-label='Reorder point and bin of ${sku} at Shop']`);
    await page.fill("input[name=reorder_point]", "-2");
    await page.click(".stock-level-editor button[type=submit]");
    await expect.poll(() => page.textContent("#field-reorder_point-error").catch(() => null)).toBe("This value is too small");
    await page.fill("input[name=reorder_point]", "5");
    await page.fill("input[name=bin_location]", "B-12");
    await page.click(".stock-level-editor button[type=submit]");
    await expect.poll(() => page.textContent("[role=status]").catch(() => null)).toBe("Reorder point and bin location saved.");
    const shopRow = (await tableRows(page)).find((r) => r[2] === "Shop")!;
    expect(shopRow[7]).toBe("5 Reorder");
    expect(shopRow[8]).toBe("B-12");
    expect(page.url()).not.toContain("edit=");
    await context.close();
  });

  it("edits and deletes a document (its stock follows), and keeps batches with their expiration dates", async () => {
    const { company, db, warehouse, variant, sku } = await world();
    const clerk = await makeUser(company.companyId, [...STOCK_PERMISSIONS, "view_products", "edit_products", "batch_tracking"]);
    const context = await browser.newContext({
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    await signIn(page, clerk.email, clerk.password);

    await page.goto(`${appUrl}/inventory/stock-entries/create`);
    await page.selectOption(byId("field-location_id"), String(warehouse.id));
    await page.fill(byId("field-lines.0.sku"), sku);
    await page.fill(byId("field-lines.0.quantity"), "6");
    await page.click("button[value=save]");
    await page.waitForURL(/\/inventory\/stock-entries\/\d+\?notice=created$/);
    const detail = new URL(page.url()).pathname;
    expect(await onHand(db, variant.id, warehouse.id)).toBe(6);

    // The edit form holds the saved lines; a new quantity replaces the entry's effect.
    await page.click(`a[href="${detail}/edit"]`);
    await page.waitForURL(`${appUrl}${detail}/edit`);
    expect(await page.inputValue(byId("field-lines.0.sku"))).toBe(sku);
    expect(await page.inputValue(byId("field-lines.0.quantity"))).toBe("6");
    await page.fill(byId("field-lines.0.quantity"), "8");
    await page.click("button[value=save]");
    await page.waitForURL(`${appUrl}${detail}?notice=saved`);
    expect(await onHand(db, variant.id, warehouse.id)).toBe(8);

    // Deleting asks for the consequences to be ticked: the server refuses a delete without them.
    const unticked = await page.request.post(`${appUrl}${detail}`, { form: { intent: "delete" }, headers: { origin: appUrl } });
    expect(unticked.status()).toBe(422);
    expect(await onHand(db, variant.id, warehouse.id)).toBe(8);
    await page.click(".confirm-delete summary");
    await page.check("input[name=acknowledge_inventory]");
    await page.check("input[name=acknowledge_irreversible]");
    await page.click(".confirm-delete button[type=submit]");
    await page.waitForURL(`${appUrl}/inventory/stock-entries?notice=deleted`);
    expect(await onHand(db, variant.id, warehouse.id)).toBe(0);

    // Batches: a batch-tracked variant gets a batch, then an expired date is marked and updated.
    const tracked = await makeVariant(db, { sku: `LOT-${sku}`, batchTracked: true });
    await page.goto(`${appUrl}/products-and-services/batches/${tracked.id}`);
    await page.fill(byId("field-number"), "B-2020");
    await page.fill(byId("field-expiration_date"), "2020-01-31");
    await page.click("text=Add the batch");
    await expect.poll(() => page.textContent("[role=status]")).toBe("Batch added.");
    expect((await tableRows(page))[0]!.slice(0, 3)).toEqual(["B-2020", "—", "2020-01-31 Expired"]);
    await page.fill(byId("field-number"), "B-2020");
    await page.click("text=Add the batch");
    await expect
      .poll(() => page.textContent(byId("field-number-error")).catch(() => null))
      .toBe("This batch already exists for this variant");
    const [batch] = await db.select({ id: t.batches.id }).from(t.batches).where(eq(t.batches.variantId, tracked.id));
    await page.fill(`#batch-${batch!.id}-expiration`, "2999-12-31");
    await page.click(`form:has(#batch-${batch!.id}-expiration) button[type=submit]`);
    await expect.poll(() => page.textContent("[role=status]")).toBe("Expiration date updated.");
    expect((await tableRows(page))[0]!.slice(0, 3)).toEqual(["B-2020", "—", "2999-12-31"]);
    await page.goto(`${appUrl}/products-and-services/batches`);
    expect((await tableRows(page)).some((r) => r[0] === "B-2020")).toBe(true);
    await context.close();
  });

  it("filters the stock levels by a product looked up as it is typed, and the page carries no list of the products", async () => {
    const { db, warehouse, user } = await world();
    const stamp = Date.now().toString(36).toUpperCase();
    const tea = await makeVariant(db, { sku: `TEA-${stamp}` });
    const mug = await makeVariant(db, { sku: `MUG-${stamp}` });
    await db.insert(t.stockLevels).values([
      { variantId: tea.id, locationId: warehouse.id, onHand: 2e7 },
      { variantId: mug.id, locationId: warehouse.id, onHand: 3e7 },
    ]);
    const context = await browser.newContext({ locale: "en-GB", extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" } });
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    const field = "#list-filter-product_id";
    const skus = async () => (await tableRows(page)).map((r) => r[0]).sort();

    // The server's page names no product in its filter: they come as they are typed.
    const served = await (await page.request.get(`${appUrl}/inventory/stock-level`)).text();
    expect(served).toContain('<datalist id="list-filter-product_id-choices"></datalist>');
    expect(served).not.toContain('<select id="list-filter-product_id"');
    await page.goto(`${appUrl}/inventory/stock-level`);
    expect(await skus()).toEqual([`MUG-${stamp}`, `TEA-${stamp}`]);

    await page.click(field);
    await page.keyboard.type("product tea");
    // The suggestions of the typed text (those of the empty field, asked on focus, come first).
    await page.waitForFunction(
      ([selector, label]) => {
        const options = [...document.querySelectorAll<HTMLOptionElement>(`${selector}-choices option`)];
        return options.length === 1 && options[0]!.value === label;
      },
      [field, `Product TEA-${stamp}`] as const,
    );
    // Choosing the suggestion (its whole label, as the browser's list fills it in).
    await page.fill(field, `Product TEA-${stamp}`);
    await page.click(".list-filters__actions button[type=submit]");
    await page.waitForURL((url) => url.searchParams.get("product_id") === String(tea.productId));
    await page.waitForFunction(
      (sku) => document.querySelectorAll("table.data-table tbody tr").length === 1 && document.body.textContent!.includes(sku),
      `TEA-${stamp}`,
    );
    expect(await skus()).toEqual([`TEA-${stamp}`]);
    expect(await page.inputValue(field)).toBe(`Product TEA-${stamp}`);

    // A text that names no product is refused with a message, and the list stays as it is.
    await page.fill(field, "No such product");
    await page.waitForFunction((selector) => document.querySelector<HTMLInputElement>(selector)!.validationMessage !== "", field);
    await page.click(".list-filters__actions button[type=submit]");
    expect(await page.$eval(field, (input) => (input as HTMLInputElement).validationMessage)).toBe(
      "Choose one of the suggestions, or leave the field empty.",
    );
    expect(new URL(page.url()).searchParams.get("product_id")).toBe(String(tea.productId));

    // An empty field filters on nothing.
    await page.fill(field, "");
    await page.click(".list-filters__actions button[type=submit]");
    await page.waitForURL((url) => !url.searchParams.get("product_id"));
    await page.waitForFunction(() => document.querySelectorAll("table.data-table tbody tr").length === 2);
    expect(await skus()).toEqual([`MUG-${stamp}`, `TEA-${stamp}`]);

    // An address naming a product shows its label; one naming no product shows its id.
    await page.goto(`${appUrl}/inventory/stock-level?product_id=${mug.productId}`);
    expect(await page.inputValue(field)).toBe(`Product MUG-${stamp}`);
    expect(await skus()).toEqual([`MUG-${stamp}`]);
    await page.goto(`${appUrl}/inventory/stock-level?product_id=999999999`);
    expect(await page.inputValue(field)).toBe("#999999999");
    await context.close();
  });

  it("a stock entry form sent twice at once (a double click) saves one document, and both posts land on it", async () => {
    const { db, warehouse, sku, user } = await world();
    const context = await browser.newContext({ locale: "en-GB", extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" } });
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(`${appUrl}/inventory/stock-entries/create`);
    await page.selectOption(byId("field-location_id"), String(warehouse.id));
    await page.fill(byId("field-lines.0.sku"), sku);
    await page.fill(byId("field-lines.0.quantity"), "3");
    // The form carries the key its page was given; both posts send the same form.
    const landed = await page.evaluate(async () => {
      const form = document.querySelector<HTMLFormElement>("form.stock-form")!;
      const send = () => fetch(window.location.href, { method: "POST", body: new FormData(form) }).then((r) => r.url);
      return Promise.all([send(), send()]);
    });
    expect(landed[0]).toMatch(/\/inventory\/stock-entries\/\d+\?notice=created$/);
    expect(landed[1]).toBe(landed[0]);
    const [documents] = await db.all<{ n: number }>(sql`select count(*) as n from stock_documents`);
    expect(Number(documents!.n)).toBe(1);
    await context.close();
  });

  it("works without JavaScript: more line rows come from the server, nothing typed is lost", async () => {
    const { warehouse, sku, user } = await world();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
    });
    const page = await context.newPage();
    await signIn(page, user.email, user.password);
    await page.goto(`${appUrl}/inventory/stock-entries/create`);
    expect(await page.locator("table.stock-lines tbody tr").count()).toBe(5);
    await page.selectOption(byId("field-location_id"), String(warehouse.id));
    await page.fill(byId("field-lines.0.sku"), sku);
    await page.fill(byId("field-lines.0.quantity"), "1");
    await page.click("button[value=add_lines]");
    await page.waitForLoadState();
    await expect.poll(() => page.locator("table.stock-lines tbody tr").count()).toBe(10);
    expect(await page.inputValue(byId("field-lines.0.sku"))).toBe(sku);
    await page.fill(byId("field-lines.7.sku"), sku);
    await page.fill(byId("field-lines.7.quantity"), "2");
    await page.click("button[value=save]");
    await page.waitForURL(/\/inventory\/stock-entries\/\d+\?notice=created$/);
    expect((await tableRows(page)).map((r) => r[3])).toEqual(["1", "2"]);
    await context.close();
  });
});
