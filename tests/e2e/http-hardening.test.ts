import fc from "fast-check";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { companyCtx, makeCompany, makeUser } from "../support/e2e-factories";
import { createCustomer } from "../../worker/domain/contacts/create-customer";
import { cookieHeader, headerTexts } from "../support/fuzz-input";
import { fetchApp } from "../support/e2e-fetch-app";

const appUrl = inject("appUrl");
const origin = new URL(appUrl).origin;
let browser: Browser;
let admin: { email: string; password: string; userId: string };
let companyId: string;
let cookie: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const company = await makeCompany();
  admin = company;
  companyId = company.companyId;
  cookie = (await makeUser(company.companyId, ["view_products", "view_customers"])).cookie;
});
afterAll(async () => {
  await browser?.close();
});

/** A form post as this site's own pages send it; redirects are not followed. */
function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetchApp(path, { method: "POST", headers: { origin, ...headers }, form: fields });
}

const get = (path: string, headers: Record<string, string> = {}) => fetchApp(path, { headers });

/** Where a browser would go: the Location resolved as browsers resolve it (tabs and newlines dropped, "\" read as "/"). */
const destination = (response: Response) => new URL(response.headers.get("location") ?? "", appUrl);

describe("redirect targets taken from input", () => {
  it.each([
    ["/%09/evil.example", "/"],
    ["/%0a/evil.example", "/"],
    ["/%0d%0a/evil.example", "/"],
    ["/%5Cevil.example", "/"],
    ["//evil.example", "/"],
    ["https://evil.example/", "/"],
    ["/contacts/customers%3Fpage%3D2", "/contacts/customers?page=2"],
  ])("after sign-in, send the user of /login?redirection=%s to %s on this site", async (redirection, expected) => {
    const response = await post(`/login?redirection=${redirection}`, { email: admin.email, password: admin.password });
    expect(response.status).toBe(302);
    expect(destination(response).origin).toBe(origin);
    expect(response.headers.get("location")).toBe(expected);
  });

  it.each(["/\\evil.example", "//evil.example", "/\t/evil.example", "/\n/evil.example", "https://evil.example"])(
    "keep the language switch's return address %j on this site",
    async (redirectTo) => {
      const response = await post("/locale", { locale: "fr", redirectTo });
      expect(response.status).toBe(302);
      expect(destination(response).origin).toBe(origin);
      expect(response.headers.get("location")).toBe("/");
    },
  );

  it("returns from the language switch to the page it was on", async () => {
    const response = await post("/locale", { locale: "fr", redirectTo: "/login?redirection=%2Fproducts" });
    expect(response.headers.get("location")).toBe("/login?redirection=%2Fproducts");
  });
});

