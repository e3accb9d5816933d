import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { addUser, makeCompany } from "../support/factories";
import { callApiJson as call } from "../support/fetch-app";

const { products, variants, productAttributes, productTagLinks } = tenantSchema;

type Company = Awaited<ReturnType<typeof makeCompany>>;

interface Option {
  id: number;
  label: string;
  position: number;
}
interface Attribute {
  id: number;
  label: string;
  options: Option[];
}

let company: Company;
let token: string;
let n = 0;
const unique = (base: string) => `${base} ${Date.now().toString(36)}${n++}`;

beforeAll(async () => {
  company = await makeCompany();
  token = company.token;
});

async function newProduct(values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await company.db
    .insert(products)
    .values({ label: unique("Product"), ...values })
    .returning();
  return row!;
}

async function createAttribute(label: string, options: string[]): Promise<Attribute> {
  const { status, body } = await call("POST", "/attributes", token, { label, options });
  expect(status).toBe(201);
  return body as unknown as Attribute;
}

describe("/api/v1/attributes", () => {
  it("creates an attribute with its options in the order given and reads it back", async () => {
    const label = unique("Size");
    const created = await createAttribute(label, ["S", " M ", "L"]);
    expect(created).toMatchObject({
      label,
      options: [
        { label: "S", position: 1 },
        { label: "M", position: 2 },
        { label: "L", position: 3 },
      ],
    });
    expect(created.options.every((o) => Number.isInteger(o.id))).toBe(true);

    const read = await call("GET", `/attributes/${created.id}`, token);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: created.id, label, options: created.options });
  });

  it("lists attributes with their options through the list query engine", async () => {
    const tag = Date.now().toString(36);
    const a = await createAttribute(`Colour ${tag} a`, ["Red", "Blue"]);
    const b = await createAttribute(`colour ${tag} B`, ["Green"]);

    const { status, body } = await call("GET", `/attributes?label__Contains=${tag}&sort=-label&total_count=true`, token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 0, page_size: 50, totalCount: 2 });
    const items = body.items as Attribute[];
    expect(items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(items[1]!.options.map((o) => o.label)).toEqual(["Red", "Blue"]);

    const paged = await call("GET", `/attributes?label__Contains=${tag}&page_size=1&page=1`, token);
    expect((paged.body.items as Attribute[]).map((i) => i.id)).toEqual([b.id]);
  });

  it("names the list parameter at fault", async () => {
    const { status, body } = await call("GET", "/attributes?colour=red&sort=weight", token);
    expect(status).toBe(422);
    expect(body.error?.fields).toMatchObject({ colour: { code: "unknown_filter" }, sort: { code: "unknown_sort" } });
  });

  it.each([
    ["a missing label", { options: ["S"] }, "label", "required"],
    ["a blank label", { label: "  ", options: ["S"] }, "label", "required"],
    ["a label over 100 characters", { label: "x".repeat(101), options: ["S"] }, "label", "too_long"],
    ["no options", { label: "No options" }, "options", "required"],
    ["an empty list of options", { label: "Empty options", options: [] }, "options", "required"],
    ["a blank option", { label: "Blank option", options: ["S", " "] }, "options.1", "required"],
    ["an option over 100 characters", { label: "Long option", options: ["y".repeat(101)] }, "options.0", "too_long"],
    ["the same option twice, case aside", { label: "Twice", options: ["S", "M", "s"] }, "options.2", "duplicate_option"],
    ["an option that is not text", { label: "Number option", options: [12] }, "options.0", "invalid"],
    ["an unknown field", { label: "Extra", options: ["S"], colour: "red" }, "colour", "unknown_field"],
  ])("refuses %s, naming the field", async (_name, body, field, code) => {
    const response = await call("POST", "/attributes", token, body);
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: "validation_failed", fields: { [field]: { code } } });
  });

  it("refuses a label another attribute has, case aside, with 409 attribute_label_taken", async () => {
    const label = unique("Material");
    await createAttribute(label, ["Wool"]);
    const response = await call("POST", "/attributes", token, { label: label.toUpperCase(), options: ["Cotton"] });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: "attribute_label_taken", fields: { label: { code: "attribute_label_taken" } } });

    const own = await call("PATCH", `/attributes/${(await createAttribute(unique("Pattern"), ["Plain"])).id}`, token, {
      label: "PATTERN recased",
    });
    expect(own.status).toBe(200);

    const other = await createAttribute(unique("Fabric"), ["Linen"]);
    const renamed = await call("PATCH", `/attributes/${other.id}`, token, { label: label.toLowerCase() });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error?.code).toBe("attribute_label_taken");
  });

  it("replaces the options with the list given: renames and moves kept ones, adds new ones, removes missing ones", async () => {
    const created = await createAttribute(unique("Size"), ["S", "M", "L", "XL"]);
    const [s, m, l] = created.options;
    const label = unique("Sizes");
    const { status, body } = await call("PATCH", `/attributes/${created.id}`, token, {
      label,
      // S and M swap their labels; L moves first; XL goes; XXL is new.
      options: [{ id: l!.id, label: "Large" }, { id: s!.id, label: "M" }, { id: m!.id, label: "S" }, { label: "XXL" }],
    });
    expect(status).toBe(200);
    const updated = body as unknown as Attribute;
    expect(updated.label).toBe(label);
    expect(updated.options.map((o) => [o.label, o.position])).toEqual([
      ["Large", 1],
      ["M", 2],
      ["S", 3],
      ["XXL", 4],
    ]);
    expect(updated.options.slice(0, 3).map((o) => o.id)).toEqual([l!.id, s!.id, m!.id]);
    expect(updated.options[3]!.id).not.toBe(created.options[3]!.id);
  });

  it("accepts a new option that takes the label of one removed in the same change", async () => {
    const created = await createAttribute(unique("Fit"), ["Slim", "Regular"]);
    const response = await call("PATCH", `/attributes/${created.id}`, token, {
      options: [{ id: created.options[1]!.id, label: "Regular" }, "slim"],
    });
    expect(response.status).toBe(200);
    expect((response.body as unknown as Attribute).options.map((o) => o.label)).toEqual(["Regular", "slim"]);
  });

  it("refuses option ids that are not this attribute's, and the same id twice", async () => {
    const mine = await createAttribute(unique("Length"), ["Short", "Long"]);
    const other = await createAttribute(unique("Width"), ["Narrow"]);
    const foreign = await call("PATCH", `/attributes/${mine.id}`, token, {
      options: [
        { id: mine.options[0]!.id, label: "Short" },
        { id: other.options[0]!.id, label: "Narrow" },
      ],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error?.fields).toMatchObject({ "options.1.id": { code: "unknown_option" } });

    const twice = await call("PATCH", `/attributes/${mine.id}`, token, {
      options: [
        { id: mine.options[0]!.id, label: "Short" },
        { id: mine.options[0]!.id, label: "Shorter" },
      ],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.error?.fields).toMatchObject({ "options.1.id": { code: "duplicate_option" } });

    const dup = await call("PATCH", `/attributes/${mine.id}`, token, {
      options: [
        { id: mine.options[0]!.id, label: "Long" },
        { id: mine.options[1]!.id, label: "long" },
      ],
    });
    expect(dup.status).toBe(422);
    expect(dup.body.error?.fields).toMatchObject({ "options.1": { code: "duplicate_option" } });

    const blank = await call("PATCH", `/attributes/${mine.id}`, token, { options: [{ id: mine.options[0]!.id, label: "" }] });
    expect(blank.status).toBe(422);
    expect(blank.body.error?.fields).toMatchObject({ "options.0": { code: "required" } });

    const none = await call("PATCH", `/attributes/${mine.id}`, token, { options: [] });
    expect(none.status).toBe(422);
    expect(none.body.error?.fields).toMatchObject({ options: { code: "required" } });
  });

  it("refuses to remove an option a variant uses (409 in_use naming options) and changes nothing", async () => {
    const created = await createAttribute(unique("Colour"), ["Black", "White"]);
    const product = await newProduct({ kind: "variants" });
    await company.db
      .insert(variants)
      .values({ productId: product.id, label: "Black", sku: unique("SKU"), option2Id: created.options[0]!.id });

    const label = unique("Renamed");
    const response = await call("PATCH", `/attributes/${created.id}`, token, {
      label,
      options: [{ id: created.options[1]!.id, label: "White" }],
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: "in_use", fields: { options: { code: "option_in_use" } } });
    expect(response.body.error?.fields?.options?.message).toContain("Black");

    const after = await call("GET", `/attributes/${created.id}`, token);
    expect(after.body).toMatchObject({ label: created.label, options: created.options });

    // Renaming the used option is fine.
    const renamed = await call("PATCH", `/attributes/${created.id}`, token, {
      options: [
        { id: created.options[0]!.id, label: "Jet black" },
        { id: created.options[1]!.id, label: "White" },
      ],
    });
    expect(renamed.status).toBe(200);
  });

  it("deletes an unused attribute with its options", async () => {
    const created = await createAttribute(unique("Scent"), ["Lavender", "Rose"]);
    const response = await call("DELETE", `/attributes/${created.id}`, token);
    expect(response.status).toBe(204);
    expect((await call("GET", `/attributes/${created.id}`, token)).status).toBe(404);
    const options = await company.db
      .select()
      .from(tenantSchema.attributeOptions)
      .where(eq(tenantSchema.attributeOptions.attributeId, created.id));
    expect(options).toEqual([]);
  });

  it("refuses to delete an attribute a product uses, or whose option a variant uses, with 409 in_use", async () => {
    const byProduct = await createAttribute(unique("Shape"), ["Round"]);
    const product = await newProduct({ kind: "variants" });
    await company.db.insert(productAttributes).values({ productId: product.id, attributeId: byProduct.id, position: 1 });
    const first = await call("DELETE", `/attributes/${byProduct.id}`, token);
    expect(first.status).toBe(409);
    expect(first.body.error?.code).toBe("in_use");

    const byVariant = await createAttribute(unique("Finish"), ["Matt", "Gloss"]);
    await company.db
      .insert(variants)
      .values({ productId: product.id, label: "Gloss", sku: unique("SKU"), option3Id: byVariant.options[1]!.id });
    const second = await call("DELETE", `/attributes/${byVariant.id}`, token);
    expect(second.status).toBe(409);
    expect((await call("GET", `/attributes/${byVariant.id}`, token)).status).toBe(200);
  });

  it("answers 404 for an unknown or non-numeric id", async () => {
    expect((await call("GET", "/attributes/999999999", token)).status).toBe(404);
    expect((await call("GET", "/attributes/abc", token)).status).toBe(404);
    expect((await call("PATCH", "/attributes/1.5", token, { label: "x" })).status).toBe(404);
    expect((await call("DELETE", "/attributes/999999999", token)).status).toBe(404);
  });
});

