import { describe, expect, it } from "vitest";
import { createBrand } from "../../worker/domain/products-settings/brands/create-brand";
import { listBrands } from "../../worker/domain/products-settings/brands/list-brands";
import { deleteSeason } from "../../worker/domain/products-settings/seasons/delete-season";
import { createSeason } from "../../worker/domain/products-settings/seasons/create-season";
import { createCurrency } from "../../worker/domain/settings/currencies/create-currency";
import { allCurrencies } from "../../worker/domain/settings/currencies/list-currencies";
import { makeDefaultCurrency } from "../../worker/domain/settings/currencies/make-default-currency";
import { createLocation } from "../../worker/domain/settings/locations/create-location";
import { allLocations } from "../../worker/domain/settings/locations/list-locations-page";
import { createPriceLevel } from "../../worker/domain/settings/price-levels/create-price-level";
import { updateTaxSettings } from "../../worker/domain/settings/tax-settings";
import { createTax } from "../../worker/domain/settings/taxes/create-tax";
import { allTaxes } from "../../worker/domain/settings/taxes/list-taxes";
import { ctxOf, makeCompany } from "../support/factories";

const forbidden = { code: "forbidden" };

// The verbs check the permission themselves: a caller that skips the API's or the page's guard is refused all the same.
describe("the settings verbs called directly", () => {
  it("refuse a user without the settings permission a new currency, tax, location or tax model, and change nothing", async () => {
    const company = await makeCompany();
    const clerk = await ctxOf(company, { permissions: ["view_products", "edit_products"] });
    await expect(createCurrency(clerk, { iso: "USD" })).rejects.toMatchObject(forbidden);
    await expect(createTax(clerk, { label: "VAT 20", abbreviation: "VAT", rate: "20" })).rejects.toMatchObject(forbidden);
    await expect(createLocation(clerk, { label: "Back room" })).rejects.toMatchObject(forbidden);
    await expect(updateTaxSettings(clerk, { tax_type: "tax_inclusive" })).rejects.toMatchObject(forbidden);
    const eur = (await allCurrencies(clerk)).find((c) => c.iso === "EUR")!;
    await expect(makeDefaultCurrency(clerk, { id: eur.id })).rejects.toMatchObject(forbidden);

    // Reading needs no permission: other screens pick currencies, taxes and locations.
    expect((await allCurrencies(clerk)).map((c) => c.iso)).toEqual(["EUR"]);
    expect(await allTaxes(clerk)).toEqual([]);
    expect((await allLocations(clerk)).map((l) => l.label)).toEqual(["Main warehouse"]);
  });

  it("let a user holding edit_price_levels add a price level, but not a currency", async () => {
    const company = await makeCompany();
    const pricer = await ctxOf(company, { permissions: ["edit_price_levels"] });
    expect((await createPriceLevel(pricer, { label: "Wholesale" })).label).toBe("Wholesale");
    await expect(createCurrency(pricer, { iso: "USD" })).rejects.toMatchObject(forbidden);
    const nobody = await ctxOf(company, { permissions: [] });
    await expect(createPriceLevel(nobody, { label: "Retail 2" })).rejects.toMatchObject(forbidden);
  });

  it("ask view_products to read the products settings and edit_products to change them", async () => {
    const company = await makeCompany();
    const reader = await ctxOf(company, { permissions: ["view_products"] });
    const stranger = await ctxOf(company, { permissions: ["settings"] });
    const admin = await ctxOf(company);
    const season = await createSeason(admin, { label: "Summer" });

    await expect(createBrand(reader, { label: "Acme" })).rejects.toMatchObject(forbidden);
    await expect(deleteSeason(reader, { id: season.id })).rejects.toMatchObject(forbidden);
    await expect(listBrands(stranger, {})).rejects.toMatchObject(forbidden);
    expect((await listBrands(reader, {})).items).toEqual([]);
  });
});
