import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { addUser, makeCompany } from "../support/factories";
import { callApi as call } from "../support/fetch-app";

interface Row {
  id: number;
  [key: string]: unknown;
}
interface Page {
  items: Row[];
  totalCount?: number;
}
interface ErrorBody {
  error: { code: string; fields?: Record<string, { code: string }> };
}

const { suppliers, supplierTags, supplierTagLinks, employees, priceLevels, currencies, products, variants } = tenantSchema;

async function create(path: string, token: string, body: Record<string, unknown>): Promise<Row> {
  const response = await call("POST", path, token, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Row;
}

async function list(path: string, token: string): Promise<Page> {
  const response = await call("GET", path, token);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}

async function refused(response: Response, status: number): Promise<ErrorBody["error"]> {
  expect(response.status).toBe(status);
  return ((await response.json()) as ErrorBody).error;
}

async function supplierWorld() {
  const company = await makeCompany();
  const n = Math.random().toString(36).slice(2, 6);
  const [purchasing, selling] = await company.db
    .insert(priceLevels)
    .values([
      { label: `Test buying ${n}`, type: "purchasing" },
      { label: `Test selling ${n}`, type: "selling" },
    ])
    .returning();
  const [currency] = await company.db.insert(currencies).values({ iso: "XTA", label: "Test dollar", sign: "T$" }).returning();
  const [local, overseas] = await company.db
    .insert(supplierTags)
    .values([{ label: "Local" }, { label: "Overseas" }])
    .returning();
  return {
    company,
    token: company.token,
    purchasing: purchasing!,
    selling: selling!,
    currency: currency!,
    local: local!,
    overseas: overseas!,
  };
}

describe("/api/v1/suppliers", () => {
  it("creates a supplier with its defaults, address, links and tags, and reads it back", async () => {
    const { token, purchasing, currency, local, overseas } = await supplierWorld();
    const created = await create("/suppliers", token, {
      name: "Fabrics & Co",
      email: " contact@fabrics.test ",
      phone: "+33 4 00 00 00 00",
      website: "https://fabrics.test",
      social_links: { LinkedIn: "https://linkedin.com/company/fabrics", instagram: "https://instagram.com/fabrics" },
      notes: "Ships on Mondays",
      default_currency_id: currency.id,
      default_price_level_id: purchasing.id,
      default_payment_terms_days: 45,
      default_lead_time_days: 12,
      address1: "12 quai des Tisserands",
      city: "Lyon",
      postal_code: "69002",
      country: "fr",
      tag_ids: [overseas.id, local.id],
    });
    expect(created).toMatchObject({
      name: "Fabrics & Co",
      email: "contact@fabrics.test",
      website: "https://fabrics.test",
      social_links: { linkedin: "https://linkedin.com/company/fabrics", instagram: "https://instagram.com/fabrics" },
      active: true,
      default_currency: { id: currency.id, iso: "XTA" },
      default_price_level: { id: purchasing.id },
      default_payment_terms_days: 45,
      default_lead_time_days: 12,
      city: "Lyon",
      country: "FR",
      tags: [
        { id: local.id, label: "Local" },
        { id: overseas.id, label: "Overseas" },
      ],
    });
    expect(await (await call("GET", `/suppliers/${created.id}`, token)).json()).toEqual(created);
  });

  it.each([
    ["a supplier without a name", { email: "a@b.test" }, "name", "required"],
    ["an invalid email", { name: "S", email: "nope" }, "email", "invalid_email"],
    ["a website that is not an address", { name: "S", website: "fabrics" }, "website", "invalid_url"],
    ["a social link that is not an address", { name: "S", social_links: { facebook: "fabrics" } }, "social_links.facebook", "invalid_url"],
    ["negative lead time", { name: "S", default_lead_time_days: -1 }, "default_lead_time_days", "too_small"],
    ["a country that is not ISO", { name: "S", country: "Germany" }, "country", "invalid_country"],
    ["an unknown tag", { name: "S", tag_ids: [98765] }, "tag_ids", "unknown_tag"],
    ["an unknown currency", { name: "S", default_currency_id: 98765 }, "default_currency_id", "unknown_currency"],
  ])("refuses %s with 422 naming the field, and saves nothing", async (_name, body, field, code) => {
    const { company, token } = await supplierWorld();
    const error = await refused(await call("POST", "/suppliers", token, body), 422);
    expect(error.fields?.[field]?.code).toBe(code);
    expect(await company.db.select().from(suppliers)).toEqual([]);
  });

  it("takes only a purchasing price level as default", async () => {
    const { token, selling } = await supplierWorld();
    const error = await refused(await call("POST", "/suppliers", token, { name: "S", default_price_level_id: selling.id }), 422);
    expect(error.fields?.default_price_level_id?.code).toBe("unknown_price_level");
  });

  it("updates only the fields given, replaces the tags, enables and disables, and deletes a supplier with its tag links", async () => {
    const { company, token, local, overseas } = await supplierWorld();
    const created = await create("/suppliers", token, { name: "Partial", city: "Nice", tag_ids: [local.id] });
    const response = await call("PATCH", `/suppliers/${created.id}`, token, { email: "new@partial.test", tag_ids: [overseas.id] });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: "Partial", city: "Nice", email: "new@partial.test", tag_ids: [overseas.id] });
    expect(await (await call("POST", `/suppliers/${created.id}/disable`, token)).json()).toMatchObject({ active: false });
    expect(await (await call("POST", `/suppliers/${created.id}/enable`, token)).json()).toMatchObject({ active: true });
    expect((await call("DELETE", `/suppliers/${created.id}?acknowledge=cascade,inventory,irreversible`, token)).status).toBe(204);
    expect((await call("GET", `/suppliers/${created.id}`, token)).status).toBe(404);
    expect(await company.db.select().from(supplierTagLinks).where(eq(supplierTagLinks.supplierId, created.id))).toEqual([]);
  });

  it("refuses to delete a supplier a variant buys from, with 409 in_use", async () => {
    const { company, token } = await supplierWorld();
    const created = await create("/suppliers", token, { name: "Used" });
    const [product] = await company.db.insert(products).values({ label: "Shirt" }).returning();
    await company.db.insert(variants).values({ productId: product!.id, label: "Shirt", sku: `SKU-${Date.now()}`, supplierId: created.id });
    expect(
      (await refused(await call("DELETE", `/suppliers/${created.id}?acknowledge=cascade,inventory,irreversible`, token), 409)).code,
    ).toBe("in_use");
    expect((await call("GET", `/suppliers/${created.id}`, token)).status).toBe(200);
  });

  describe("the list", () => {
    let ctx: Awaited<ReturnType<typeof supplierWorld>>;
    beforeAll(async () => {
      ctx = await supplierWorld();
      const { token, local } = ctx;
      await create("/suppliers", token, { name: "zeta", country: "DE", email: "orders@zeta.test", tag_ids: [local.id] });
      await create("/suppliers", token, { name: "Alpha", country: "FR", default_lead_time_days: 5 });
      await create("/suppliers", token, { name: "Mid", country: "FR", active: false });
    });
    const names = (page: Page) => page.items.map((s) => s.name);

    it("sorts by name by default, filters, searches and counts", async () => {
      expect(names(await list("/suppliers", ctx.token))).toEqual(["Alpha", "Mid", "zeta"]);
      expect(names(await list("/suppliers?sort=-name", ctx.token))).toEqual(["zeta", "Mid", "Alpha"]);
      expect(names(await list("/suppliers?country=FR&active=true", ctx.token))).toEqual(["Alpha"]);
      expect(names(await list(`/suppliers?tag_id=${ctx.local.id}`, ctx.token))).toEqual(["zeta"]);
      expect(names(await list("/suppliers?search=zeta.test", ctx.token))).toEqual(["zeta"]);
      expect(names(await list("/suppliers?search=mi", ctx.token))).toEqual(["Mid"]);
      expect(await list("/suppliers?page_size=1&total_count=true", ctx.token)).toMatchObject({
        totalCount: 3,
        items: [{ name: "Alpha" }],
      });
    });
  });

  it("needs view_suppliers to read and edit_suppliers to write", async () => {
    const { company, token } = await supplierWorld();
    const created = await create("/suppliers", token, { name: "Guarded" });
    const reader = await addUser(company.companyId, { permissions: ["view_suppliers"] });
    const nobody = await addUser(company.companyId, { permissions: ["view_customers", "edit_customers"] });
    expect((await call("GET", "/suppliers", nobody.token)).status).toBe(403);
    expect((await call("GET", `/suppliers/${created.id}`, reader.token)).status).toBe(200);
    expect((await call("POST", "/suppliers", reader.token, { name: "No" })).status).toBe(403);
    expect((await call("PATCH", `/suppliers/${created.id}`, reader.token, { name: "No" })).status).toBe(403);
    expect((await call("DELETE", `/suppliers/${created.id}`, reader.token)).status).toBe(403);
  });
});

