import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCustomer } from "../../worker/domain/contacts/create-customer";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { createProduct } from "../../worker/domain/products/create-product";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { allCurrencies } from "../../worker/domain/settings/currencies/list-currencies";
import { updateCurrency } from "../../worker/domain/settings/currencies/update-currency";
import { updateCompanySettings } from "../../worker/domain/settings/company-settings/update-company-settings";
import { updatePdfSettings } from "../../worker/domain/settings/pdf-settings/update-pdf-settings";
import { launchBrowser } from "../support/browser";
import { companyCtx, companyDb, makeCompany, makeUser } from "../support/e2e-factories";
import { waitForEmail } from "../support/sink-client";
import { firstLocation } from "../support/isolation/stock";

const appUrl = inject("appUrl");
const mailUrl = inject("mailUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const dir = mkdtempSync(join(tmpdir(), "sales-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A French company writing '1 234 567,89 €', and an estimate of a line at 1 234 567,89 and a text line, with printed and internal notes. */
async function frenchEstimate() {
  const company = await makeCompany();
  const ctx = await companyCtx(company.companyId);
  const eur = (await allCurrencies(ctx)).find((c) => c.iso === "EUR")!;
  await updateCurrency(ctx, { id: eur.id, symbol_template: "{amount} {sign}" });
  await updateCompanySettings(ctx, { number_format: "space_comma", languages: ["fr"] });
  const customer = await createCustomer(ctx, { label: "Boulangerie Martin" });
  await createProduct(ctx, { label: "Four à sole", variants: [{ sku: "FOUR-1" }] });
  const estimate = await createEstimate(ctx, {
    customer_id: customer.id,
    location_id: await firstLocation(await companyDb(company.companyId)),
    date: "2026-11-24",
    notes: "Merci pour votre confiance.",
    internal_notes: "Marge serrée, ne pas imprimer",
    lines: [{ sku: "FOUR-1", quantity: "1", price: "1234567.89" }, { description: "Livraison en deux fois" }],
  });
  return { company, estimate };
}

async function pdfText(response: Response): Promise<{ text: string; path: string }> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const path = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, new Uint8Array(await response.arrayBuffer()));
  return { text: execFileSync("pdftotext", ["-layout", path, "-"]).toString(), path };
}

