import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { addUser, makeCompany } from "../support/factories";
import { callApiJson as call } from "../support/fetch-app";

interface Level {
  id: number;
  label: string;
  type: "selling" | "purchasing";
  active: boolean;
  is_default: boolean;
}

let sku = 0;
/** A price of a new variant in this level (and the company's first currency). */
async function priceIn(db: TenantDb, priceLevelId: number) {
  const [currency] = await db.select().from(tenantSchema.currencies).limit(1);
  const [product] = await db.insert(tenantSchema.products).values({ label: "Priced" }).returning();
  const [variant] = await db
    .insert(tenantSchema.variants)
    .values({ productId: product!.id, label: "Priced", sku: `PL-${Date.now()}-${sku++}` })
    .returning();
  await db.insert(tenantSchema.prices).values({ variantId: variant!.id, priceLevelId, currencyId: currency!.id, amount: 100_000 });
}

async function levels(token: string, query = ""): Promise<Level[]> {
  return (await call("GET", `/price-levels${query}`, token)).body.items;
}

describe("/api/v1/price-levels", () => {
  it("lists the two levels a company starts with, both defaults", async () => {
    const company = await makeCompany();
    expect((await levels(company.token)).map((l) => [l.label, l.type, l.is_default, l.active])).toEqual([
      ["Purchase price", "purchasing", true, true],
      ["Selling price", "selling", true, true],
    ]);
  });

  it("adds a level, not a default, and shows it back", async () => {
    const company = await makeCompany();
    const created = await call("POST", "/price-levels", company.token, { label: " Wholesale ", type: "selling" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ label: "Wholesale", type: "selling", active: true, is_default: false });
    expect((await call("GET", `/price-levels/${created.body.id}`, company.token)).body).toEqual(created.body);
  });

  it.each([
    [{ type: "selling" }, "label", "required"],
    [{ label: "x".repeat(101) }, "label", "too_long"],
    [{ label: "Retail", type: "resale" }, "type", "invalid"],
    [{ label: "Retail", active: "no" }, "active", "invalid"],
    [{ label: "Retail", rate: 2 }, "rate", "unknown_field"],
  ])("refuses %j naming %s (%s)", async (body, field, code) => {
    const company = await makeCompany();
    const response = await call("POST", "/price-levels", company.token, body);
    expect(response.status).toBe(422);
    expect(response.body.error.fields[field]).toMatchObject({ code });
  });

  it("refuses a label already used, whatever its case", async () => {
    const company = await makeCompany();
    const response = await call("POST", "/price-levels", company.token, { label: "SELLING PRICE", type: "selling" });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: "price_level_label_taken", fields: { label: { code: "price_level_label_taken" } } });
    const other = await call("POST", "/price-levels", company.token, { label: "Retail", type: "selling" });
    expect((await call("PATCH", `/price-levels/${other.body.id}`, company.token, { label: "purchase price" })).status).toBe(409);
  });

  it("makes a level the default of its type only, and keeps the other type's default", async () => {
    const company = await makeCompany();
    const retail = await call("POST", "/price-levels", company.token, { label: "Retail", type: "selling", active: false });
    const made = await call("POST", `/price-levels/${retail.body.id}/default`, company.token);
    expect(made.status).toBe(200);
    // A default is always active.
    expect(made.body).toMatchObject({ is_default: true, active: true });
    expect((await levels(company.token)).map((l) => [l.label, l.is_default])).toEqual([
      ["Purchase price", true],
      ["Retail", true],
      ["Selling price", false],
    ]);
    const [settings] = await company.db.select().from(tenantSchema.companySettings);
    expect(settings!.defaultSellingPriceLevelId).toBe(retail.body.id);
  });

  it("never disables, deletes or retypes a default level", async () => {
    const company = await makeCompany();
    const selling = (await levels(company.token, "?type=selling"))[0]!;
    for (const [method, path, body, field] of [
      ["POST", `/price-levels/${selling.id}/disable`, undefined, "active"],
      ["PATCH", `/price-levels/${selling.id}`, { active: false }, "active"],
      ["PATCH", `/price-levels/${selling.id}`, { type: "purchasing" }, "type"],
    ] as const) {
      const response = await call(method, path, company.token, body);
      expect(response.status, `${method} ${path}`).toBe(409);
      expect(response.body.error).toMatchObject({ code: "default_price_level", fields: { [field]: { code: "default_price_level" } } });
    }
    const removed = await call("DELETE", `/price-levels/${selling.id}`, company.token);
    expect(removed.status).toBe(409);
    expect(removed.body.error.code).toBe("default_price_level");
    // Its label may change.
    expect((await call("PATCH", `/price-levels/${selling.id}`, company.token, { label: "Public price" })).body.label).toBe("Public price");
  });

  it("keeps the type of a level that prices use and refuses to delete it", async () => {
    const company = await makeCompany();
    const retail = await call("POST", "/price-levels", company.token, { label: "Retail", type: "selling" });
    await priceIn(company.db, retail.body.id);
    const retyped = await call("PATCH", `/price-levels/${retail.body.id}`, company.token, { type: "purchasing" });
    expect(retyped.status).toBe(409);
    expect(retyped.body.error).toMatchObject({ code: "in_use", fields: { type: { code: "in_use_locked" } } });
    const removed = await call("DELETE", `/price-levels/${retail.body.id}`, company.token);
    expect(removed.status).toBe(409);
    expect(removed.body.error.code).toBe("in_use");
    // Disabling stays possible.
    expect((await call("POST", `/price-levels/${retail.body.id}/disable`, company.token)).body.active).toBe(false);
  });

  it("changes the type of an unused level, disables, enables and deletes it", async () => {
    const company = await makeCompany();
    const level = await call("POST", "/price-levels", company.token, { label: "Spare" });
    expect(level.body.type).toBe("selling");
    expect((await call("PATCH", `/price-levels/${level.body.id}`, company.token, { type: "purchasing" })).body.type).toBe("purchasing");
    expect((await call("POST", `/price-levels/${level.body.id}/disable`, company.token)).body.active).toBe(false);
    expect((await call("POST", `/price-levels/${level.body.id}/enable`, company.token)).body.active).toBe(true);
    expect((await call("DELETE", `/price-levels/${level.body.id}`, company.token)).status).toBe(204);
    expect((await call("GET", `/price-levels/${level.body.id}`, company.token)).status).toBe(404);
  });

  it("lets edit_price_levels or settings change levels, and anyone signed in read them", async () => {
    const company = await makeCompany();
    const editor = await addUser(company.companyId, { permissions: ["edit_price_levels"] });
    const reader = await addUser(company.companyId, { permissions: ["view_products"] });
    const created = await call("POST", "/price-levels", editor.token, { label: "By editor", type: "purchasing" });
    expect(created.status).toBe(201);
    expect((await call("GET", "/price-levels", reader.token)).status).toBe(200);
    expect((await call("GET", `/price-levels/${created.body.id}`, reader.token)).status).toBe(200);
    for (const [method, path, body] of [
      ["POST", "/price-levels", { label: "Nope" }],
      ["PATCH", `/price-levels/${created.body.id}`, { label: "Nope" }],
      ["DELETE", `/price-levels/${created.body.id}`, undefined],
      ["POST", `/price-levels/${created.body.id}/default`, undefined],
      ["POST", `/price-levels/${created.body.id}/disable`, undefined],
    ] as const) {
      const response = await call(method, path, reader.token, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error.code).toBe("forbidden");
    }
  });

  it("filters by type, default and status, and sorts", async () => {
    const company = await makeCompany();
    await call("POST", "/price-levels", company.token, { label: "Wholesale", type: "selling" });
    await call("POST", "/price-levels", company.token, { label: "Old", type: "selling", active: false });
    const labels = async (query: string) => (await levels(company.token, `?${query}`)).map((l) => l.label);
    expect(await labels("type=selling")).toEqual(["Old", "Selling price", "Wholesale"]);
    expect(await labels("is_default=true&sort=-label")).toEqual(["Selling price", "Purchase price"]);
    expect(await labels("is_default=false")).toEqual(["Old", "Wholesale"]);
    expect(await labels("active=false")).toEqual(["Old"]);
    expect(await labels("search=who")).toEqual(["Wholesale"]);
    const counted = await call("GET", "/price-levels?type=selling&total_count=true&page_size=1", company.token);
    expect(counted.body).toMatchObject({ totalCount: 3, page_size: 1 });
  });
});