describe("/api/v1/brands", () => {
  it("creates an active brand, disables and enables it, and filters the list on active", async () => {
    const label = unique("Maison");
    const created = await call("POST", "/brands", token, { label });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ label, active: true });
    const id = created.body.id as number;

    const disabled = await call("POST", `/brands/${id}/disable`, token);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ id, active: false });
    const inactive = await call("GET", `/brands?active=false&label__Contains=${encodeURIComponent(label)}`, token);
    expect((inactive.body.items as { id: number }[]).map((b) => b.id)).toEqual([id]);
    const active = await call("GET", `/brands?active=true&label__Contains=${encodeURIComponent(label)}`, token);
    expect(active.body.items).toEqual([]);

    const enabled = await call("POST", `/brands/${id}/enable`, token);
    expect(enabled.body).toMatchObject({ id, active: true });

    const patched = await call("PATCH", `/brands/${id}`, token, { label: `${label} bis`, active: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ label: `${label} bis`, active: false });
    expect((await call("GET", `/brands/${id}`, token)).body).toMatchObject({ label: `${label} bis`, active: false });
  });

  it.each([
    ["a missing label", {}, "label", "required"],
    ["a label over 100 characters", { label: "b".repeat(101) }, "label", "too_long"],
    ["an active flag that is not a boolean", { label: "Flag", active: "yes" }, "active", "invalid"],
  ])("refuses %s, naming the field", async (_name, body, field, code) => {
    const response = await call("POST", "/brands", token, body);
    expect(response.status).toBe(422);
    expect(response.body.error?.fields).toMatchObject({ [field]: { code } });
  });

  it("refuses a label another brand has, case aside, with 409 brand_label_taken", async () => {
    const label = unique("Nordique");
    await call("POST", "/brands", token, { label });
    const response = await call("POST", "/brands", token, { label: label.toLowerCase() });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: "brand_label_taken", fields: { label: { code: "brand_label_taken" } } });
  });

  it("deletes an unused brand and refuses one a product uses with 409 in_use", async () => {
    const unused = await call("POST", "/brands", token, { label: unique("Unused") });
    expect((await call("DELETE", `/brands/${unused.body.id}`, token)).status).toBe(204);
    expect((await call("GET", `/brands/${unused.body.id}`, token)).status).toBe(404);

    const used = await call("POST", "/brands", token, { label: unique("Used") });
    await newProduct({ brandId: used.body.id as number });
    const response = await call("DELETE", `/brands/${used.body.id}`, token);
    expect(response.status).toBe(409);
    expect(response.body.error?.code).toBe("in_use");
    expect((await call("GET", `/brands/${used.body.id}`, token)).status).toBe(200);
  });
});

