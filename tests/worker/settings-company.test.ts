import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { updateCompanySettings } from "../../worker/domain/settings/company-settings/update-company-settings";
import { addUser, control, ctxOf, makeCompany } from "../support/factories";
import { call } from "./products-fixtures";
import { fetchApp } from "../support/fetch-app";

const files = (env as unknown as { FILES: R2Bucket }).FILES;
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);
const putLogo = (token: string, body: BodyInit) =>
  fetchApp("/api/v1/company-settings/logo", { method: "PUT", token, body, headers: { "content-type": "image/png" } });

const EVERYTHING = {
  label: "Maison Durand",
  email: "contact@durand.example",
  phone: "+33 4 78 00 00 00",
  website: "https://durand.example",
  address1: "12 rue de la République",
  address2: "",
  city: "Lyon",
  postal_code: "69002",
  province: "",
  country: "fr",
  number_format: "space_comma",
  default_currency: "EUR",
  languages: ["fr", "en", "fr"],
  timezone: "Europe/Paris",
  payment_terms: { type: "eom", days: 10 },
  estimate_expiration_days: 45,
};

describe("/api/v1/company-settings", () => {
  it("shows a new company's settings and saves every field given, the name in the account menu too", async () => {
    const company = await makeCompany({ label: "Durand" });
    const before = await call("GET", "/company-settings", company.token);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      label: "Durand",
      country: "FR",
      number_format: "comma_point",
      default_currency: "EUR",
      languages: ["en"],
      logo_key: null,
      payment_terms: { type: "net", days: 0 },
      estimate_expiration_days: 30,
    });

    const saved = await call("PATCH", "/company-settings", company.token, EVERYTHING);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      ...EVERYTHING,
      address2: null,
      province: null,
      country: "FR",
      languages: ["fr", "en"],
    });
    expect((await call("GET", "/company-settings", company.token)).body).toEqual(saved.body);
    const row = await control.query.companies.findFirst({ where: (c, { eq }) => eq(c.id, company.companyId) });
    expect(row?.label).toBe("Maison Durand");

    // A partial change leaves the rest as it was.
    const partial = await call("PATCH", "/company-settings", company.token, { number_format: "comma_point" });
    expect(partial.body).toMatchObject({ ...saved.body, number_format: "comma_point", updated_at: expect.any(Number) });
  });

  it.each([
    [{ label: "  " }, "label", "required"],
    [{ email: "not an email" }, "email", "invalid_email"],
    [{ website: "ftp://durand.example" }, "website", "invalid_url"],
    [{ phone: "call me" }, "phone", "invalid_phone"],
    [{ country: "" }, "country", "required"],
    [{ country: "ZZ" }, "country", "invalid_country"],
    [{ number_format: "dot_space" }, "number_format", "invalid"],
    [{ default_currency: "JPY" }, "default_currency", "unknown_currency"],
    [{ languages: [] }, "languages", "required"],
    [{ languages: ["de"] }, "languages.0", "invalid_language"],
    [{ timezone: "Mars/Olympus" }, "timezone", "invalid_timezone"],
    [{ payment_terms: { type: "weekly", days: 0 } }, "payment_terms.type", "invalid"],
    [{ payment_terms: { type: "net", days: 5000 } }, "payment_terms.days", "too_large"],
    [{ estimate_expiration_days: -1 }, "estimate_expiration_days", "too_small"],
    [{ logo: "x" }, "logo", "unknown_field"],
  ])("refuses %j naming %s (%s), and changes nothing", async (body, field, code) => {
    const company = await makeCompany();
    const before = (await call("GET", "/company-settings", company.token)).body;
    const response = await call("PATCH", "/company-settings", company.token, { number_format: "space_comma", ...body });
    expect(response.status).toBe(422);
    expect(response.body.error.fields[field]).toMatchObject({ code });
    expect((await call("GET", "/company-settings", company.token)).body).toEqual(before);
  });

  it("makes another of the company's currencies the default, rebasing the rates as the currencies page does", async () => {
    const company = await makeCompany();
    expect((await call("POST", "/currencies", company.token, { iso: "USD", exchange_rate: "1.25" })).status).toBe(201);
    const saved = await call("PATCH", "/company-settings", company.token, { default_currency: "usd" });
    expect(saved.body.default_currency).toBe("USD");
    const currencies = (await call("GET", "/currencies", company.token)).body.items as {
      iso: string;
      is_default: boolean;
      exchange_rate: string;
    }[];
    expect(currencies.map((c) => [c.iso, c.is_default, c.exchange_rate]).sort()).toEqual([
      ["EUR", false, "0.80000000"],
      ["USD", true, "1.00000000"],
    ]);
  });

  it("lets a user without the settings permission read the settings but not change them (403)", async () => {
    const company = await makeCompany();
    const clerk = await addUser(company.companyId, { permissions: ["view_products"] });
    expect((await call("GET", "/company-settings", clerk.token)).status).toBe(200);
    const refused = await call("PATCH", "/company-settings", clerk.token, { label: "Taken over" });
    expect(refused.status).toBe(403);
    expect((await putLogo(clerk.token, PNG)).status).toBe(403);
    expect((await call("GET", "/company-settings", company.token)).body.label).toBe(company.label);
    // The verb checks the permission itself, whoever calls it.
    const clerkCtx = await ctxOf(company, { permissions: ["view_products"] });
    await expect(updateCompanySettings(clerkCtx, { label: "Taken over" })).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("stores the logo in the files bucket under the company's prefix, serves it, replaces it and removes it", async () => {
    const company = await makeCompany();
    const put = await putLogo(company.token, PNG);
    expect(put.status).toBe(200);
    const first = ((await put.json()) as { logo_key: string }).logo_key;
    expect(first).toMatch(new RegExp(`^companies/${company.companyId}/logo/[0-9a-z]+\\.png$`));
    const served = await fetchApp("/api/v1/company-settings/logo", { token: company.token });
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const second = ((await (await putLogo(company.token, PNG)).json()) as { logo_key: string }).logo_key;
    expect(second).not.toBe(first);
    expect(await files.get(first)).toBeNull();

    const refused = await putLogo(company.token, "not an image");
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { fields: Record<string, { code: string }> } }).error.fields.logo).toMatchObject({
      code: "invalid_image",
    });

    expect((await call("DELETE", "/company-settings/logo", company.token)).body.logo_key).toBeNull();
    expect(await files.get(second)).toBeNull();
    expect((await fetchApp("/api/v1/company-settings/logo", { token: company.token })).status).toBe(404);
  });
});
