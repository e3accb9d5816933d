import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { addUser, makeCompany } from "../support/factories";
import { callApi as call } from "../support/fetch-app";

interface Service {
  id: number;
  reference: string;
  label: string;
  price: string;
  active: boolean;
  tag_ids: number[];
  tax_id: number | null;
}
interface Page {
  items: Service[];
  page: number;
  page_size: number;
  totalCount?: number;
}

async function world() {
  const company = await makeCompany();
  const [vat, oldVat] = await company.db
    .insert(tenantSchema.taxes)
    .values([
      { label: "VAT 20%", abbreviation: "VAT", rate: 200_000 },
      { label: "Old VAT", abbreviation: "OLD", rate: 196_000, active: false },
    ])
    .returning();
  const [hourly, onsite] = await company.db
    .insert(tenantSchema.productTags)
    .values([{ label: "Hourly" }, { label: "On site" }])
    .returning();
  return { company, token: company.token, vat: vat!, oldVat: oldVat!, hourly: hourly!, onsite: onsite! };
}

async function create(token: string, body: Record<string, unknown>): Promise<Service> {
  const response = await call("POST", "/services", token, body);
  expect(response.status).toBe(201);
  return (await response.json()) as Service;
}

async function list(token: string, query: string): Promise<Page> {
  const response = await call("GET", `/services?${query}`, token);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

describe("/api/v1/services", () => {
  it("creates a service with every field, reads it back, and lists it", async () => {
    const { token, vat, hourly, onsite } = await world();
    const created = await create(token, {
      reference: "SRV-001",
      label: "Installation",
      description: "  On-site installation  ",
      price: "49.99",
      tax_charged: true,
      tax_id: vat.id,
      deposit: true,
      active: true,
      tag_ids: [onsite.id, hourly.id],
      published_to_quickbooks: true,
      published_to_shopify: false,
      published_to_pennylane: true,
    });
    expect(created).toMatchObject({
      reference: "SRV-001",
      label: "Installation",
      description: "On-site installation",
      price: "49.9900",
      tax_charged: true,
      tax_id: vat.id,
      tax: { id: vat.id, label: "VAT 20%" },
      deposit: true,
      active: true,
      tags: [
        { id: hourly.id, label: "Hourly" },
        { id: onsite.id, label: "On site" },
      ],
      published_to_quickbooks: true,
      published_to_shopify: false,
      published_to_pennylane: true,
    });
    const read = await call("GET", `/services/${created.id}`, token);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(created);
    expect((await list(token, "")).items.map((s) => s.id)).toEqual([created.id]);
  });

  it("fills in defaults: price 0, tax charged, active, no deposit, no tags, not published", async () => {
    const { token } = await world();
    expect(await create(token, { reference: "MIN", label: "Minimal", price: 12.5 })).toMatchObject({
      price: "12.5000",
      description: null,
      tax_charged: true,
      tax_id: null,
      deposit: false,
      active: true,
      tag_ids: [],
      published_to_quickbooks: false,
    });
    expect(await create(token, { reference: "ZERO", label: "Free" })).toMatchObject({ price: "0.0000" });
  });

  it("updates only the fields given, replaces the tags, and enables or disables a service", async () => {
    const { token, hourly, onsite } = await world();
    const created = await create(token, { reference: "UPD", label: "Before", price: "10", tag_ids: [hourly.id] });
    let response = await call("PATCH", `/services/${created.id}`, token, { label: "After", tag_ids: [onsite.id] });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ reference: "UPD", label: "After", price: "10.0000", tag_ids: [onsite.id] });

    response = await call("POST", `/services/${created.id}/disable`, token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ active: false });
    response = await call("POST", `/services/${created.id}/enable`, token);
    expect(await response.json()).toMatchObject({ active: true });
  });

  it("deletes a service with its tag links; an unknown or non-numeric id is not found", async () => {
    const { token, company, hourly } = await world();
    const created = await create(token, { reference: "DEL", label: "Gone", tag_ids: [hourly.id] });
    expect((await call("DELETE", `/services/${created.id}?acknowledge=cascade,inventory,irreversible`, token)).status).toBe(204);
    expect((await call("GET", `/services/${created.id}`, token)).status).toBe(404);
    expect(await company.db.select().from(tenantSchema.serviceTagLinks)).toEqual([]);
    // Ids are read as every record's are: an id written with leading zeros names nothing.
    const kept = await create(token, { reference: "KEPT", label: "Kept" });
    for (const path of ["/services/999999", "/services/abc", "/services/1.5", `/services/00${kept.id}`]) {
      const response = await call("GET", path, token);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    }
  });

  it("refuses a reference another service uses, whatever its case, with 409 naming the field", async () => {
    const { token } = await world();
    await create(token, { reference: "DUP-1", label: "First" });
    const other = await create(token, { reference: "DUP-2", label: "Second" });
    let response = await call("POST", "/services", token, { reference: "dup-1", label: "Again" });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: { code: "service_reference_taken", fields: { reference: { code: "service_reference_taken" } } },
    });
    response = await call("PATCH", `/services/${other.id}`, token, { reference: "Dup-1" });
    expect(response.status).toBe(409);
    // A change of case of its own reference is allowed.
    response = await call("PATCH", `/services/${other.id}`, token, { reference: "dup-2" });
    expect(response.status).toBe(200);
  });

  it.each([
    ["a missing reference", { label: "x" }, "reference", "required"],
    ["a blank reference", { reference: "  ", label: "x" }, "reference", "required"],
    ["a reference over 100 characters", { reference: "r".repeat(101), label: "x" }, "reference", "too_long"],
    ["a missing label", { reference: "R" }, "label", "required"],
    ["a negative price", { reference: "R", label: "x", price: "-1" }, "price", "too_small"],
    ["a price that is not a number", { reference: "R", label: "x", price: "ten" }, "price", "invalid_number"],
    ["a price too large", { reference: "R", label: "x", price: "100000000001" }, "price", "too_large"],
    ["a tax charged flag that is not a boolean", { reference: "R", label: "x", tax_charged: "yes" }, "tax_charged", "invalid"],
    ["a tax id that is not a number", { reference: "R", label: "x", tax_id: "abc" }, "tax_id", "unknown_tax"],
    ["tag ids that are not numbers", { reference: "R", label: "x", tag_ids: ["a"] }, "tag_ids.0", "unknown_tag"],
    ["an unknown field", { reference: "R", label: "x", colour: "red" }, "colour", "unknown_field"],
  ])("refuses %s, naming the field", async (_name, body, field, code) => {
    const { token } = await world();
    const response = await call("POST", "/services", token, body);
    expect(response.status).toBe(422);
    const json = (await response.json()) as { error: { code: string; fields: Record<string, { code: string }> } };
    expect(json.error.code).toBe("validation_failed");
    expect(json.error.fields[field]?.code).toBe(code);
  });

  it("refuses a tax that does not exist or is inactive, and a tag that does not exist", async () => {
    const { token, oldVat, hourly } = await world();
    for (const [body, field, code] of [
      [{ tax_id: 99_999 }, "tax_id", "unknown_tax"],
      [{ tax_id: oldVat.id }, "tax_id", "unknown_tax"],
      [{ tag_ids: [hourly.id, 99_999] }, "tag_ids", "unknown_tag"],
    ] as const) {
      const response = await call("POST", "/services", token, { reference: "R", label: "x", ...body });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ error: { fields: { [field]: { code } } } });
    }
    expect((await list(token, "")).items).toEqual([]);
  });

  it("keeps a tax made inactive on a service that already has it", async () => {
    const { token, company, vat } = await world();
    const created = await create(token, { reference: "KEEP", label: "Keeps its tax", tax_id: vat.id });
    await company.db.update(tenantSchema.taxes).set({ active: false });
    const response = await call("PATCH", `/services/${created.id}`, token, { tax_id: vat.id, label: "Renamed" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ tax_id: vat.id, label: "Renamed" });
  });

  it("needs view_services to read and edit_services to write", async () => {
    const { company, token } = await world();
    const created = await create(token, { reference: "PERM", label: "Guarded" });
    const viewer = await addUser(company.companyId, { permissions: ["view_services"] });
    const nobody = await addUser(company.companyId, { permissions: [] });

    expect((await call("GET", "/services", viewer.token)).status).toBe(200);
    expect((await call("GET", `/services/${created.id}`, viewer.token)).status).toBe(200);
    expect((await call("GET", "/services", nobody.token)).status).toBe(403);
    for (const [method, path, body] of [
      ["POST", "/services", { reference: "NEW", label: "New" }],
      ["PATCH", `/services/${created.id}`, { label: "Changed" }],
      ["DELETE", `/services/${created.id}`, undefined],
      ["POST", `/services/${created.id}/disable`, undefined],
    ] as const) {
      const response = await call(method, path, viewer.token, body);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
    }
    expect(await (await call("GET", `/services/${created.id}`, viewer.token)).json()).toMatchObject({ label: "Guarded", active: true });
  });

  describe("list", () => {
    async function catalogue() {
      const w = await world();
      const made = {
        audit: await create(w.token, { reference: "A-10", label: "audit", price: "100", tag_ids: [w.hourly.id], tax_charged: false }),
        backup: await create(w.token, {
          reference: "B-20",
          label: "Backup",
          price: "20.5",
          deposit: true,
          tag_ids: [w.onsite.id, w.hourly.id],
        }),
        cleaning: await create(w.token, { reference: "C-30", label: "Cleaning", price: "5", active: false, tax_id: w.vat.id }),
        design: await create(w.token, { reference: "D-40", label: "Design", price: "75" }),
      };
      return { ...w, made };
    }
    const labels = (page: Page) => page.items.map((s) => s.label);

    it("sorts by label ascending by default, case-insensitively, and by reference, price or created on demand", async () => {
      const { token } = await catalogue();
      expect(labels(await list(token, ""))).toEqual(["audit", "Backup", "Cleaning", "Design"]);
      expect(labels(await list(token, "sort=-price"))).toEqual(["audit", "Design", "Backup", "Cleaning"]);
      expect(labels(await list(token, "sort=-reference"))).toEqual(["Design", "Cleaning", "Backup", "audit"]);
      // Created in this order (the id breaks ties of the same millisecond).
      expect(labels(await list(token, "sort=created"))).toEqual(["audit", "Backup", "Cleaning", "Design"]);
    });

    it("filters on label, reference, flags, tax, tags and price ranges; empty filter values count for nothing", async () => {
      const { token, hourly, onsite, vat } = await catalogue();
      expect(labels(await list(token, "label__Contains=a"))).toEqual(["audit", "Backup", "Cleaning"]);
      expect(labels(await list(token, "reference=b-20"))).toEqual([]);
      expect(labels(await list(token, "reference=B-20"))).toEqual(["Backup"]);
      expect(labels(await list(token, "active=false"))).toEqual(["Cleaning"]);
      expect(labels(await list(token, "deposit=true"))).toEqual(["Backup"]);
      expect(labels(await list(token, "tax_charged=false"))).toEqual(["audit"]);
      expect(labels(await list(token, `tax_id=${vat.id}`))).toEqual(["Cleaning"]);
      expect(labels(await list(token, `tag_id=${hourly.id}`))).toEqual(["audit", "Backup"]);
      expect(labels(await list(token, `tag_id__In=${onsite.id}`))).toEqual(["Backup"]);
      expect(labels(await list(token, "price__Between=10,80"))).toEqual(["Backup", "Design"]);
      expect(labels(await list(token, "price__Gte=75"))).toEqual(["audit", "Design"]);
      expect(labels(await list(token, "price__Lte=5"))).toEqual(["Cleaning"]);
      expect(labels(await list(token, `or=${encodeURIComponent(JSON.stringify([{ tag_id: onsite.id }, { active: false }]))}`))).toEqual([
        "Backup",
        "Cleaning",
      ]);
      expect(labels(await list(token, "label__Contains=&active=&tag_id__In="))).toHaveLength(4);
    });

    it("searches the start of the label or the reference", async () => {
      const { token } = await catalogue();
      expect(labels(await list(token, "search=back"))).toEqual(["Backup"]);
      expect(labels(await list(token, "search=c-3"))).toEqual(["Cleaning"]);
      expect(labels(await list(token, "search=ckup"))).toEqual([]);
    });

    it("pages the rows and counts them when asked", async () => {
      const { token } = await catalogue();
      const first = await list(token, "page_size=3&total_count=true");
      expect(first).toMatchObject({ page: 0, page_size: 3, totalCount: 4 });
      expect(labels(first)).toEqual(["audit", "Backup", "Cleaning"]);
      const second = await list(token, "page_size=3&page=1&total_count=true&label__Contains=a");
      expect(second).toMatchObject({ page: 1, totalCount: 3, items: [] });
      expect(await list(token, "page_size=2&page=1")).not.toHaveProperty("totalCount");
      expect(labels(await list(token, "page_size=-1"))).toHaveLength(4);
    });

    it("answers 422 naming a bad list parameter", async () => {
      const { token } = await catalogue();
      for (const [query, field, code] of [
        ["colour=red", "colour", "unknown_filter"],
        ["sort=description", "sort", "unknown_sort"],
        ["page_size=0", "page_size", "page_size_invalid"],
        ["active__In=true", "active__In", "invalid_operator"],
        ["price__Gte=1.23456", "price__Gte", "too_many_decimals"],
      ] as const) {
        const response = await call("GET", `/services?${query}`, token);
        expect(response.status).toBe(422);
        expect(await response.json()).toMatchObject({ error: { code: "validation_failed", fields: { [field]: { code } } } });
      }
    });
  });
});
