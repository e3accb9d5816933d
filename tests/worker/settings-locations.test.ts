import { describe, expect, it } from "vitest";
import { addUser, makeCompany } from "../support/factories";
import { callApiJson as call } from "../support/fetch-app";

interface Location {
  id: number;
  label: string;
  type: string;
  active: boolean;
  shipping: boolean;
  shipping_cost: string;
  country: string | null;
}

describe("/api/v1/locations", () => {
  it("adds a location with every field and shows it back", async () => {
    const company = await makeCompany({ locations: ["Depot"] });
    const created = await call("POST", "/locations", company.token, {
      label: "  Boutique Paris ",
      type: "store",
      shipping: true,
      shipping_cost: "12.5",
      phone: "+33 1 43 00 00 00",
      address1: "8 rue du Faubourg",
      address2: "",
      city: "Paris",
      postal_code: "75011",
      province: "Île-de-France",
      country: "fr",
      active: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      label: "Boutique Paris",
      type: "store",
      shipping: true,
      shipping_cost: "12.5000",
      phone: "+33 1 43 00 00 00",
      address1: "8 rue du Faubourg",
      address2: null,
      city: "Paris",
      postal_code: "75011",
      province: "Île-de-France",
      country: "FR",
      active: true,
    });
    const read = await call("GET", `/locations/${created.body.id}`, company.token);
    expect(read.body).toEqual(created.body);
  });

  it("makes a warehouse with no shipping cost when only the label is given", async () => {
    const company = await makeCompany();
    const created = await call("POST", "/locations", company.token, { label: "Annex" });
    expect(created.body).toMatchObject({
      label: "Annex",
      type: "warehouse",
      shipping: false,
      shipping_cost: "0.0000",
      active: true,
      country: null,
    });
  });

  it.each([
    [{}, "label", "required"],
    [{ label: "   " }, "label", "required"],
    [{ label: "x".repeat(101) }, "label", "too_long"],
    [{ label: "A", type: "shop" }, "type", "invalid"],
    [{ label: "A", shipping_cost: "-1" }, "shipping_cost", "too_small"],
    [{ label: "A", shipping_cost: "ten" }, "shipping_cost", "invalid_number"],
    [{ label: "A", country: "XX" }, "country", "invalid_country"],
    [{ label: "A", country: "France" }, "country", "invalid_country"],
    [{ label: "A", phone: "call me" }, "phone", "invalid_phone"],
    [{ label: "A", shipping: "yes" }, "shipping", "invalid"],
    [{ label: "A", colour: "red" }, "colour", "unknown_field"],
  ])("refuses %j naming %s (%s)", async (body, field, code) => {
    const company = await makeCompany();
    const response = await call("POST", "/locations", company.token, body);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe("validation_failed");
    expect(response.body.error.fields[field]).toMatchObject({ code });
  });

  it("refuses a label already used, whatever its case, on create and on rename", async () => {
    const company = await makeCompany({ locations: ["Lyon"] });
    const taken = await call("POST", "/locations", company.token, { label: "LYON" });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: "location_label_taken", fields: { label: { code: "location_label_taken" } } });

    const other = await call("POST", "/locations", company.token, { label: "Marseille" });
    const renamed = await call("PATCH", `/locations/${other.body.id}`, company.token, { label: "lyon" });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error.code).toBe("location_label_taken");
    // Its own label in another case is not a conflict.
    expect((await call("PATCH", `/locations/${other.body.id}`, company.token, { label: "MARSEILLE" })).body.label).toBe("MARSEILLE");
  });

  it("changes only the fields given", async () => {
    const company = await makeCompany();
    const created = await call("POST", "/locations", company.token, { label: "Nantes", city: "Nantes", shipping_cost: 3 });
    const updated = await call("PATCH", `/locations/${created.body.id}`, company.token, { shipping: true, city: null });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ label: "Nantes", shipping: true, city: null, shipping_cost: "3.0000" });
    const bad = await call("PATCH", `/locations/${created.body.id}`, company.token, { shipping_cost: -2 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.shipping_cost.code).toBe("too_small");
  });

  it("disables and enables a location, but never the last active one", async () => {
    const company = await makeCompany({ locations: ["Only"] });
    const [only] = (await call("GET", "/locations", company.token)).body.items as Location[];
    const refused = await call("POST", `/locations/${only!.id}/disable`, company.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("last_active_location");
    expect((await call("PATCH", `/locations/${only!.id}`, company.token, { active: false })).body.error.code).toBe("last_active_location");

    const second = await call("POST", "/locations", company.token, { label: "Second" });
    const disabled = await call("POST", `/locations/${only!.id}/disable`, company.token);
    expect(disabled.status).toBe(200);
    expect(disabled.body.active).toBe(false);
    expect((await call("POST", `/locations/${second.body.id}/disable`, company.token)).status).toBe(409);
    const enabled = await call("POST", `/locations/${only!.id}/enable`, company.token);
    expect(enabled.body.active).toBe(true);
  });

  it("deletes a location, but not the last active one", async () => {
    const company = await makeCompany({ locations: ["Keep"] });
    const [keep] = (await call("GET", "/locations", company.token)).body.items as Location[];
    const refused = await call("DELETE", `/locations/${keep!.id}`, company.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("last_active_location");

    const extra = await call("POST", "/locations", company.token, { label: "Extra", active: false });
    expect((await call("DELETE", `/locations/${extra.body.id}`, company.token)).status).toBe(204);
    expect((await call("GET", `/locations/${extra.body.id}`, company.token)).status).toBe(404);
    expect((await call("DELETE", `/locations/${extra.body.id}`, company.token)).status).toBe(404);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const company = await makeCompany();
    expect((await call("GET", "/locations/999999", company.token)).status).toBe(404);
    expect((await call("GET", "/locations/abc", company.token)).status).toBe(404);
    expect((await call("PATCH", "/locations/1.5", company.token, { label: "x" })).status).toBe(404);
  });

  it("lets any signed-in user read locations, and only the settings permission change them", async () => {
    const company = await makeCompany({ locations: ["Seen"] });
    const user = await addUser(company.companyId, { permissions: ["view_products"] });
    const list = await call("GET", "/locations", user.token);
    expect(list.status).toBe(200);
    const [seen] = list.body.items as Location[];
    expect((await call("GET", `/locations/${seen!.id}`, user.token)).status).toBe(200);
    for (const [method, path, body] of [
      ["POST", "/locations", { label: "Nope" }],
      ["PATCH", `/locations/${seen!.id}`, { label: "Nope" }],
      ["DELETE", `/locations/${seen!.id}`, undefined],
      ["POST", `/locations/${seen!.id}/disable`, undefined],
      ["POST", `/locations/${seen!.id}/enable`, undefined],
    ] as const) {
      const response = await call(method, path, user.token, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error.code).toBe("forbidden");
    }
  });

  it("filters, sorts, searches and pages the list", async () => {
    const company = await makeCompany({ locations: ["Bordeaux"] });
    await call("POST", "/locations", company.token, { label: "Aix store", type: "store", city: "Aix" });
    await call("POST", "/locations", company.token, { label: "Caen store", type: "store", city: "Caen", active: false });
    await call("POST", "/locations", company.token, { label: "Dijon", city: "Dijon", shipping_cost: "20" });
    const labels = async (query: string) =>
      ((await call("GET", `/locations?${query}`, company.token)).body.items as Location[]).map((l) => l.label);

    expect(await labels("")).toEqual(["Aix store", "Bordeaux", "Caen store", "Dijon"]);
    expect(await labels("sort=-label")).toEqual(["Dijon", "Caen store", "Bordeaux", "Aix store"]);
    expect(await labels("type=store")).toEqual(["Aix store", "Caen store"]);
    expect(await labels("active=false")).toEqual(["Caen store"]);
    expect(await labels("shipping_cost__Gte=10")).toEqual(["Dijon"]);
    expect(await labels("label__Contains=store&sort=-label")).toEqual(["Caen store", "Aix store"]);
    expect(await labels("search=dij")).toEqual(["Dijon"]);
    const page = await call("GET", "/locations?page=1&page_size=3&total_count=true", company.token);
    expect(page.body).toMatchObject({ page: 1, page_size: 3, totalCount: 4 });
    expect((page.body.items as Location[]).map((l) => l.label)).toEqual(["Dijon"]);

    const bad = await call("GET", "/locations?colour=red", company.token);
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.colour.code).toBe("unknown_filter");
  });
});
