import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { openCompanyDatabase } from "../../db/tenants";
import { createCompany } from "../../worker/domain/companies/create-company";
import { control, makeCompany, provisioner } from "../support/factories";
import { fetchApp } from "../support/fetch-app";

const bindings = env as unknown as Record<string, string>;

async function get(path: string, token: string) {
  return (await (await fetchApp(`/api/v1${path}`, { token })).json()) as { items: Record<string, unknown>[] };
}

describe("a new company", () => {
  it("starts with its currency as the default, a selling and a purchasing default level, and a main warehouse", async () => {
    const company = await makeCompany();
    expect((await get("/currencies", company.token)).items).toEqual([
      expect.objectContaining({ iso: "EUR", is_default: true, exchange_rate: "1.00000000", active: true }),
    ]);
    const levels = (await get("/price-levels", company.token)).items;
    expect(levels.map((l) => [l.label, l.type, l.is_default])).toEqual([
      ["Purchase price", "purchasing", true],
      ["Selling price", "selling", true],
    ]);
    expect((await get("/locations", company.token)).items).toEqual([
      expect.objectContaining({ label: "Main warehouse", type: "warehouse", active: true }),
    ]);
    const [settings] = await company.db.select().from(tenantSchema.companySettings);
    expect(settings).toMatchObject({
      defaultCurrency: "EUR",
      defaultSellingPriceLevelId: levels.find((l) => l.type === "selling")!.id,
      defaultPurchasingPriceLevelId: levels.find((l) => l.type === "purchasing")!.id,
    });
  });

  it("names them in the company's language and uses its currency", async () => {
    const n = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const created = await createCompany(
      { control, provisioner, pepper: bindings.PASSWORD_PEPPER! },
      {
        label: `Société ${n}`,
        country: "CH",
        currency: "chf",
        language: "fr",
        admin: { email: `fr-${n}@example.test`, firstName: "Léa", lastName: "Roux", password: "Secret-pass-1!" },
      },
    );
    const row = (await control.query.companies.findFirst({ where: (c, { eq }) => eq(c.id, created.companyId) }))!;
    const db = await openCompanyDatabase(control, provisioner, row);
    expect(
      await db.select({ label: tenantSchema.priceLevels.label, type: tenantSchema.priceLevels.type }).from(tenantSchema.priceLevels),
    ).toEqual([
      { label: "Prix de vente", type: "selling" },
      { label: "Prix d'achat", type: "purchasing" },
    ]);
    expect(await db.select({ label: tenantSchema.locations.label }).from(tenantSchema.locations)).toEqual([
      { label: "Entrepôt principal" },
    ]);
    const [currency] = await db.select().from(tenantSchema.currencies);
    expect(currency).toMatchObject({
      iso: "CHF",
      label: "Franc suisse",
      sign: "CHF",
      symbolTemplate: "{amount} {sign}",
      isDefault: true,
      exchangeRate: 100_000_000,
    });
  });

  it("starts with the locations it is given instead of the main warehouse", async () => {
    const company = await makeCompany({ locations: ["Lille", "Lyon"] });
    expect((await get("/locations", company.token)).items.map((l) => l.label)).toEqual(["Lille", "Lyon"]);
  });
});
