import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { updateCompanySettings } from "../../worker/domain/settings/company-settings/update-company-settings";
import { companyCtx, makeCompany, makeUser } from "../support/e2e-factories";
import { waitForEmail } from "../support/sink-client";

const appUrl = inject("appUrl");
const mailUrl = inject("mailUrl");
const dir = mkdtempSync(join(tmpdir(), "pdf-settings-"));
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function settingsPage(companyId: string, language: "en" | "fr" = "en") {
  const user = await makeUser(companyId, ["settings", "email_templates"]);
  const context = await browser.newContext({
    locale: language === "fr" ? "fr-FR" : "en-GB",
    extraHTTPHeaders: { "accept-language": language === "fr" ? "fr-FR,fr;q=0.9" : "en-GB,en;q=0.9" },
  });
  await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
  return { user, page: await context.newPage() };
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const form = document.querySelector("main form");
    return form !== null && Object.keys(form).some((k) => k.startsWith("__react"));
  });

describe("the document settings in the browser", () => {
  it("saves the PDF settings, and the preview prints the new title on letter paper under the company's address", async () => {
    const company = await makeCompany("Maison Aperçu");
    await updateCompanySettings(await companyCtx(company.companyId), { address1: "12 rue des Halles", postal_code: "69002", city: "Lyon" });
    const { page } = await settingsPage(company.companyId);
    await page.goto(`${appUrl}/settings/pdf-settings`);
    await expect.poll(() => page.textContent("h1")).toBe("PDF settings");
    await hydrated(page);
    await page.selectOption("select[name=paper_size]", "letter");
    await page.fill("input[name='titles.estimate']", "Proposition commerciale");
    await page.uncheck("input[name=show_sku]");
    await page.click("main form button.button--primary");
    await expect.poll(() => page.textContent("[role=status]")).toBe("The PDF settings are saved.");
    expect(await page.inputValue("input[name='titles.estimate']")).toBe("Proposition commerciale");
    expect(await page.isChecked("input[name=show_sku]")).toBe(false);

    const response = await page.request.get(`${appUrl}/settings/pdf-settings/preview.pdf`);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    const path = join(dir, "preview.pdf");
    writeFileSync(path, await response.body());
    const printed = execFileSync("pdftotext", ["-layout", path, "-"]).toString();
    expect(printed).toContain("Proposition commerciale");
    for (const line of ["Maison Aperçu", "12 rue des Halles", "69002 Lyon", "France"]) expect(printed).toContain(line);
    expect(printed).not.toContain("SKU-001");
    expect(execFileSync("pdfinfo", [path]).toString()).toMatch(/Page size:\s+612 x 792/);
  });

  it("edits a French email template and goes back to the default text", async () => {
    const company = await makeCompany();
    const { page } = await settingsPage(company.companyId, "fr");
    await page.goto(`${appUrl}/settings/email-templates/estimate/fr`);
    await hydrated(page);
    expect(await page.inputValue("input[name=subject]")).toBe("Devis {document_number} de {company_name}");
    await page.fill("input[name=subject]", "");
    await page.click("button[value=save]");
    await expect.poll(() => page.textContent("#field-subject-error")).toBeTruthy();
    await page.fill("input[name=subject]", "Votre devis {document_number}");
    await page.click("button[value=save]");
    await expect.poll(() => page.textContent("[role=status]")).toBe("Le modèle est enregistré.");
    expect(await page.textContent("table")).toContain("Votre devis {document_number}");

    await page.goto(`${appUrl}/settings/email-templates/estimate/fr`);
    await hydrated(page);
    await page.click("button[value=reset]");
    await expect.poll(() => page.textContent("[role=status]")).toBe("Le modèle a repris le texte par défaut.");
    expect(await page.textContent("table")).not.toContain("Votre devis");
  });

  it("keeps the SMTP password out of the page, and sends a test email to the signed-in user", async () => {
    const company = await makeCompany();
    const { page, user } = await settingsPage(company.companyId);
    await page.goto(`${appUrl}/settings/smtp`);
    await hydrated(page);
    await page.fill("input[name=host]", "127.0.0.1");
    await page.fill("input[name=password]", "Very-secret-42");
    await page.click("main form button.button--primary");
    // A server needs a from address; and a loopback address is no company's mail server.
    await expect.poll(() => page.textContent("#field-from_address-error")).toBeTruthy();
    expect(await page.textContent("#field-host-error")).toBeTruthy();
    // Leaving the server blank: the platform's sender, which the test app points at the mail sink.
    await page.fill("input[name=host]", "");
    await page.fill("input[name=password]", "Very-secret-42");
    await page.click("main form button.button--primary");
    await expect.poll(() => page.textContent("[role=status]")).toBe("The email settings are saved.");
    expect(await page.content()).not.toContain("Very-secret-42");
    expect(await page.inputValue("input[name=password]")).toBe("");
    expect(await page.textContent("main")).toContain("A password is saved.");

    await page.click("text=Send a test email");
    await expect.poll(() => page.textContent("[role=status]")).toBe(`A test email is on its way to ${user.email}.`);
    expect((await waitForEmail(mailUrl, user.email)).subject).toBe("Test email from Comptoir");
  });
});