describe("malformed cookies and queries", () => {
  it("ignores a language cookie that is not valid percent-encoding", async () => {
    const response = await get("/login", { cookie: "lang=%E0%A4%A", "accept-language": "fr-FR" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('lang="fr"');
  });

  it.each(["%", "%E0%A4%A", "v1:a:b:c", "v1:::", "garbage", "\u00e9t\u00e9"])(
    "treats the session cookie %j as no session: to the sign-in page, the cookie cleared",
    async (value) => {
      const response = await get("/dashboard", { cookie: `session=${value}` });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login?redirection=%2Fdashboard");
      expect(response.headers.get("set-cookie")).toMatch(/^session=;.*Max-Age=0/);
    },
  );

  it("shows the sign-in page when the redirection holds control characters", async () => {
    expect((await get("/login?redirection=%00%0a%7f")).status).toBe(200);
  });

  it("never answers a page request with a 5xx, whatever the headers, cookies and redirection (fuzzed)", async () => {
    const { maybe: maybeHeader, contentType } = headerTexts({ latin1: true });
    const requests = fc.record({
      path: fc.constantFrom(
        "/",
        "/login",
        "/signup",
        "/locale",
        "/dashboard",
        "/products-and-services/products",
        "/contacts/customers",
        "/contacts/customers.data",
        "/settings/users",
        "/b2b",
        "/b2b/login",
      ),
      method: fc.constantFrom("GET", "POST"),
      signedIn: fc.boolean(),
      session: maybeHeader,
      lang: maybeHeader,
      store: maybeHeader,
      acceptLanguage: maybeHeader,
      contentType,
      redirection: fc.option(fc.string({ maxLength: 30 })),
      body: fc.oneof(fc.string({ maxLength: 40 }), fc.constant("email=a%40b.c&password=x&locale=fr&redirectTo=%2F%09%2Fevil")),
    });
    await fc.assert(
      fc.asyncProperty(requests, async (r) => {
        const headers: Record<string, string> = { origin };
        const cookies = cookieHeader({ session: r.signedIn ? null : r.session, lang: r.lang, store: r.store });
        const all = [r.signedIn ? cookie : null, cookies].filter((c) => c !== null).join("; ");
        if (all) headers.cookie = all;
        if (r.acceptLanguage !== null) headers["accept-language"] = r.acceptLanguage;
        if (r.contentType !== null && r.method === "POST") headers["content-type"] = r.contentType;
        const query = r.redirection === null ? "" : `?redirection=${encodeURIComponent(r.redirection)}`;
        const response = await fetchApp(`${r.path}${query}`, {
          method: r.method,
          headers,
          body: r.method === "POST" ? r.body : undefined,
        });
        await response.body?.cancel();
        expect(response.status, `${r.method} ${r.path}${query} ${JSON.stringify(headers)}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

describe("response headers", () => {
  it("sends a Content-Security-Policy whose fresh nonce is on every script of the page", async () => {
    const first = await get("/login");
    const policy = first.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    for (const directive of [
      "default-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ])
      expect(policy).toContain(directive);
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = (await get("/login")).headers.get("content-security-policy");
    expect(second).not.toBe(policy);
  });

  it("answers HEAD with the same security headers as GET, and no body", async () => {
    for (const [path, headers] of [
      ["/login", {}],
      ["/dashboard", { cookie }],
      ["/b2b/login", {}],
    ] as const) {
      const viaGet = await get(path, headers);
      const viaHead = await fetchApp(path, { method: "HEAD", headers });
      expect(viaHead.status, path).toBe(viaGet.status);
      expect(await viaHead.text(), path).toBe("");
      expect(viaHead.headers.get("content-type"), path).toBe(viaGet.headers.get("content-type"));
      for (const name of [
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "permissions-policy",
        "cross-origin-opener-policy",
        "cache-control",
      ])
        expect(viaHead.headers.get(name), `${path} ${name}`).toBe(viaGet.headers.get(name));
      // The nonce is fresh for each answer: the rest of the policy is the same.
      const policy = (response: Response) => (response.headers.get("content-security-policy") ?? "").replace(/'nonce-[^']+'/, "'nonce'");
      expect(policy(viaHead), path).toContain("default-src 'self'");
      expect(policy(viaHead), path).toBe(policy(viaGet));
    }
  });

  it("forbids storing a signed-in page, and the data of its client navigations", async () => {
    expect((await get("/dashboard", { cookie })).headers.get("cache-control")).toBe("no-store");
    expect((await get("/contacts/customers.data", { cookie })).headers.get("cache-control")).toBe("no-store");
  });

  it("lets browsers keep hashed assets for a year", async () => {
    const html = await (await get("/login")).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await get(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

/** Collects policy violations and console errors of a page from its first script on. */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    // The app has no icon: the browser's own request for one is not the page's doing.
    if (message.type() === "error" && !message.location().url.endsWith("/favicon.ico"))
      errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return errors;
}

describe("a page's data written for its client (decision 059)", () => {
  it("cannot end its script: a customer named like markup shows as text, runs nothing, and the page hydrates", async () => {
    const label = `</script><script>window.pwned=1</script><!-- & > \u2028 end`;
    await createCustomer(await companyCtx(companyId), { label });
    const html = await (await get("/contacts/customers?search=%3C%2Fscript", { cookie })).text();
    // One script holds the page's data, its markup characters escaped.
    const data = [...html.matchAll(/<script nonce="[^"]+">(window\.__reactRouterContext\.streamController\.enqueue\(.*?)<\/script>/gs)];
    expect(data).toHaveLength(1);
    expect(data[0]![1]).toContain(
      String.raw`\u003c/script\u003e\u003cscript\u003ewindow.pwned=1\u003c/script\u003e\u003c!-- \u0026 \u003e \u2028 end`,
    );
    expect(data[0]![1]).toMatch(/\);window\.__reactRouterContext\.streamController\.close\(\);$/);
    // After React Router's own scripts, where its client reads it, and last in the body.
    expect(html.indexOf(data[0]![0])).toBeGreaterThan(html.indexOf("streamController = controller"));
    expect(html.endsWith(`${data[0]![0]}</body></html>`)).toBe(true);
    expect(html).not.toContain("<script>window.pwned=1</script>");
    // No Suspense boundary is left in the page.
    expect(html).not.toContain("<!--$-->");

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: appUrl }]);
    const page = await context.newPage();
    const errors = await watch(page);
    await page.goto(`${appUrl}/contacts/customers?search=%3C%2Fscript`);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => "pwned" in window)).toBe(false);
    expect(await page.locator("table tbody").textContent()).toContain("</script><script>window.pwned=1</script>");
    // The client read the data: a navigation fetches the next page's data in place.
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    const dataRequest = page.waitForRequest((request) => request.url().includes("/dashboard.data"));
    await page.click("a.top-bar__brand");
    await dataRequest;
    await page.waitForURL(`${appUrl}/dashboard`);
    expect(await page.evaluate(() => "stayed" in window)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("pages under the Content-Security-Policy", () => {
  it("hydrate, sign in, navigate and switch language with no policy violation or console error", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const errors = await watch(page);
    await page.goto(`${appUrl}/login`);
    await page.fill("input[name=email]", admin.email);
    await page.fill("input[name=password]", admin.password);
    await page.click("button[type=submit]");
    await page.waitForURL(/\/(dashboard|setup)$/);

    for (const path of ["/products-and-services/products", "/settings/locations", "/contacts/customers"]) {
      await page.goto(`${appUrl}${path}`);
      await page.waitForLoadState("networkidle");
    }
    // A list's rows are written as one HTML text (decision 056); their links still navigate client-side.
    const customer = await createCustomer(await companyCtx(companyId), { label: `Client "<Row>" & fils` });
    await page.goto(`${appUrl}/contacts/customers`);
    await page.waitForLoadState("networkidle");
    const rowLink = page.getByRole("link", { name: `Client "<Row>" & fils`, exact: true });
    const rowHref = await rowLink.getAttribute("href");
    expect(rowHref).toBe(`/contacts/customers/${customer.id}`);
    // The document stays: a mark left on the window is still there on the customer's page.
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    const rowData = page.waitForRequest((request) => request.url().includes(`${rowHref}.data`));
    await rowLink.click();
    await rowData;
    await page.waitForURL(`${appUrl}${rowHref}`);
    expect(await page.evaluate(() => "stayed" in window)).toBe(true);
    // The header's sort links and the pagination's links are written as text too: followed client-side.
    await createCustomer(await companyCtx(companyId), { label: "Client suivant" });
    await page.goto(`${appUrl}/contacts/customers?page_size=1`);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    const nextData = page.waitForRequest((request) => request.url().includes("/contacts/customers.data"));
    await page.getByRole("link", { name: "Next page", exact: true }).click();
    await nextData;
    await page.waitForURL(/[?&]page=1(&|$)/);
    const sortData = page.waitForRequest((request) => request.url().includes("/contacts/customers.data"));
    await page.getByRole("link", { name: "Customer number", exact: true }).click();
    await sortData;
    await page.waitForURL(/sort=number/);
    expect(await page.evaluate(() => "stayed" in window)).toBe(true);
    // A client-side navigation fetches the next page's data: the scripts ran and hydrated.
    const dataRequest = page.waitForRequest((request) => request.url().includes("/dashboard.data"));
    await page.click("a.top-bar__brand");
    await dataRequest;
    await page.waitForURL(`${appUrl}/dashboard`);
    await page.click("button[name=locale][value=fr]");
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("fr");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("text typed in a form", () => {
  it("keeps the line breaks of a customer's notes, and names a one-line field holding a tab", async () => {
    const staff = await makeUser(companyId, ["view_customers", "edit_customers"]);
    const context = await browser.newContext();
    const [name, value] = staff.cookie.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: appUrl }]);
    const page = await context.newPage();
    await page.goto(`${appUrl}/contacts/customers/create`);
    await page.fill("input[name=label]", "Tab\there");
    await page.fill("textarea[name=notes]", "First line\nSecond line");
    await page.click("button:has-text('Create the customer')");
    await expect
      .poll(() => page.textContent("#field-label-error").catch(() => null))
      .toBe("Write this on one line, without tabs or control characters");
    expect(await page.inputValue("textarea[name=notes]")).toBe("First line\nSecond line");

    await page.fill("input[name=label]", "Épicerie du Port");
    await page.click("button:has-text('Create the customer')");
    await page.waitForURL(/\/contacts\/customers\/\d+\?notice=created$/);
    const main = (await page.textContent("main"))!;
    expect(main).toContain("First line");
    expect(main).toContain("Second line");
    await context.close();
  });
});
