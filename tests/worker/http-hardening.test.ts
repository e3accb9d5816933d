import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { addUser, makeCompany } from "../support/factories";
import { cookieHeader, headerTexts } from "../support/fuzz-input";
import { fetchApp } from "../support/fetch-app";

const clientSecret = (env as unknown as Record<string, string>).OAUTH_CLIENT_SECRET!;

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, { code: string; message: string }> } };

let company: Awaited<ReturnType<typeof makeCompany>>;
// A person (saved views and API tokens belong to one), holding every permission.
let admin: Awaited<ReturnType<typeof addUser>>;
let customerId: number;

function send(method: string, path: string, body: string | undefined, headers: Record<string, string> = {}) {
  return fetchApp(path, { method, token: admin.token, body, headers });
}
const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  send(method, path, JSON.stringify(body), { "content-type": "application/json", ...headers });

beforeAll(async () => {
  company = await makeCompany();
  admin = await addUser(company.companyId, { permissions: ADMINISTRATOR_PERMISSIONS });
  const created = await json("POST", "/api/v1/customers", { label: "Maison Durand" });
  customerId = ((await created.json()) as { id: number }).id;
});

function tokenRequest(authorization: string, fields: Record<string, string>) {
  return fetchApp("/oauth2/token", { method: "POST", headers: { authorization }, form: fields });
}

describe("POST /oauth2/token with Basic client credentials", () => {
  it.each(["Basic !!!", "Basic %%%", "Basic Y29tcHRvaXItd2Vi"])(
    "answers %j, which is not base64 of id:secret, with 401 invalid_client",
    async (header) => {
      const response = await tokenRequest(header, { grant_type: "password", username: admin.email, password: admin.password });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "invalid_client", code: "oauth_invalid_client" });
    },
  );

  it("signs the first-party client in with its Basic credentials", async () => {
    const response = await tokenRequest(`Basic ${btoa(`comptoir-web:${clientSecret}`)}`, {
      grant_type: "password",
      username: admin.email,
      password: admin.password,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token_type: "Bearer" });
  });
});

describe("cookies that are not valid percent-encoding", () => {
  it("leave the language to the browser's Accept-Language instead of failing", async () => {
    const response = await fetchApp("/api/v1/me", { headers: { cookie: "lang=%E0%A4%A; session=%", "accept-language": "fr-FR" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "unauthenticated", message: "Vous devez être connecté" } });
  });
});

describe("the body of an API write", () => {
  it.each([["text/plain"], ["application/x-www-form-urlencoded"], ["multipart/form-data; boundary=x"], ["application/jsonp"], [""]])(
    "is refused with 415 when sent as %j, in the caller's language",
    async (type) => {
      const response = await send("POST", "/api/v1/customers", JSON.stringify({ label: "Form Ltd" }), {
        "content-type": type,
        "accept-language": "fr",
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        error: { code: "unsupported_media_type", message: "Envoyez le corps de la requête en JSON (Content-Type: application/json)" },
      });
    },
  );

  it("is read as JSON whatever the case of its type and with a charset", async () => {
    const response = await send("POST", "/api/v1/customers", JSON.stringify({ label: "Charset SARL" }), {
      "content-type": "Application/JSON; charset=UTF-8",
    });
    expect(response.status).toBe(201);
  });

  it.each([["null"], ["[]"], ["42"], ['"Acme"'], ["true"]])("is refused with 400 when it is %s, not an object", async (body) => {
    for (const [method, path] of [
      ["POST", "/api/v1/customers"],
      ["PATCH", `/api/v1/customers/${customerId}`],
      ["POST", "/api/v1/companies/switch"],
    ] as const) {
      const response = await send(method, path, body, { "content-type": "application/json" });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(((await response.json()) as ErrorJson).error).toEqual({
        code: "body_not_object",
        message: "The request body must be a JSON object",
      });
    }
  });
});

