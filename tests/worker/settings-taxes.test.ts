import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { addUser, makeCompany } from "../support/factories";
import { callApiJson as call } from "../support/fetch-app";

interface Tax {
  id: number;
  label: string;
  abbreviation: string;
  kind: "simple" | "group";
  rate: string;
  tax_ids: number[];
  active: boolean;
}

async function simple(token: string, label: string, rate: string, extra: Record<string, unknown> = {}): Promise<Tax> {
  const response = await call("POST", "/taxes", token, { label, abbreviation: label.slice(0, 10), rate, ...extra });
  expect(response.status).toBe(201);
  return response.body;
}

describe("/api/v1/taxes", () => {
  it("adds a simple tax with its rate at 4 decimals", async () => {
    const company = await makeCompany();
    const created = await call("POST", "/taxes", company.token, { label: "TVA 5,5 %", abbreviation: "TVA5.5", rate: "5.5" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      label: "TVA 5,5 %",
      abbreviation: "TVA5.5",
      kind: "simple",
      rate: "5.5000",
      tax_ids: [],
      active: true,
    });
    expect((await call("GET", `/taxes/${created.body.id}`, company.token)).body).toEqual(created.body);
    expect((await simple(company.token, "Zero", "0")).rate).toBe("0.0000");
  });

  it.each([
    [{ abbreviation: "T", rate: "5" }, "label", "required"],
    [{ label: "T", rate: "5" }, "abbreviation", "required"],
    [{ label: "T", abbreviation: "ABCDEFGHIJK", rate: "5" }, "abbreviation", "too_long"],
    [{ label: "T", abbreviation: "T" }, "rate", "required"],
    [{ label: "T", abbreviation: "T", rate: "100.5" }, "rate", "too_large"],
    [{ label: "T", abbreviation: "T", rate: "-1" }, "rate", "too_small"],
    [{ label: "T", abbreviation: "T", rate: "five" }, "rate", "invalid_number"],
    [{ label: "T", abbreviation: "T", rate: "5", kind: "compound" }, "kind", "invalid"],
    [{ label: "T", abbreviation: "T", rate: "5", tax_ids: [1, 2] }, "tax_ids", "invalid"],
    [{ label: "T", abbreviation: "T", rate: "5", tax_group: [] }, "tax_group", "unknown_field"],
  ])("refuses %j naming %s (%s)", async (body, field, code) => {
    const company = await makeCompany();
    const response = await call("POST", "/taxes", company.token, body);
    expect(response.status).toBe(422);
    expect(response.body.error.fields[field]).toMatchObject({ code });
  });

  it("refuses a label already used, whatever its case", async () => {
    const company = await makeCompany();
    const vat = await simple(company.token, "VAT", "20");
    const response = await call("POST", "/taxes", company.token, { label: "vat", abbreviation: "V", rate: "10" });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: "tax_label_taken", fields: { label: { code: "tax_label_taken" } } });
    const other = await simple(company.token, "Other", "1");
    expect((await call("PATCH", `/taxes/${other.id}`, company.token, { label: "VAT" })).status).toBe(409);
    expect((await call("PATCH", `/taxes/${vat.id}`, company.token, { label: "Vat" })).body.label).toBe("Vat");
  });

  it("adds a group of simple taxes whose rate is the sum of theirs", async () => {
    const company = await makeCompany();
    const gst = await simple(company.token, "GST", "5");
    const qst = await simple(company.token, "QST", "9.975");
    const group = await call("POST", "/taxes", company.token, {
      label: "GST + QST",
      abbreviation: "GST+QST",
      kind: "group",
      tax_ids: [qst.id, gst.id, gst.id],
    });
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({ kind: "group", rate: "14.9750", tax_ids: [gst.id, qst.id].sort((a, b) => a - b) });
    // A member's new rate shows in the group's.
    await call("PATCH", `/taxes/${gst.id}`, company.token, { rate: "6" });
    expect((await call("GET", `/taxes/${group.body.id}`, company.token)).body.rate).toBe("15.9750");
  });

  it("refuses a group without two distinct active simple taxes", async () => {
    const company = await makeCompany();
    const a = await simple(company.token, "A", "1");
    const b = await simple(company.token, "B", "2");
    const off = await simple(company.token, "Off", "3", { active: false });
    const ab = (await call("POST", "/taxes", company.token, { label: "AB", abbreviation: "AB", kind: "group", tax_ids: [a.id, b.id] }))
      .body as Tax;
    const cases: [unknown, string, string][] = [
      [{ tax_ids: [a.id] }, "tax_ids", "invalid_tax_group"],
      [{ tax_ids: [a.id, a.id] }, "tax_ids", "invalid_tax_group"],
      [{}, "tax_ids", "invalid_tax_group"],
      [{ tax_ids: [a.id, off.id] }, "tax_ids", "invalid_tax_group"],
      [{ tax_ids: [a.id, ab.id] }, "tax_ids", "invalid_tax_group"],
      [{ tax_ids: [a.id, 999999] }, "tax_ids", "unknown_tax"],
      [{ tax_ids: [a.id, "x"] }, "tax_ids.1", "unknown_tax"],
      [{ tax_ids: [a.id, b.id], rate: "3" }, "rate", "invalid"],
    ];
    for (const [extra, field, code] of cases) {
      const response = await call("POST", "/taxes", company.token, { label: "G", abbreviation: "G", kind: "group", ...(extra as object) });
      expect(response.status, JSON.stringify(extra)).toBe(422);
      expect(response.body.error.fields[field], JSON.stringify(extra)).toMatchObject({ code });
    }
  });

  it("changes a group's taxes, never a tax's kind", async () => {
    const company = await makeCompany();
    const a = await simple(company.token, "A", "1");
    const b = await simple(company.token, "B", "2");
    const c = await simple(company.token, "C", "4");
    const group = (await call("POST", "/taxes", company.token, { label: "AB", abbreviation: "AB", kind: "group", tax_ids: [a.id, b.id] }))
      .body as Tax;
    const changed = await call("PATCH", `/taxes/${group.id}`, company.token, { tax_ids: [b.id, c.id] });
    expect(changed.body).toMatchObject({ tax_ids: [b.id, c.id], rate: "6.0000" });
    const kind = await call("PATCH", `/taxes/${a.id}`, company.token, { kind: "group" });
    expect(kind.status).toBe(422);
    expect(kind.body.error.fields.kind.code).toBe("cannot_change");
    expect((await call("PATCH", `/taxes/${group.id}`, company.token, { rate: "5" })).body.error.fields.rate.code).toBe("invalid");
    expect((await call("PATCH", `/taxes/${a.id}`, company.token, { tax_ids: [b.id, c.id] })).body.error.fields.tax_ids.code).toBe(
      "invalid",
    );
  });

  it("refuses to delete a tax that a group, a variant or a service uses", async () => {
    const company = await makeCompany();
    const a = await simple(company.token, "A", "1");
    const b = await simple(company.token, "B", "2");
    const c = await simple(company.token, "C", "3");
    const d = await simple(company.token, "D", "4");
    const group = (await call("POST", "/taxes", company.token, { label: "AB", abbreviation: "AB", kind: "group", tax_ids: [a.id, b.id] }))
      .body as Tax;
    const [product] = await company.db.insert(tenantSchema.products).values({ label: "Taxed" }).returning();
    const [variant] = await company.db
      .insert(tenantSchema.variants)
      .values({ productId: product!.id, label: "Taxed", sku: `TX-${Date.now()}` })
      .returning();
    await company.db.insert(tenantSchema.variantTaxes).values({ variantId: variant!.id, taxId: c.id });
    await company.db.insert(tenantSchema.services).values({ reference: `S-${Date.now()}`, label: "Fitting", taxId: d.id });
    for (const used of [a, c, d]) {
      const response = await call("DELETE", `/taxes/${used.id}`, company.token);
      expect(response.status, used.label).toBe(409);
      expect(response.body.error.code).toBe("in_use");
    }
    // Deleting the group frees its members.
    expect((await call("DELETE", `/taxes/${group.id}`, company.token)).status).toBe(204);
    expect((await call("DELETE", `/taxes/${a.id}`, company.token)).status).toBe(204);
    expect((await call("GET", `/taxes/${a.id}`, company.token)).status).toBe(404);
  });

  it("disables and enables a tax", async () => {
    const company = await makeCompany();
    const a = await simple(company.token, "A", "1");
    expect((await call("POST", `/taxes/${a.id}/disable`, company.token)).body.active).toBe(false);
    expect((await call("POST", `/taxes/${a.id}/enable`, company.token)).body.active).toBe(true);
  });

  it("lets anyone signed in read taxes, and only the settings permission change them", async () => {
    const company = await makeCompany();
    const a = await simple(company.token, "A", "1");
    const reader = await addUser(company.companyId, { permissions: ["view_products"] });
    expect((await call("GET", "/taxes", reader.token)).body.items).toHaveLength(1);
    expect((await call("GET", `/taxes/${a.id}`, reader.token)).status).toBe(200);
    for (const [method, path, body] of [
      ["POST", "/taxes", { label: "B", abbreviation: "B", rate: "1" }],
      ["PATCH", `/taxes/${a.id}`, { label: "Nope" }],
      ["DELETE", `/taxes/${a.id}`, undefined],
      ["POST", `/taxes/${a.id}/disable`, undefined],
    ] as const) {
      const response = await call(method, path, reader.token, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error.code).toBe("forbidden");
    }
  });

  it("filters by kind and rate (a group's is the sum), and sorts", async () => {
    const company = await makeCompany();
    const a = await simple(company.token, "Low", "5");
    const b = await simple(company.token, "High", "20");
    await simple(company.token, "Off", "10", { active: false });
    await call("POST", "/taxes", company.token, { label: "Both", abbreviation: "B", kind: "group", tax_ids: [a.id, b.id] });
    const labels = async (query: string) => ((await call("GET", `/taxes?${query}`, company.token)).body.items as Tax[]).map((t) => t.label);
    expect(await labels("")).toEqual(["Both", "High", "Low", "Off"]);
    expect(await labels("kind=group")).toEqual(["Both"]);
    expect(await labels("rate__Gte=20&sort=-rate")).toEqual(["Both", "High"]);
    expect(await labels("sort=rate")).toEqual(["Low", "Off", "High", "Both"]);
    expect(await labels("active=false")).toEqual(["Off"]);
    expect(await labels("abbreviation=High")).toEqual(["High"]);
    expect(await labels("search=lo")).toEqual(["Low"]);
  });
});