describe("/api/v1/product-tags", () => {
  it("creates, renames and lists tags", async () => {
    const label = unique("Bio");
    const created = await call("POST", "/product-tags", token, { label });
    expect(created.status).toBe(201);
    const renamed = await call("PATCH", `/product-tags/${created.body.id}`, token, { label: `${label} certified` });
    expect(renamed.body).toMatchObject({ id: created.body.id, label: `${label} certified` });
    const list = await call("GET", `/product-tags?label__Contains=${encodeURIComponent(label)}`, token);
    expect(list.body.items).toMatchObject([{ id: created.body.id, label: `${label} certified` }]);
  });

  it("refuses a blank label and a taken one", async () => {
    const blank = await call("POST", "/product-tags", token, { label: "" });
    expect(blank.status).toBe(422);
    expect(blank.body.error?.fields).toMatchObject({ label: { code: "required" } });
    const label = unique("Promo");
    await call("POST", "/product-tags", token, { label });
    const taken = await call("POST", "/product-tags", token, { label: label.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: "tag_label_taken", fields: { label: { code: "tag_label_taken" } } });
  });

  it("deletes a tag even when products carry it: they lose it", async () => {
    const tag = await call("POST", "/product-tags", token, { label: unique("Old") });
    const product = await newProduct();
    await company.db.insert(productTagLinks).values({ productId: product.id, tagId: tag.body.id as number });
    expect((await call("DELETE", `/product-tags/${tag.body.id}`, token)).status).toBe(204);
    expect(await company.db.select().from(productTagLinks).where(eq(productTagLinks.productId, product.id))).toEqual([]);
  });
});