describe("/api/v1/employees", () => {
  it("creates an employee with every field, reads it back, updates, disables and deletes it", async () => {
    const company = await makeCompany();
    const { token } = company;
    const created = await create("/employees", token, {
      label: "Jeanne Martin",
      position: "Sales representative",
      employer: "Temp Agency",
      email: "jeanne@example.test",
      phone: "06 12 34 56 78",
      notes: "Mornings only",
      address1: "3 rue Basse",
      city: "Lille",
      postal_code: "59000",
      country: "FR",
    });
    expect(created).toMatchObject({
      label: "Jeanne Martin",
      position: "Sales representative",
      employer: "Temp Agency",
      active: true,
      country: "FR",
      city: "Lille",
    });
    expect(await (await call("GET", `/employees/${created.id}`, token)).json()).toEqual(created);
    const patched = await call("PATCH", `/employees/${created.id}`, token, { position: "Manager", email: "" });
    expect(await patched.json()).toMatchObject({ label: "Jeanne Martin", position: "Manager", email: null });
    expect(await (await call("POST", `/employees/${created.id}/disable`, token)).json()).toMatchObject({ active: false });
    expect(await (await call("POST", `/employees/${created.id}/enable`, token)).json()).toMatchObject({ active: true });
    expect((await call("DELETE", `/employees/${created.id}?acknowledge=cascade,inventory,irreversible`, token)).status).toBe(204);
    expect((await call("GET", `/employees/${created.id}`, token)).status).toBe(404);
  });

  it.each([
    ["an employee without a label", { position: "Clerk" }, "label", "required"],
    ["an invalid email", { label: "E", email: "jeanne@" }, "email", "invalid_email"],
    ["a phone with letters", { label: "E", phone: "call me" }, "phone", "invalid_phone"],
    ["a country that is not ISO", { label: "E", country: "XX1" }, "country", "invalid_country"],
    ["an unknown field", { label: "E", salary: 1000 }, "salary", "unknown_field"],
  ])("refuses %s with 422 naming the field, and saves nothing", async (_name, body, field, code) => {
    const company = await makeCompany();
    const error = await refused(await call("POST", "/employees", company.token, body), 422);
    expect(error.fields?.[field]?.code).toBe(code);
    expect(await company.db.select().from(employees)).toEqual([]);
  });

  it("lists employees by label, filtered, searched and counted", async () => {
    const company = await makeCompany();
    const { token } = company;
    await create("/employees", token, { label: "bob", position: "Driver", email: "bob@depot.test", country: "BE" });
    await create("/employees", token, { label: "Alice", position: "Clerk", active: false });
    await create("/employees", token, { label: "Chloé", position: "Driver" });
    const labels = (page: Page) => page.items.map((e) => e.label);
    expect(labels(await list("/employees", token))).toEqual(["Alice", "bob", "Chloé"]);
    expect(labels(await list("/employees?position=Driver&sort=-label", token))).toEqual(["Chloé", "bob"]);
    expect(labels(await list("/employees?active=false", token))).toEqual(["Alice"]);
    expect(labels(await list("/employees?country=BE", token))).toEqual(["bob"]);
    expect(labels(await list("/employees?search=depot", token))).toEqual(["bob"]);
    expect(await list("/employees?total_count=true&page_size=2", token)).toMatchObject({ totalCount: 3 });
  });

  it("needs view_employees to read and edit_employees to write", async () => {
    const company = await makeCompany();
    const created = await create("/employees", company.token, { label: "Guarded" });
    const reader = await addUser(company.companyId, { permissions: ["view_employees"] });
    expect((await call("GET", `/employees/${created.id}`, reader.token)).status).toBe(200);
    expect((await call("PATCH", `/employees/${created.id}`, reader.token, { label: "No" })).status).toBe(403);
    expect((await call("POST", "/employees", reader.token, { label: "No" })).status).toBe(403);
    const nobody = await addUser(company.companyId, { permissions: [] });
    expect((await call("GET", "/employees", nobody.token)).status).toBe(403);
  });
});
