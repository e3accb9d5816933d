import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { fetchApp } from "../support/e2e-fetch-app";

const appUrl = inject("appUrl");
let browser: Browser;
let counter = 0;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${counter++}@example.test`;
}

async function fillSignup(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    if (name === "country" || name === "currency") await page.selectOption(`select[name=${name}]`, value);
    else await page.fill(`input[name=${name}]`, value);
  }
  await page.click("button[type=submit]");
}

const fieldError = (page: Page, name: string) => page.textContent(`#field-${name}-error`).catch(() => null);

describe("a new visitor", () => {
  it("signs up in French, lands in setup then the app, signs out and signs back in", async () => {
    const context = await browser.newContext({
      locale: "fr-FR",
      extraHTTPHeaders: { "accept-language": "fr-FR,fr;q=0.9" },
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(`${appUrl}/login`);
    await page.click("a[href='/signup']");
    await page.waitForURL(`${appUrl}/signup`);
    await expect.poll(() => page.textContent("h1")).toBe("Créer votre compte");

    // Every missing field is named, in French.
    await page.click("button[type=submit]");
    await expect.poll(() => fieldError(page, "email")).toBe("Ce champ est obligatoire");
    for (const name of ["first_name", "last_name", "company_name", "phone", "currency"]) expect(await fieldError(page, name)).toBeTruthy();
    expect(await fieldError(page, "password")).toBe("Saisissez un mot de passe");

    const email = uniqueEmail("founder");
    await fillSignup(page, {
      company_name: "Épicerie Fine Martin",
      first_name: "Louise",
      last_name: "Martin",
      email,
      phone: "+33 6 11 22 33 44",
      country: "FR",
      currency: "EUR",
      password: "weakpassword",
    });
    await expect.poll(() => fieldError(page, "password")).toBe("Le mot de passe doit contenir un chiffre");
    // What was typed is kept.
    expect(await page.inputValue("input[name=company_name]")).toBe("Épicerie Fine Martin");

    await page.fill("input[name=password]", "Bonjour-2026!");
    await page.click("button[type=submit]");
    await page.waitForURL(`${appUrl}/setup`);
    await expect.poll(() => page.textContent("h1")).toBe("Bienvenue, Louise !");
    // Confined to setup until it is finished.
    await page.goto(`${appUrl}/dashboard`);
    expect(new URL(page.url()).pathname).toBe("/setup");
    // The wizard walked through with what signup gave (tests/e2e/onboarding.test.ts walks it in full).
    await page.getByRole("button", { name: "C'est parti" }).click();
    await page.waitForURL(`${appUrl}/setup/company`);
    await page.getByRole("button", { name: "Suivant" }).click();
    await page.waitForURL(`${appUrl}/setup/locations-users`);
    await page.getByRole("button", { name: "Suivant" }).click();
    await page.waitForURL(`${appUrl}/setup/content`);
    await page.getByLabel("Partir de mes propres données").check();
    await page.getByRole("button", { name: "Suivant" }).click();
    await page.waitForURL(`${appUrl}/setup/finish`);
    await page.getByRole("button", { name: "Aller à mon tableau de bord" }).click();
    await page.waitForURL(`${appUrl}/dashboard`);
    expect(await page.textContent("main")).toContain("Épicerie Fine Martin");

    // The administrator's trial shows in account settings.
    await page.goto(`${appUrl}/account-settings`);
    expect(await page.textContent("[data-testid=account-status]")).toBe("Essai gratuit");
    expect(await page.textContent("main")).toContain("14 jour(s)");

    await page.goto(`${appUrl}/dashboard`);
    await page.click("button[aria-label=Compte]");
    await page.click("text=Se déconnecter");
    await page.waitForURL(`${appUrl}/login`);
    const cookie = (await context.cookies()).find((c) => c.name === "session");
    expect(cookie?.value ?? "").toBe("");

    await page.fill("input[name=email]", email);
    await page.fill("input[name=password]", "Bonjour-2026!");
    await page.click("button[type=submit]");
    await page.waitForURL(`${appUrl}/dashboard`);
    const session = (await context.cookies()).find((c) => c.name === "session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(session?.value).toMatch(/^v1:at_[^:]+:rt_[^:]+:\d+$/);
    await context.close();
  });

  it("is told when the email already has an account", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = uniqueEmail("twice");
    const values = {
      company_name: "Twice Ltd",
      first_name: "Tom",
      last_name: "Twice",
      email,
      phone: "+44 20 7946 0000",
      country: "GB",
      currency: "GBP",
      password: "Twice-2026!",
    };
    await page.goto(`${appUrl}/signup`);
    await fillSignup(page, values);
    await page.waitForURL(`${appUrl}/setup`);
    await context.clearCookies();
    await page.goto(`${appUrl}/signup`);
    await fillSignup(page, values);
    await expect.poll(() => fieldError(page, "email")).toBe("This email is already used by an account");
    await context.close();
  });

  it("is sent home from the sign-in and signup pages once signed in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appUrl}/login`);
    await page.fill("input[name=email]", inject("demoEmail"));
    await page.fill("input[name=password]", inject("demoPassword"));
    await page.click("button[type=submit]");
    await page.waitForURL(`${appUrl}/dashboard`);
    for (const path of ["/login", "/signup", "/b2b/login"]) {
      await page.goto(`${appUrl}${path}`);
      expect(new URL(page.url()).pathname).toBe("/dashboard");
    }
    await context.close();
  });
});

describe("redirects for visitors without a session", () => {
  it("sends /b2b with a company query to the store login with that company", async () => {
    const response = await fetchApp("/b2b?company=Maison Durand");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/b2b/login?company=maison-durand");
  });

  it("sends a guarded page with a company query to the store login", async () => {
    const response = await fetchApp("/dashboard?company=acme");
    expect(response.headers.get("location")).toBe("/b2b/login?company=acme");
  });

  it("clears a cookie whose session no longer exists and asks to sign in again", async () => {
    const response = await fetchApp("/dashboard", { cookie: "session=v1:at_gone:rt_gone:9999999999999" });
    expect(response.headers.get("location")).toBe("/login?redirection=%2Fdashboard");
    expect(response.headers.get("set-cookie")).toMatch(/^session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
  });
});

describe("a user of two companies", () => {
  it("switches between them from the account menu and never sees the other's data", async () => {
    const { makeCompany, makeUser, addMembership } = await import("../support/e2e-factories");
    const north = await makeCompany(`Nord Négoce ${Date.now().toString(36)}`, ["Entrepôt Lille"]);
    const south = await makeCompany(`Sud Distribution ${Date.now().toString(36)}`, ["Dépôt Marseille"]);
    const user = await makeUser(north.companyId, ["view_customers"]);
    await addMembership(user.userId, south.companyId, ["view_customers"]);

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${appUrl}/login`);
    await page.fill("input[name=email]", user.email);
    await page.fill("input[name=password]", user.password);
    await page.click("button[type=submit]");
    await page.waitForURL(`${appUrl}/dashboard`);
    await expect.poll(() => page.textContent("main")).toContain("Entrepôt Lille");
    expect(await page.textContent("main")).not.toContain("Dépôt Marseille");

    await page.click("button[aria-label=Account]");
    await page.click(`[role=menuitem]:has-text("${south.label}")`);
    await expect.poll(() => page.textContent("main")).toContain("Dépôt Marseille");
    expect(await page.textContent("main")).not.toContain("Entrepôt Lille");
    // The switch belongs to the session: a reload stays in the chosen company.
    await page.reload();
    expect(await page.textContent("main")).toContain(south.label);

    await page.click("button[aria-label=Account]");
    await page.click(`[role=menuitem]:has-text("${north.label}")`);
    await expect.poll(() => page.textContent("main")).toContain("Entrepôt Lille");
    await context.close();
  });
});

/** A form post as a browser sends it, from its own address (workerd keeps a given CF-Connecting-IP). */
function postForm(path: string, values: Record<string, string>, headers: Record<string, string> = {}) {
  return fetchApp(path, { method: "POST", headers, form: values });
}

const uniqueAddress = () => `192.0.2.${counter++}`;

describe("signing out", () => {
  it.each(["GET", "POST"])("ends the session on the server on %s /logout, clears the cookie and goes to /login", async (method) => {
    const { makeCompany, makeUser } = await import("../support/e2e-factories");
    const company = await makeCompany();
    const user = await makeUser(company.companyId, ["view_customers"]);
    expect((await fetchApp("/dashboard", { cookie: user.cookie })).status).toBe(200);

    // As a browser sends it: a link (GET), or the sign-out form (an empty form body).
    const out = await fetchApp("/logout", { method, cookie: user.cookie, ...(method === "POST" ? { form: {} } : {}) });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login");
    expect(out.headers.get("set-cookie")).toMatch(/^session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    // The old cookie and its access token no longer work anywhere.
    const again = await fetchApp("/dashboard", { cookie: user.cookie });
    expect(again.headers.get("location")).toBe("/login?redirection=%2Fdashboard");
    expect((await fetchApp("/api/v1/me", { token: user.token })).status).toBe(401);
  });
});

describe("an account under attack", () => {
  it("still lets in its owner's browser, which signed in before, while wrong passwords from elsewhere lock it", async () => {
    const { makeCompany, makeUser } = await import("../support/e2e-factories");
    const company = await makeCompany();
    const user = await makeUser(company.companyId, ["view_customers"]);
    const [home, attacker, elsewhere] = [uniqueAddress(), uniqueAddress(), uniqueAddress()];
    const signIn = (password: string, address: string, cookie?: string) =>
      postForm("/login", { email: user.email, password }, { "cf-connecting-ip": address, ...(cookie ? { cookie } : {}) });

    const first = await signIn(user.password, home);
    expect(first.status).toBe(302);
    const device = first.headers.getSetCookie().find((c) => c.startsWith("device="));
    expect(device).toMatch(/^device=v1%3A[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);

    for (let i = 0; i < 5; i++) expect((await signIn(`Wrong-${i}!A`, attacker)).status).toBe(401);
    const stranger = await signIn(user.password, elsewhere);
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toContain("Too many failed sign-in attempts");

    const owner = await signIn(user.password, home, device!.split(";")[0]);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("location")).toBe("/");
  });
});

describe("limits on the public forms", () => {
  it("refuses a fourth signup for one email within an hour with 429, saying so in French", async () => {
    const email = uniqueEmail("again");
    const address = uniqueAddress();
    const values = {
      company_name: "Again Ltd",
      first_name: "Ann",
      last_name: "Again",
      email,
      phone: "+33 6 12 34 56 78",
      country: "FR",
      currency: "EUR",
      password: "Again-2026!",
    };
    const headers = { "cf-connecting-ip": address, "accept-language": "fr-FR,fr;q=0.9" };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await postForm("/signup", values, headers)).status);
    expect(statuses).toEqual([302, 409, 409]);
    const refused = await postForm("/signup", values, headers);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Trop de tentatives, veuillez patienter avant de réessayer");
  });

  it("refuses a sixth password reset request for one email within an hour with 429, in English and French", async () => {
    const email = uniqueEmail("reset");
    const address = uniqueAddress();
    for (let i = 0; i < 5; i++) expect((await postForm("/password-reset", { email }, { "cf-connecting-ip": address })).status).toBe(200);
    const english = await postForm("/password-reset", { email }, { "cf-connecting-ip": address });
    expect(english.status).toBe(429);
    expect(await english.text()).toContain("Too many attempts, please wait before trying again");
    const french = await postForm("/password-reset", { email }, { "cf-connecting-ip": address, "accept-language": "fr" });
    expect(french.status).toBe(429);
    expect(await french.text()).toContain("Trop de tentatives, veuillez patienter avant de réessayer");
  });
});