describe("/api/v1/seasons", () => {
  it("creates, renames, refuses a taken label and deletes an unused season", async () => {
    const label = unique("Spring");
    const created = await call("POST", "/seasons", token, { label });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ label });
    const taken = await call("POST", "/seasons", token, { label: label.toLowerCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: "season_label_taken", fields: { label: { code: "season_label_taken" } } });
    const tooLong = await call("PATCH", `/seasons/${created.body.id}`, token, { label: "s".repeat(101) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error?.fields).toMatchObject({ label: { code: "too_long" } });
    expect((await call("DELETE", `/seasons/${created.body.id}`, token)).status).toBe(204);
  });

  it("refuses to delete a season a product uses with 409 in_use", async () => {
    const season = await call("POST", "/seasons", token, { label: unique("Winter") });
    await newProduct({ seasonId: season.body.id as number });
    const response = await call("DELETE", `/seasons/${season.body.id}`, token);
    expect(response.status).toBe(409);
    expect(response.body.error?.code).toBe("in_use");
  });
});

describe("products settings permissions", () => {
  it("lets view_products read but not write, and refuses reads without view_products", async () => {
    const viewer = await addUser(company.companyId, { permissions: ["view_products"] });
    const stranger = await addUser(company.companyId, { permissions: ["edit_products"] });
    const attribute = await createAttribute(unique("Perm"), ["A"]);
    for (const path of ["/attributes", "/brands", "/product-tags", "/seasons"]) {
      expect((await call("GET", path, viewer.token)).status).toBe(200);
      const write = await call("POST", path, viewer.token, { label: unique("Nope"), options: ["A"] });
      expect(write.status).toBe(403);
      expect(write.body.error?.code).toBe("forbidden");
      expect((await call("GET", path, stranger.token)).status).toBe(403);
    }
    expect((await call("GET", `/attributes/${attribute.id}`, stranger.token)).status).toBe(403);
    expect((await call("DELETE", `/attributes/${attribute.id}`, viewer.token)).status).toBe(403);
    expect((await call("PATCH", `/attributes/${attribute.id}`, viewer.token, { label: "x" })).status).toBe(403);
  });
});