describe("control characters in text fields", () => {
  it.each([
    ["a NUL", "Acme\u0000"],
    ["a line break", "Acme\nCorp"],
    ["a tab", "Acme\tCorp"],
    ["an escape", "Acme\u001b[31m"],
    ["a DEL", "Acme\u007f"],
  ])("refuse %s in a one-line field, naming it in English and French", async (_, label) => {
    const response = await json("POST", "/api/v1/customers", { label });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorJson).error.fields?.label).toEqual({
      code: "single_line",
      message: "Write this on one line, without tabs or control characters",
    });
    const french = await json("PATCH", `/api/v1/customers/${customerId}`, { label }, { "accept-language": "fr" });
    expect(((await french.json()) as ErrorJson).error.fields?.label?.message).toBe(
      "Écrivez ceci sur une seule ligne, sans tabulation ni caractère de contrôle",
    );
  });

  it("name a field inside a list by its place", async () => {
    const response = await json("POST", "/api/v1/customers", { label: "Listed", addresses: [{ type: "billing", city: "Lyon\u0007" }] });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorJson).error.fields).toMatchObject({ "addresses.0.city": { code: "single_line" } });
  });

  it("keep line breaks and tabs in a multi-line field, and refuse its other control characters", async () => {
    const notes = "First line\r\nSecond line\n\tindented";
    const saved = await json("PATCH", `/api/v1/customers/${customerId}`, { notes, private_message: "Hello\nthere" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ notes, private_message: "Hello\nthere" });

    for (const bad of ["Bell\u0007", "Null\u0000", "Lone CR\rhere", "Form feed\u000c"]) {
      const refused = await json("PATCH", `/api/v1/customers/${customerId}`, { notes: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(422);
      expect(((await refused.json()) as ErrorJson).error.fields?.notes).toEqual({
        code: "control_characters",
        message: "Remove the control characters from this text",
      });
    }
  });

  it.each([
    ["/api/v1/products", { kind: "single", label: "Tea\u0000" }, "label"],
    ["/api/v1/services", { reference: "S-1\u0001", label: "Delivery" }, "reference"],
    ["/api/v1/brands", { label: "Brand\u0000" }, "label"],
    ["/api/v1/locations", { label: "Depot\n2" }, "label"],
    ["/api/v1/suppliers", { label: "Supplier\u0000" }, "label"],
    ["/api/v1/employees", { first_name: "Eve\u0000", last_name: "Martin" }, "first_name"],
    ["/api/v1/saved-views", { type: "customers", label: "Mine\u0000", search: "" }, "label"],
    ["/api/v1/api-tokens", { label: "Token\u0000", permissions: [] }, "label"],
    ["/api/v1/users", { email: "new@example.test", first_name: "Zoé\u0000", last_name: "Roux", permissions: [] }, "first_name"],
  ])("are refused by POST %s too", async (path, body, field) => {
    const response = await json("POST", path, body);
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorJson).error.fields?.[field]?.code).toBe("single_line");
  });
});

describe("caching of API answers", () => {
  it("is forbidden for every answer, success or error", async () => {
    const answers = [
      await send("GET", "/api/v1/health", undefined),
      await send("GET", "/api/v1/me", undefined),
      await send("GET", "/api/v1/customers", undefined),
      await fetchApp("/api/v1/me"),
      await send("GET", "/api/v1/no-such-thing", undefined),
      await json("POST", "/api/v1/customers", {}),
      await fetchApp("/oauth2/token", { method: "POST" }),
      await fetchApp("/oauth2/nothing"),
    ];
    for (const response of answers) expect(response.headers.get("cache-control"), response.url).toBe("no-store");
  });
});

describe("any request to the API", () => {
  it("gets an answer below 500, whatever its headers, cookies and body (fuzzed)", async () => {
    const { text: headerText, maybe: maybeHeader, contentType } = headerTexts({ latin1: false });
    const requests = fc.record({
      route: fc.constantFrom(
        ["GET", "/api/v1/me"],
        ["GET", "/api/v1/health"],
        ["GET", "/api/v1/customers?filter=%ZZ&sort=label"],
        ["POST", "/api/v1/customers"],
        ["PATCH", "/api/v1/customers/CUSTOMER"],
        ["POST", "/api/v1/companies/switch"],
        ["POST", "/api/v1/password-reset"],
        ["POST", "/oauth2/token"],
        ["GET", "/api/v1/docs"],
      ),
      authorization: fc.oneof(
        fc.constant("TOKEN"),
        headerText,
        headerText.map((text) => `Bearer ${text}`),
        headerText.map((text) => `Basic ${text}`),
        fc.constant(null),
      ),
      contentType,
      acceptLanguage: maybeHeader,
      session: maybeHeader,
      lang: maybeHeader,
      body: fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
        fc.constantFrom("grant_type=password&username=a&password=b", "grant_type=refresh_token&refresh_token=%", '{"label":"\\u0000"}'),
      ),
    });
    await fc.assert(
      fc.asyncProperty(requests, async (r) => {
        const [method, path] = r.route as [string, string];
        const headers = new Headers();
        if (r.authorization !== null) headers.set("authorization", r.authorization === "TOKEN" ? `Bearer ${admin.token}` : r.authorization);
        if (r.contentType !== null) headers.set("content-type", r.contentType);
        if (r.acceptLanguage !== null) headers.set("accept-language", r.acceptLanguage);
        const cookies = cookieHeader({ session: r.session, lang: r.lang });
        if (cookies) headers.set("cookie", cookies);
        const response = await fetchApp(path.replace("CUSTOMER", String(customerId)), {
          method,
          headers,
          body: method === "GET" ? undefined : r.body,
        });
        await response.arrayBuffer();
        expect(response.status, `${method} ${path} ${JSON.stringify([...headers])} ${r.body}`).toBeLessThan(500);
      }),
      { numRuns: 500 },
    );
  });
});
