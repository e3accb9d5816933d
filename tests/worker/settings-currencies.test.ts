import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { addUser, makeCompany } from "../support/factories";
import { callApiJson as call } from "../support/fetch-app";

interface Currency {
  id: number;
  iso: string;
  label: string;
  sign: string;
  symbol_template: string;
  exchange_rate: string;
  is_default: boolean;
  active: boolean;
}

let sku = 0;
async function priceIn(db: TenantDb, currencyId: number) {
  const [level] = await db.select().from(tenantSchema.priceLevels).limit(1);
  const [product] = await db.insert(tenantSchema.products).values({ label: "Priced" }).returning();
  const [variant] = await db
    .insert(tenantSchema.variants)
    .values({ productId: product!.id, label: "Priced", sku: `CU-${Date.now()}-${sku++}` })
    .returning();
  await db.insert(tenantSchema.prices).values({ variantId: variant!.id, priceLevelId: level!.id, currencyId, amount: 100_000 });
}

async function list(token: string, query = ""): Promise<Currency[]> {
  return (await call("GET", `/currencies${query}`, token)).body.items;
}

describe("/api/v1/currencies", () => {
  it("starts with the company's currency as the default, at rate 1", async () => {
    const company = await makeCompany();
    expect(await list(company.token)).toEqual([
      expect.objectContaining({
        iso: "EUR",
        label: "Euro",
        sign: "€",
        is_default: true,
        active: true,
        exchange_rate: "1.00000000",
        symbol_template: "{sign}{amount}",
      }),
    ]);
  });

  it("adds a currency whose label, sign and template default to the code's usual ones", async () => {
    const company = await makeCompany();
    const created = await call("POST", "/currencies", company.token, { iso: "usd", exchange_rate: "1.08" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      iso: "USD",
      label: "US Dollar",
      sign: "$",
      symbol_template: "{sign}{amount}",
      exchange_rate: "1.08000000",
      is_default: false,
      active: true,
    });
    const own = await call("POST", "/currencies", company.token, {
      iso: "CHF",
      label: "Franc suisse",
      sign: "Fr.",
      symbol_template: "{amount} {sign}",
      exchange_rate: 0.94123456,
    });
    expect(own.body).toMatchObject({ label: "Franc suisse", sign: "Fr.", symbol_template: "{amount} {sign}", exchange_rate: "0.94123456" });
    expect((await call("GET", `/currencies/${own.body.id}`, company.token)).body).toEqual(own.body);
  });

  it.each([
    [{}, "iso", "required"],
    [{ iso: "ABC" }, "iso", "invalid_currency"],
    [{ iso: "EURO" }, "iso", "invalid_currency"],
    [{ iso: "GBP", exchange_rate: "0" }, "exchange_rate", "too_small"],
    [{ iso: "GBP", exchange_rate: "-1.2" }, "exchange_rate", "too_small"],
    [{ iso: "GBP", exchange_rate: "abc" }, "exchange_rate", "invalid_number"],
    [{ iso: "GBP", exchange_rate: "20000000" }, "exchange_rate", "too_large"],
    [{ iso: "GBP", symbol_template: "{sign}" }, "symbol_template", "invalid_symbol_template"],
    [{ iso: "GBP", sign: "" }, "sign", "required"],
    [{ iso: "GBP", label: "" }, "label", "required"],
    [{ iso: "GBP", is_default: true }, "is_default", "unknown_field"],
  ])("refuses %j naming %s (%s)", async (body, field, code) => {
    const company = await makeCompany();
    const response = await call("POST", "/currencies", company.token, body);
    expect(response.status).toBe(422);
    expect(response.body.error.fields[field]).toMatchObject({ code });
  });

  it("refuses a code the company already has", async () => {
    const company = await makeCompany();
    const response = await call("POST", "/currencies", company.token, { iso: "eur" });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: "currency_taken", fields: { iso: { code: "currency_taken" } } });
    const usd = await call("POST", "/currencies", company.token, { iso: "USD" });
    expect((await call("PATCH", `/currencies/${usd.body.id}`, company.token, { iso: "EUR" })).status).toBe(409);
  });

  it("makes another currency the default in one step: rate 1, other rates re-expressed, company settings updated", async () => {
    const company = await makeCompany();
    const [eur] = await list(company.token);
    const usd = await call("POST", "/currencies", company.token, { iso: "USD", exchange_rate: "1.08", active: false });
    const gbp = await call("POST", "/currencies", company.token, { iso: "GBP", exchange_rate: "0.864" });
    const made = await call("POST", `/currencies/${usd.body.id}/default`, company.token);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ iso: "USD", is_default: true, active: true, exchange_rate: "1.00000000" });
    const after = Object.fromEntries((await list(company.token)).map((c) => [c.iso, [c.is_default, c.exchange_rate]]));
    // 1 / 1.08 and 0.864 / 1.08, at 8 decimals.
    expect(after).toEqual({ EUR: [false, "0.92592593"], USD: [true, "1.00000000"], GBP: [false, "0.80000000"] });
    const [settings] = await company.db.select().from(tenantSchema.companySettings);
    expect(settings!.defaultCurrency).toBe("USD");
    // The former default may now be disabled.
    expect((await call("POST", `/currencies/${eur!.id}/disable`, company.token)).body.active).toBe(false);
    expect(gbp.status).toBe(201);
  });

  it("never disables or deletes the default, and keeps its rate at 1", async () => {
    const company = await makeCompany();
    const [eur] = await list(company.token);
    const disabled = await call("POST", `/currencies/${eur!.id}/disable`, company.token);
    expect(disabled.status).toBe(409);
    expect(disabled.body.error).toMatchObject({ code: "default_currency", fields: { active: { code: "default_currency" } } });
    const removed = await call("DELETE", `/currencies/${eur!.id}`, company.token);
    expect(removed.status).toBe(409);
    expect(removed.body.error.code).toBe("default_currency");
    const rate = await call("PATCH", `/currencies/${eur!.id}`, company.token, { exchange_rate: "1.1" });
    expect(rate.status).toBe(422);
    expect(rate.body.error.fields.exchange_rate.code).toBe("default_currency_rate");
    // Its other fields change freely.
    expect((await call("PATCH", `/currencies/${eur!.id}`, company.token, { sign: "EUR", exchange_rate: "1" })).body).toMatchObject({
      sign: "EUR",
      exchange_rate: "1.00000000",
    });
  });

  it("keeps the company settings on the default currency's code when that code is corrected", async () => {
    const company = await makeCompany();
    const [eur] = await list(company.token);
    const recoded = await call("PATCH", `/currencies/${eur!.id}`, company.token, { iso: "CHF", label: "Swiss Franc", sign: "CHF" });
    expect(recoded.body).toMatchObject({ iso: "CHF", is_default: true });
    const [settings] = await company.db.select().from(tenantSchema.companySettings);
    expect(settings!.defaultCurrency).toBe("CHF");
  });

  it("refuses to delete a currency or change its code once prices use it", async () => {
    const company = await makeCompany();
    const usd = await call("POST", "/currencies", company.token, { iso: "USD", exchange_rate: "1.1" });
    await priceIn(company.db, usd.body.id);
    const removed = await call("DELETE", `/currencies/${usd.body.id}`, company.token);
    expect(removed.status).toBe(409);
    expect(removed.body.error.code).toBe("in_use");
    const recoded = await call("PATCH", `/currencies/${usd.body.id}`, company.token, { iso: "CAD" });
    expect(recoded.status).toBe(409);
    expect(recoded.body.error).toMatchObject({ code: "in_use", fields: { iso: { code: "in_use_locked" } } });
    expect((await call("PATCH", `/currencies/${usd.body.id}`, company.token, { exchange_rate: "1.2" })).body.exchange_rate).toBe(
      "1.20000000",
    );
  });

  it("disables, enables and deletes an unused currency", async () => {
    const company = await makeCompany();
    const jpy = await call("POST", "/currencies", company.token, { iso: "JPY", exchange_rate: "162.5" });
    expect((await call("POST", `/currencies/${jpy.body.id}/disable`, company.token)).body.active).toBe(false);
    expect((await call("POST", `/currencies/${jpy.body.id}/enable`, company.token)).body.active).toBe(true);
    expect((await call("DELETE", `/currencies/${jpy.body.id}`, company.token)).status).toBe(204);
    expect((await call("GET", `/currencies/${jpy.body.id}`, company.token)).status).toBe(404);
  });

  it("lets anyone signed in read currencies, and only the settings permission change them", async () => {
    const company = await makeCompany();
    const reader = await addUser(company.companyId, { permissions: ["edit_price_levels", "multi_currencies"] });
    const [eur] = await list(reader.token);
    expect(eur!.iso).toBe("EUR");
    for (const [method, path, body] of [
      ["POST", "/currencies", { iso: "USD" }],
      ["PATCH", `/currencies/${eur!.id}`, { label: "Nope" }],
      ["DELETE", `/currencies/${eur!.id}`, undefined],
      ["POST", `/currencies/${eur!.id}/default`, undefined],
    ] as const) {
      const response = await call(method, path, reader.token, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error.code).toBe("forbidden");
    }
  });

  it("filters by code, default and rate, and sorts", async () => {
    const company = await makeCompany();
    await call("POST", "/currencies", company.token, { iso: "USD", exchange_rate: "1.08" });
    await call("POST", "/currencies", company.token, { iso: "JPY", exchange_rate: "162.5", active: false });
    const codes = async (query: string) => (await list(company.token, `?${query}`)).map((c) => c.iso);
    expect(await codes("sort=iso")).toEqual(["EUR", "JPY", "USD"]);
    expect(await codes("sort=-exchange_rate")).toEqual(["JPY", "USD", "EUR"]);
    expect(await codes("is_default=true")).toEqual(["EUR"]);
    expect(await codes("active=false")).toEqual(["JPY"]);
    expect(await codes("iso__In=USD,JPY&sort=iso")).toEqual(["JPY", "USD"]);
    expect(await codes("exchange_rate__Between=1,2&sort=iso")).toEqual(["EUR", "USD"]);
    expect(await codes("search=us")).toEqual(["USD"]);
  });
});
