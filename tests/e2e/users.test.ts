import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { makeCompany, makeUser } from "../support/e2e-factories";
import { firstLink, waitForEmail } from "../support/sink-client";
import { fetchApp } from "../support/e2e-fetch-app";

const appUrl = inject("appUrl");
const mailUrl = inject("mailUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function englishContext(): Promise<BrowserContext> {
  return browser.newContext({
    locale: "en-GB",
    extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
    viewport: { width: 1280, height: 800 },
  });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${appUrl}/login`);
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", password);
  await page.click("button[type=submit]");
}

/** The side menu's text with every group opened (a group's entries come into the page when it opens). */
async function menuText(page: Page): Promise<string> {
  const closed = page.locator("#side-menu details:not([open]) > summary");
  while ((await closed.count()) > 0) await closed.first().click();
  // The page hears of an opening a moment later (the toggle event), then puts the group's entries in.
  await expect.poll(() => page.locator("#side-menu details[open]:not(:has(> ul))").count()).toBe(0);
  return (await page.textContent("#side-menu")) ?? "";
}

const fieldError = (page: Page, name: string) => page.textContent(`#field-${name}-error`).catch(() => null);
const alertText = (page: Page) => page.textContent("[role=alert]").catch(() => null);

describe("a forgotten password", () => {
  it("is reset through the emailed link, which works once; the old password stops working", async () => {
    const company = await makeCompany();
    const user = await makeUser(company.companyId, ["view_products"]);
    const context = await englishContext();
    const page = await context.newPage();

    await page.goto(`${appUrl}/login`);
    await page.click("text=Forgot your password?");
    await page.waitForURL(`${appUrl}/password-reset`);
    await page.click("button[type=submit]");
    await expect.poll(() => fieldError(page, "email")).toBe("Enter your email");
    await page.fill("input[name=email]", user.email);
    await page.click("button[type=submit]");
    await expect
      .poll(() => page.textContent("[role=status]"))
      .toBe("If an account exists for this email, we have sent a link to reset the password.");

    const email = await waitForEmail(mailUrl, user.email);
    const link = firstLink(email);
    expect(link.pathname).toMatch(/^\/password-reset\/[^/]+\/[0-9a-z]+\/[0-9a-f]{64}$/);
    await page.goto(`${appUrl}${link.pathname}${link.search}`);
    await expect.poll(() => page.textContent("h1")).toBe("Choose a new password");

    // Each broken rule is named at its field.
    await page.fill("input[name=password]", "short");
    await page.fill("input[name=confirmation]", "short");
    await page.click("button[type=submit]");
    await expect.poll(() => fieldError(page, "password")).toBe("The password must have at least 8 characters");
    await page.fill("input[name=password]", user.password);
    await page.fill("input[name=confirmation]", user.password);
    await page.click("button[type=submit]");
    await expect.poll(() => fieldError(page, "password")).toBe("The new password must be different from the current one");
    await page.fill("input[name=password]", "Fresh-start-42!");
    await page.fill("input[name=confirmation]", "Fresh-start-4");
    await page.click("button[type=submit]");
    await expect.poll(() => fieldError(page, "confirmation")).toBe("The passwords do not match");

    await page.fill("input[name=password]", "Fresh-start-42!");
    await page.fill("input[name=confirmation]", "Fresh-start-42!");
    await page.click("button[type=submit]");
    await page.waitForURL(`${appUrl}/dashboard`);

    // The link is spent.
    await page.goto(`${appUrl}${link.pathname}${link.search}`);
    await expect.poll(() => alertText(page)).toBe("This link is not valid. It may have been used already.");

    const other = await (await englishContext()).newPage();
    await signIn(other, user.email, user.password);
    await expect.poll(() => alertText(other)).toBe("Email and Password are not valid");
    await signIn(other, user.email, "Fresh-start-42!");
    await other.waitForURL(`${appUrl}/dashboard`);
    await context.close();
    await other.context().close();
  });
});

describe("an administrator", () => {
  it("invites a second user with fewer permissions, who then cannot open what they lack", async () => {
    const company = await makeCompany();
    const adminContext = await englishContext();
    const admin = await adminContext.newPage();
    await signIn(admin, company.email, company.password);
    await admin.waitForURL(`${appUrl}/dashboard`);

    await admin.goto(`${appUrl}/settings/users`);
    await expect.poll(() => admin.textContent("h1")).toBe("Users");
    expect(await admin.textContent("table")).toContain(company.email);
    await admin.click("text=Invite a user");
    await admin.waitForURL(`${appUrl}/settings/users/create`);

    const email = `invited-${Date.now().toString(36)}@example.test`;
    // A bad email is named at its field and what was typed stays.
    await admin.fill("input[name=first_name]", "Inès");
    await admin.fill("input[name=last_name]", "Vendeuse");
    await admin.fill("input[name=email]", "not-an-email");
    await admin.click("main button[type=submit]");
    await expect.poll(() => fieldError(admin, "email")).toBe("This email is not valid");
    expect(await admin.inputValue("input[name=first_name]")).toBe("Inès");

    await admin.fill("input[name=email]", email);
    await admin.selectOption("select[name=language]", "fr");
    await admin.check("input[name=permissions][value=view_customers]");
    await admin.check("input[name=permissions][value=view_products]");
    await admin.click("main button[type=submit]");
    await admin.waitForURL(/\/settings\/users\/[^/]+\?invited=1$/);
    await expect.poll(() => admin.textContent("[role=status]")).toBe(`An invitation was sent to ${email}.`);
    expect(await admin.textContent("main")).toContain("Invitation sent");

    // The invitation arrives in the invitee's language; its link lets them choose a password.
    const mail = await waitForEmail(mailUrl, email);
    expect(mail.subject).toBe(`Ada Admin vous invite à rejoindre ${company.label} sur Comptoir`);
    const link = firstLink(mail);
    const inviteeContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const invitee = await inviteeContext.newPage();
    await invitee.goto(`${appUrl}${link.pathname}${link.search}`);
    await expect.poll(() => invitee.textContent("h1")).toBe("Choisissez votre mot de passe");
    await invitee.fill("input[name=password]", "Bienvenue-2026!");
    await invitee.fill("input[name=confirmation]", "Bienvenue-2026!");
    await invitee.click("main button[type=submit]");
    await invitee.waitForURL(`${appUrl}/dashboard`);
    await expect.poll(() => invitee.textContent("main")).toContain(company.label);

    // What they were given shows in the menu; what they lack is neither shown nor reachable.
    const menu = await menuText(invitee);
    expect(menu).toContain("Clients");
    expect(menu).not.toContain("Utilisateurs");
    expect(await invitee.locator('nav a[href="/settings/users"]').count()).toBe(0);
    for (const path of ["/settings/users", "/settings/api-token", "/account-settings", `/settings/users/${company.userId}/edit`]) {
      await invitee.goto(`${appUrl}${path}`);
      expect(new URL(invitee.url()).pathname).toBe("/dashboard");
    }

    // Their own profile is theirs to edit, and a language change applies at once.
    await invitee.click("button[aria-label=Compte]");
    await invitee.click("text=Modifier le profil");
    await invitee.waitForURL(/\/settings\/users\/[^/]+\/edit$/);
    expect(await invitee.locator("input[name=permissions]").count()).toBe(0);
    await invitee.selectOption("select[name=language]", "en");
    await invitee.fill("input[name=phone]", "+33 6 00 00 00 01");
    await invitee.click("main button[type=submit]");
    await invitee.waitForURL(/\?saved=1$/);
    await expect.poll(() => invitee.textContent("h1")).toBe("My profile");

    // The administrator sees the invitation accepted.
    await admin.goto(`${appUrl}/settings/users`);
    const row = admin.locator("tr", { hasText: email });
    expect(await row.textContent()).toContain("Active");
    expect(await row.textContent()).toContain("2 permissions");
    await adminContext.close();
    await inviteeContext.close();
  });

  it("invites someone who already has an account: a member only once they accept, signed in, and then able to switch there", async () => {
    const company = await makeCompany();
    const elsewhere = await makeCompany();
    const person = await makeUser(elsewhere.companyId, ["view_products"]);
    const adminContext = await englishContext();
    const admin = await adminContext.newPage();
    await signIn(admin, company.email, company.password);
    await admin.waitForURL(`${appUrl}/dashboard`);

    await admin.goto(`${appUrl}/settings/users/create`);
    await admin.fill("input[name=first_name]", "Typed");
    await admin.fill("input[name=last_name]", "Name");
    await admin.fill("input[name=email]", person.email);
    await admin.check("input[name=permissions][value=view_customers]");
    await admin.click("main button[type=submit]");
    await admin.waitForURL(/\/settings\/users\/[^/]+\?invited=1$/);
    await expect.poll(() => admin.textContent("[role=status]")).toBe(`An invitation was sent to ${person.email}.`);
    expect(await admin.textContent("main")).toContain("Not a member yet");
    // The company sees what it typed, not the account's own profile.
    expect(await admin.textContent("h1")).toBe("Typed Name");

    const mail = await waitForEmail(mailUrl, person.email);
    expect(mail.subject).toBe(`Ada Admin invited you to join ${company.label} on Comptoir`);
    const link = firstLink(mail);
    expect(link.pathname).toBe("/invitations");

    // The link asks them to sign in first, then shows the invitation.
    const personContext = await englishContext();
    const page = await personContext.newPage();
    await page.goto(`${appUrl}${link.pathname}`);
    await page.waitForURL(/\/login\?redirection=/);
    await page.fill("input[name=email]", person.email);
    await page.fill("input[name=password]", person.password);
    await page.click("button[type=submit]");
    await page.waitForURL(`${appUrl}/invitations`);
    await expect.poll(() => page.textContent("[data-testid=invitation]")).toContain(company.label);
    expect(await page.textContent("[data-testid=invitation]")).toContain("Invited by Ada Admin");

    // Until they accept, the company is not theirs to switch to; the dashboard points to the invitation.
    await page.goto(`${appUrl}/dashboard`);
    expect(await page.textContent("[data-testid=pending-invitations]")).toContain("A company invites you to join it.");
    await page.click("button[aria-label=Account]");
    expect(await page.locator(`[role=menuitem]:has-text("${company.label}")`).count()).toBe(0);
    await page.click(`[role=menuitem]:has-text("Invitations (1)")`);
    await page.waitForURL(`${appUrl}/invitations`);

    await page.click(`button[aria-label="Accept the invitation of ${company.label}"]`);
    await expect.poll(() => page.textContent("[role=status]")).toContain(`You joined ${company.label}.`);
    expect(await page.textContent("main")).toContain("No invitation is waiting for you.");
    await page.click(`text=Open ${company.label}`);
    await page.waitForURL(`${appUrl}/dashboard`);
    await expect.poll(() => page.textContent("main")).toContain(`You are working in ${company.label}.`);
    expect(await page.locator("[data-testid=pending-invitations]").count()).toBe(0);
    // They hold what the inviter chose there, and can go back to their first company.
    expect(await menuText(page)).toContain("Customers");
    await page.click("button[aria-label=Account]");
    await page.click(`[role=menuitem]:has-text("${elsewhere.label}")`);
    await expect.poll(() => page.textContent("main")).toContain(`You are working in ${elsewhere.label}.`);

    // The administrator now sees the member with their own name, whose profile only they may change.
    await admin.goto(`${appUrl}/settings/users`);
    const row = admin.locator("tr", { hasText: person.email });
    expect(await row.textContent()).toContain("Sam Staff");
    expect(await row.textContent()).toContain("Active");
    await row.locator("a").click();
    await admin.click('main a:text-is("Edit")');
    await admin.waitForURL(/\/edit$/);
    expect(await admin.getAttribute("input[name=first_name]", "readonly")).not.toBeNull();
    expect(await admin.isDisabled("select[name=language]")).toBe(true);
    expect(await admin.textContent("main")).toContain("Only this user can change their name, email, phone, language and time zone.");
    await adminContext.close();
    await personContext.close();
  });

  it("creates an API token shown once that works as a bearer, then revokes it", async () => {
    const company = await makeCompany();
    const context = await englishContext();
    const page = await context.newPage();
    await signIn(page, company.email, company.password);
    await page.waitForURL(`${appUrl}/dashboard`);
    await page.goto(`${appUrl}/settings/api-token`);
    await page.click("text=Create the token");
    await expect.poll(() => fieldError(page, "label")).toBe("This field is required");
    await page.fill("input[name=label]", "ERP sync");
    await page.check("input[name=permissions][value=view_products]");
    await page.click("text=Create the token");
    const token = (await page.locator("[data-testid=new-api-token]").textContent())!.trim();
    expect(token).toMatch(/^ck_/);

    const me = await fetchApp("/api/v1/me", { token });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ kind: "api_token", permissions: ["view_products"] });

    // Reloading does not show it again.
    await page.goto(`${appUrl}/settings/api-token`);
    expect(await page.locator("[data-testid=new-api-token]").count()).toBe(0);
    expect(await page.textContent("table")).toContain("ERP sync");

    page.once("dialog", (dialog) => void dialog.accept());
    await page.click("button[aria-label='Revoke the token ERP sync']");
    await expect.poll(() => page.textContent("[role=status]")).toBe("The token was revoked.");
    expect((await fetchApp("/api/v1/me", { token })).status).toBe(401);
    await context.close();
  });
});