describe("/api/v1/tax-settings", () => {
  it("reads the company's defaults and changes each setting", async () => {
    const company = await makeCompany();
    expect((await call("GET", "/tax-settings", company.token)).body).toEqual({
      tax_model: "global",
      tax_type: "tax_exclusive",
      tax_priority: "product",
    });
    const changed = await call("PATCH", "/tax-settings", company.token, { tax_model: "us", tax_type: "tax_inclusive" });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ tax_model: "us", tax_type: "tax_inclusive", tax_priority: "product" });
    expect((await call("PATCH", "/tax-settings", company.token, { tax_priority: "document" })).body.tax_priority).toBe("document");
  });

  it.each([
    [{ tax_model: "eu" }, "tax_model", "invalid"],
    [{ tax_type: "inclusive" }, "tax_type", "invalid"],
    [{ tax_priority: "customer" }, "tax_priority", "invalid"],
    [{ rounding: "line" }, "rounding", "unknown_field"],
  ])("refuses %j naming %s", async (body, field, code) => {
    const company = await makeCompany();
    const response = await call("PATCH", "/tax-settings", company.token, body);
    expect(response.status).toBe(422);
    expect(response.body.error.fields[field]).toMatchObject({ code });
  });

  it("lets any signed-in user read them and only the settings permission change them", async () => {
    const company = await makeCompany();
    const reader = await addUser(company.companyId, { permissions: ["view_sales_orders"] });
    expect((await call("GET", "/tax-settings", reader.token)).status).toBe(200);
    const refused = await call("PATCH", "/tax-settings", reader.token, { tax_model: "us" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
  });
});