describe("the PDF of a sales document", () => {
  it("prints a French estimate in the company's language with '1 234 567,89 €', without its internal notes", async () => {
    const { company, estimate } = await frenchEstimate();
    const user = await makeUser(company.companyId, ["view_estimates"]);
    const { text, path } = await pdfText(await fetch(`${appUrl}/sales/estimates/${estimate.id}/pdf`, { headers: { cookie: user.cookie } }));
    expect(text).toContain("Devis");
    expect(text).toContain(estimate.number);
    expect(text).toContain("24/11/2026");
    expect(text).toContain("Boulangerie Martin");
    expect(text).toContain("FOUR-1");
    expect(text).toContain("Livraison en deux fois");
    expect(text).toContain("1 234 567,89 €");
    expect(text).toContain("Merci pour votre confiance.");
    expect(text).not.toContain("Marge serrée");
    // Rendered to an image, as a reader would see it.
    execFileSync("pdftoppm", ["-png", "-r", "40", path, join(dir, "estimate")]);
    expect(readdirSync(dir).some((f) => f.startsWith("estimate") && readFileSync(join(dir, f)).length > 3_000)).toBe(true);
  });

  it("is the same through the API, follows the company's PDF settings, and is refused to a user who may not read estimates", async () => {
    const { company, estimate } = await frenchEstimate();
    const reader = await makeUser(company.companyId, ["view_estimates"]);
    const { text } = await pdfText(
      await fetch(`${appUrl}/api/v1/estimates/${estimate.id}/pdf`, { headers: { authorization: `Bearer ${reader.token}` } }),
    );
    expect(text).toContain(estimate.number);
    // The company's PDF settings apply: its own title, letter paper.
    await updatePdfSettings(await companyCtx(company.companyId), { paper_size: "letter", titles: { estimate: "Proposition commerciale" } });
    const { text: again, path } = await pdfText(
      await fetch(`${appUrl}/api/v1/estimates/${estimate.id}/pdf`, { headers: { authorization: `Bearer ${reader.token}` } }),
    );
    expect(again).toContain("Proposition commerciale");
    expect(execFileSync("pdfinfo", [path]).toString()).toMatch(/Page size:\s+612 x 792/);
    const outsider = await makeUser(company.companyId, ["view_customers"]);
    const refused = await fetch(`${appUrl}/api/v1/estimates/${estimate.id}/pdf`, {
      headers: { authorization: `Bearer ${outsider.token}` },
    });
    expect(refused.status).toBe(403);
  });

  it("opens from the estimate's page and goes by email from there, received with the PDF attached", async () => {
    const { company, estimate } = await frenchEstimate();
    const user = await makeUser(company.companyId, ["view_estimates", "edit_estimates"]);
    const context = await browser.newContext({ locale: "fr-FR", extraHTTPHeaders: { "accept-language": "fr-FR,fr;q=0.9" } });
    await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();
    await page.goto(`${appUrl}/sales/estimates/${estimate.id}`);
    expect(await page.getAttribute("a[href$='/pdf']", "href")).toBe(`/sales/estimates/${estimate.id}/pdf`);

    const to = `acheteur-${estimate.id}-${Date.now()}@example.test`;
    await page.click("details.sales-email > summary");
    await page.fill(".sales-email__form input[name=to]", to);
    await page.click(".sales-email__form button[type=submit]");
    await page.waitForURL((url) => url.searchParams.get("notice") === "emailed");
    expect(await page.textContent("[role=status]")).toContain("L'e-mail est en route");

    const mail = await waitForEmail(mailUrl, to, () => true, 20_000);
    expect(mail.subject).toContain(estimate.number);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${estimate.number}.pdf`, "application/pdf"]]);
    await context.close();
  });
});

describe("one PDF of several documents", () => {
  it("selects two estimates on the list, makes one PDF of them in the background, and downloads it from the exports menu", async () => {
    const company = await makeCompany();
    const ctx = await companyCtx(company.companyId);
    const customer = await createCustomer(ctx, { label: "Épicerie Vidal" });
    const location = await firstLocation(await companyDb(company.companyId));
    const made = [];
    for (const text of ["Premier devis", "Second devis", "Troisième devis"])
      made.push(await createEstimate(ctx, { customer_id: customer.id, location_id: location, lines: [{ description: text }] }));
    const user = await makeUser(company.companyId, ADMINISTRATOR_PERMISSIONS);
    const context = await browser.newContext({ locale: "en-GB", viewport: { width: 1200, height: 900 }, acceptDownloads: true });
    const [name, value] = user.cookie.split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
    const page = await context.newPage();
    await page.goto(`${appUrl}/sales/estimates?sort=number`);
    // Nothing selected, no button; two rows selected, the button counts them.
    expect(await page.getByRole("button", { name: /PDF of the selection/ }).count()).toBe(0);
    await page.getByRole("checkbox", { name: `Select ${made[0]!.number}` }).check();
    await page.getByRole("checkbox", { name: `Select ${made[2]!.number}` }).check();
    await page.getByRole("button", { name: "PDF of the selection (2)" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toContain("The PDF is being made");
    expect(await page.getByRole("checkbox", { name: `Select ${made[0]!.number}` }).isChecked()).toBe(false);
    await page.getByTestId("exports-menu").click();
    const download = page.getByRole("link", { name: "Download" });
    await expect.poll(() => download.count(), { timeout: 60_000 }).toBe(1);
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^Estimates-\d{4}-\d{2}-\d{2}\.pdf$/);
    const path = join(dir, "bulk.pdf");
    await file.saveAs(path);
    const text = execFileSync("pdftotext", ["-layout", path, "-"]).toString();
    // Both documents, in the order of the list, and not the one left out.
    expect(text.indexOf("Premier devis")).toBeGreaterThanOrEqual(0);
    expect(text.indexOf("Troisième devis")).toBeGreaterThan(text.indexOf("Premier devis"));
    expect(text).not.toContain("Second devis");
    execFileSync("pdftoppm", ["-png", "-r", "40", "-f", "1", "-l", "1", path, join(dir, "bulk")]);
    expect(readdirSync(dir).some((f) => f.startsWith("bulk") && f.endsWith(".png"))).toBe(true);
    await context.close();
  });
});
