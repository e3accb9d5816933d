import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import type { Browser, BrowserContext } from "playwright-core";
import { readSheet } from "read-excel-file/node";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { writeXlsx } from "../../worker/domain/operations/spreadsheets";
import { launchBrowser } from "../support/browser";
import { companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { fetchApp } from "../support/e2e-fetch-app";

const appUrl = inject("appUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(cookie: string, width = 1200): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: "en-GB", viewport: { width, height: 900 }, acceptDownloads: true });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
  return context;
}

describe("imports and exports", () => {
  it("a new user fills the downloaded template with 1,000 products, watches the import move, finds them, exports them to XLSX, and reverts the import", async () => {
    const company = await makeCompany(undefined, ["Lyon"]);
    const user = await makeUser(company.companyId, ADMINISTRATOR_PERMISSIONS);
    const context = await signedIn(user.cookie);
    const page = await context.newPage();

    // The template, downloaded from the import page.
    await page.goto(`${appUrl}/settings/import-data`);
    const [templateDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "XLSX" }).click()]);
    const header = (await readSheet(await readFile((await templateDownload.path())!)))[0] as string[];
    expect(header.slice(0, 3)).toEqual(["Product", "SKU", "Variant name"]);
    const priceColumn = header.findIndex((h) => h.startsWith("Price: "));
    const stockColumn = header.indexOf("Stock: Lyon");
    expect(priceColumn).toBeGreaterThan(0);
    expect(stockColumn).toBeGreaterThan(0);
    const rows = Array.from({ length: 1000 }, (_, i) =>
      header.map((_h, c) =>
        c === 0
          ? `Imported product ${String(i).padStart(4, "0")}`
          : c === 1
            ? `IMP-${i}`
            : c === priceColumn
              ? 10 + (i % 7)
              : c === stockColumn
                ? i % 5
                : null,
      ),
    );
    // Filled as a spreadsheet program would save it.
    const filled = Buffer.from(writeXlsx(header, rows, "Products"));

    await page.setInputFiles("input[name=file]", { name: "products.xlsx", mimeType: "application/octet-stream", buffer: filled });
    await page.getByRole("button", { name: "Read the file" }).click();
    await expect
      .poll(() => page.getByRole("heading", { level: 2, name: /Match the columns of products\.xlsx \(1000 rows\)/ }).count())
      .toBe(1);
    expect(await page.locator("select[name='map.product']").inputValue()).toBe("0");
    expect(await page.locator("select[name='map.sku']").inputValue()).toBe("1");
    await page.getByRole("button", { name: "Import 1000 rows" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toContain("The import has started");

    // The bar in the operations menu moves live, amber, then green at 100.
    await page.getByTestId("operations-menu").click();
    const bar = page.getByRole("progressbar").first();
    const seen: { value: string | null; colour: string | null }[] = [];
    await expect
      .poll(
        async () => {
          seen.push({ value: await bar.getAttribute("aria-valuenow"), colour: await bar.getAttribute("data-colour") });
          return seen.at(-1)!.value;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe("100");
    expect(seen.at(-1)!.colour).toBe("green");
    expect(seen.some((s) => s.value !== "100" && s.colour === "amber")).toBe(true);
    await page.keyboard.press("Escape");
    // The import page's history follows the same live channel: done, without a reload.
    await expect.poll(() => page.locator(".import-status").first().innerText(), { timeout: 10_000 }).toBe("Completed");
    expect(await page.locator("td", { hasText: /1[\s,.\u202f]?000 created from 1[\s,.\u202f]?000 rows/ }).count()).toBe(1);

    // The products are in the list.
    await page.goto(`${appUrl}/products-and-services/products?search=Imported+product+0999`);
    expect(await page.locator("tbody tr").allInnerTexts()).toEqual([expect.stringContaining("Imported product 0999")]);

    // Exported to XLSX from the list: the badge counts it, the menu offers its file, the file reads back.
    await page.goto(`${appUrl}/products-and-services/products?columns=label,sku&sort=label`);
    await page.getByText("Export", { exact: true }).click();
    await page.getByRole("button", { name: "Export to Excel (XLSX)" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toContain("Your export has started");
    await page.getByTestId("exports-menu").click();
    const download = page.getByRole("link", { name: "Download" });
    await expect.poll(() => download.count(), { timeout: 60_000 }).toBe(1);
    const [exported] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(exported.suggestedFilename()).toMatch(/^Products-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readSheet(await readFile((await exported.path())!));
    // In the import template's columns whatever the list shows, a row per variant: the file imports back.
    expect(sheet[0]).toEqual(header);
    expect(sheet).toHaveLength(1001);
    expect(sheet[1]!.slice(0, 3)).toEqual(["Imported product 0000", "IMP-0", "Imported product 0000"]);
    await page.keyboard.press("Escape");

    // Someone else cannot download it; a visitor is sent to sign in.
    const href = (await fetchApp("/operations", { cookie: user.cookie }).then((r) => r.json())) as { operations: { batch_id: string }[] };
    const exportId = href.operations[0]!.batch_id;
    const colleague = await makeUser(company.companyId, ADMINISTRATOR_PERMISSIONS);
    expect((await fetchApp(`/operations/${exportId}/download`, { cookie: colleague.cookie })).status).toBe(404);
    expect((await fetchApp(`/operations/${exportId}/download`)).status).toBe(302);

    // The history's badge is green once completed, as the menu's bar (platform spec §4), not amber like a running one.
    await page.goto(`${appUrl}/settings/import-data`);
    const badge = page.locator(".import-status").first();
    expect(await badge.innerText()).toBe("Completed");
    expect(await badge.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(231, 246, 236)");

    // Reverted from the history: the products are gone.
    await page.getByRole("button", { name: "Revert" }).click();
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.locator(".import-status").first().innerText();
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe("Reverted");
    const db = await companyDb(company.companyId);
    expect(await db.select().from(tenantSchema.products)).toEqual([]);
    await context.close();
  });

  it("shows each operation's bar colour, its buttons and its errors dialog, on a phone's width too", async () => {
    const company = await makeCompany();
    const user = await makeUser(company.companyId, ADMINISTRATOR_PERMISSIONS);
    const db = await companyDb(company.companyId);
    const row = (batchId: string, label: string, type: string, status: "in_progress" | "completed" | "cancelled", progress: number) => ({
      batchId,
      label,
      type,
      status,
      progress,
      userId: user.userId,
    });
    await db.insert(tenantSchema.backgroundOperations).values([
      row("op-running", "Running import", "import", "in_progress", 40),
      {
        ...row("op-failed", "Failed import", "import", "cancelled", 0),
        errors: [{ message: "required", row: 3, column: "SKU" }, "generic"],
      },
      { ...row("op-done", "Done export", "export", "completed", 100), fileKey: "companies/x/exports/none.csv", fileName: "x.csv" },
      row("op-stopped", "Stopped export", "export", "cancelled", 30),
    ]);
    for (const width of [375, 1200]) {
      const context = await signedIn(user.cookie, width);
      const page = await context.newPage();
      await page.goto(`${appUrl}/dashboard`);
      await page.getByTestId("operations-menu").click();
      const running = page.locator(".operation", { hasText: "Running import" });
      expect(await running.getByRole("progressbar").getAttribute("data-colour")).toBe("amber");
      expect(await running.getByRole("button", { name: "Cancel" }).count()).toBe(1);
      const failed = page.locator(".operation", { hasText: "Failed import" });
      expect(await failed.getByRole("progressbar").getAttribute("data-colour")).toBe("red");
      expect(await failed.getByRole("button", { name: "Cancel" }).count()).toBe(0);
      await failed.getByRole("button", { name: "Errors" }).click();
      const dialog = page.getByRole("dialog", { name: "Errors" });
      expect(await dialog.getByRole("alert").allInnerTexts()).toEqual([
        "Row 3, column “SKU”: This field is required",
        "An error has occurred",
      ]);
      await dialog.getByRole("button", { name: "Close" }).click();
      expect(await page.getByRole("dialog", { name: "Errors" }).count()).toBe(0);
      await page.keyboard.press("Escape");

      await page.getByTestId("exports-menu").click();
      const done = page.locator(".operation", { hasText: "Done export" });
      expect(await done.getByRole("progressbar").getAttribute("data-colour")).toBe("green");
      expect(await done.getByRole("link", { name: "Download" }).count()).toBe(1);
      const stopped = page.locator(".operation", { hasText: "Stopped export" });
      expect(await stopped.getByRole("progressbar").getAttribute("data-colour")).toBe("red");
      expect(await stopped.getByRole("link", { name: "Download" }).count()).toBe(0);
      // The menu fits the screen.
      const box = (await page.locator(".operations-menu").boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.keyboard.press("Escape");

      // Cancel: the running import turns red and offers no cancel any more.
      if (width === 1200) {
        await page.getByTestId("operations-menu").click();
        await running.getByRole("button", { name: "Cancel" }).click();
        await expect.poll(() => running.getByRole("progressbar").getAttribute("data-colour")).toBe("red");
        expect(await running.getByRole("button", { name: "Cancel" }).count()).toBe(0);
        await page.keyboard.press("Escape");
      }
      await context.close();
    }
  });

  it("imports customers from the customers template filled as CSV, and finds them in the customers list", async () => {
    const company = await makeCompany();
    const user = await makeUser(company.companyId, ADMINISTRATOR_PERMISSIONS);
    const context = await signedIn(user.cookie);
    const page = await context.newPage();
    await page.goto(`${appUrl}/settings/import-data`);
    await page.getByLabel("What to import").selectOption("customers");
    const [template] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "CSV" }).click()]);
    // The template as a spreadsheet reads it: every cell of our CSV is quoted.
    const header = Papa.parse<string[]>((await readFile((await template.path())!, "utf8")).replace(/^\ufeff/, "").trim()).data[0]!;
    expect(header.slice(0, 3)).toEqual(["Name", "Customer number", "Emails"]);
    const cell = (row: Record<string, string>) => header.map((h) => row[h] ?? "").join(",");
    const csv = [
      header.join(","),
      cell({ Name: "Boulangerie Martin", Emails: "contact@martin.fr", City: "Lyon", "Country (ISO code)": "FR" }),
      cell({ Name: "Café des Arts", "Payment terms (days)": "30" }),
    ].join("\n");
    await page.setInputFiles("input[name=file]", { name: "clients.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Read the file" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 2, name: /Match the columns of clients\.csv \(2 rows\)/ }).count()).toBe(1);
    expect(await page.locator("select[name='map.name']").inputValue()).toBe("0");
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await expect
      .poll(
        async () => {
          await page.reload();
          // While it runs, the history shows its bar; its status once it is done.
          const status = page.locator(".import-status");
          return (await status.count()) ? status.first().innerText() : null;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe("Completed");
    await page.goto(`${appUrl}/contacts/customers?sort=label`);
    expect(await page.locator("tbody tr").allInnerTexts()).toEqual([
      expect.stringContaining("Boulangerie Martin"),
      expect.stringContaining("Café des Arts"),
    ]);
    await context.close();
  });

  it("refuses a file that is not a spreadsheet with a message on the file field, and keeps the page usable", async () => {
    const company = await makeCompany();
    const user = await makeUser(company.companyId, ADMINISTRATOR_PERMISSIONS);
    const context = await signedIn(user.cookie);
    const page = await context.newPage();
    await page.goto(`${appUrl}/settings/import-data`);
    await page.getByRole("button", { name: "Read the file" }).click();
    await expect.poll(() => page.locator("#import-file-error").innerText()).toBe("Select a file to import.");
    await page.setInputFiles("input[name=file]", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByRole("button", { name: "Read the file" }).click();
    await expect.poll(() => page.locator("#import-file-error").innerText()).toBe("Choose a .csv or .xlsx file.");
    await context.close();
  });
});
