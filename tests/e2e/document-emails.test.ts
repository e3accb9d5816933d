import { sql } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCustomer } from "../../worker/domain/contacts/create-customer";
import { createEstimate } from "../../worker/domain/sales/create-estimate";
import { updateCompanySettings } from "../../worker/domain/settings/company-settings/update-company-settings";
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

/** An English-speaking company's estimate for a customer in Lille who reads French, and a user who may send it. */
async function lilleEstimate() {
  const company = await makeCompany(`Maison Durand ${Date.now().toString(36)}`);
  const ctx = await companyCtx(company.companyId);
  await updateCompanySettings(ctx, { languages: ["en"] });
  const address = `lille-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const customer = await createCustomer(ctx, { label: "Boulangerie de Lille", emails: [address], language: "fr" });
  const estimate = await createEstimate(ctx, {
    customer_id: customer.id,
    location_id: await firstLocation(await companyDb(company.companyId)),
    lines: [{ description: "Four à sole" }],
  });
  const user = await makeUser(company.companyId, ["view_estimates", "edit_estimates"]);
  return { company, estimate, address, user };
}

const panel = (page: Page) => page.locator("details.sales-email");
const toField = (page: Page) => page.locator(".sales-email__form input[name=to]");
const isOpen = (page: Page) => panel(page).evaluate((details) => (details as HTMLDetailsElement).open);

describe("a document's email from its page", () => {
  it("shows the French subject it will send, refuses too many recipients and the spent quota with their figures, then sends, closes and lists the email in the history", async () => {
    const { company, estimate, address, user } = await lilleEstimate();
    const context = await browser.newContext({ locale: "en-GB", extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" } });
    await context.addCookies([{ name: "session", value: user.cookie.slice("session=".length), url: appUrl }]);
    const page = await context.newPage();
    await page.goto(`${appUrl}/sales/estimates/${estimate.id}`);
    expect(await page.locator("#sent-emails + p").innerText()).toBe("No email has been sent with this document yet.");

    await page.getByText("Send by email").click();
    const subject = page.getByLabel("Subject");
    const message = page.getByLabel("Message");
    expect(await subject.inputValue()).toMatch(new RegExp(`^Devis ${estimate.number} de Maison Durand`));
    expect(await message.inputValue()).toMatch(/^Bonjour Boulangerie de Lille,/);
    // Comptoir's sender sends the template as it is: shown, not editable, and said so.
    expect(await subject.getAttribute("readonly")).not.toBeNull();
    expect(await message.getAttribute("readonly")).not.toBeNull();
    await expect.poll(() => page.locator(".sales-email__note").innerText()).toContain("sends your email template as it is");
    expect(await toField(page).inputValue()).toBe(address);

    // Eleven recipients: one over the platform's cap, said under the field with the cap.
    const eleven = Array.from({ length: 11 }, (_, i) => `r${i}@example.test`).join(", ");
    await toField(page).fill(eleven);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect.poll(() => page.locator(".sales-email__form .field__error").first().innerText()).toContain("At most 10 recipients");
    expect(await isOpen(page)).toBe(true);

    // Today's quota spent: the refusal says the limit.
    const db = await companyDb(company.companyId);
    const today = new Date().toISOString().slice(0, 10);
    await db.run(
      sql`insert into platform_mail_days (day, messages) values (${today}, 100000) on conflict (day) do update set messages = 100000`,
    );
    await toField(page).fill(address);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const alert = page.locator(".sales-email__form [role=alert]");
    await expect.poll(() => alert.count()).toBe(1);
    expect(await alert.innerText()).toMatch(/has sent \d+ emails today/);
    expect(await alert.innerText()).not.toContain("{limit}");
    expect(await isOpen(page)).toBe(true);

    await db.run(sql`update platform_mail_days set messages = 0 where day = ${today}`);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("notice") === "emailed");
    await expect.poll(() => isOpen(page)).toBe(false);
    expect(await page.locator("p[role=status]").innerText()).toContain("The email is on its way");
    // Opened again, it does not show the earlier refusals.
    await page.getByText("Send by email").click();
    expect(await page.locator(".sales-email__form [role=alert], .sales-email__form .field__error").count()).toBe(0);

    const mail = await waitForEmail(mailUrl, address, () => true, 20_000);
    expect(mail.subject).toBe(await subject.inputValue());
    // Recorded once sent: the page lists it.
    const history = page.locator("table.sent-emails tbody tr");
    await expect
      .poll(
        async () => {
          await page.reload();
          return history.count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    const row = await history.first().innerText();
    expect(row).toContain(address);
    expect(row).toContain(mail.subject);
    expect(row).toContain(user.email);
    expect(row).toContain("Comptoir's sender");
    await context.close();
  });
});
