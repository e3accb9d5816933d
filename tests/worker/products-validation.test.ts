import { describe, expect, it } from "vitest";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { addUser } from "../support/factories";
import { call, makeSingle, productWorld, rowCounts, unique, type ProductWorld } from "./products-fixtures";

/** A valid single product; each case below spoils one part of it. */
function single(w: ProductWorld, variant: Record<string, unknown> = {}, product: Record<string, unknown> = {}) {
  return { label: "Tea", kind: "single", ...product, variants: [{ sku: `TEA-${unique()}`, ...variant }] };
}

const price = (w: ProductWorld, amount: unknown, more: Record<string, unknown> = {}) => ({
  price_level_id: w.retail.id,
  currency_id: w.base.id,
  amount,
  ...more,
});

describe("POST /api/v1/products refuses bad input, naming the field, and saves nothing", () => {
  const cases: [string, (w: ProductWorld) => Promise<unknown> | unknown, number, string, string][] = [
    [
      "a fourth attribute",
      (w) => ({
        label: "Shirt",
        kind: "variants",
        attribute_ids: [w.size.id, w.colour.id, w.material.id, w.fit.id],
        variants: [{ sku: `SH-${unique()}`, option_ids: [w.size.options.S, w.colour.options.Red, w.material.options.Cotton] }],
      }),
      422,
      "attribute_ids",
      "too_many_attributes",
    ],
    [
      "a variant without an option for each attribute",
      (w) => ({
        label: "Shirt",
        kind: "variants",
        attribute_ids: [w.size.id, w.colour.id],
        variants: [{ sku: `SH-${unique()}`, option_ids: [w.size.options.S] }],
      }),
      422,
      "variants.0.option_ids",
      "required",
    ],
    [
      "an option of another attribute",
      (w) => ({
        label: "Shirt",
        kind: "variants",
        attribute_ids: [w.size.id],
        variants: [{ sku: `SH-${unique()}`, option_ids: [w.colour.options.Red] }],
      }),
      422,
      "variants.0.option_ids.0",
      "unknown_option",
    ],
    [
      "two variants with the same options",
      (w) => ({
        label: "Shirt",
        kind: "variants",
        attribute_ids: [w.size.id],
        variants: [
          { sku: `SH-${unique()}`, option_ids: [w.size.options.S] },
          { sku: `SH-${unique()}`, option_ids: [w.size.options.S] },
        ],
      }),
      422,
      "variants.1.option_ids",
      "duplicate_variant_options",
    ],
    [
      "more than 250 variants",
      (w) => ({
        label: "Many",
        kind: "variants",
        attribute_ids: [w.size.id],
        variants: Array.from({ length: 251 }, (_, i) => ({ sku: `M-${i}-${unique()}` })),
      }),
      422,
      "variants",
      "too_many_variants",
    ],
    [
      "two variants on a single product",
      (w) => ({ ...single(w), variants: [{ sku: `A-${unique()}` }, { sku: `B-${unique()}` }] }),
      422,
      "variants",
      "single_variant_only",
    ],
    [
      "a sku already used by another product, in another case",
      async (w) => {
        const taken = await makeSingle(w);
        return single(w, { sku: taken.sku.toLowerCase() });
      },
      409,
      "variants.0.sku",
      "duplicate_sku",
    ],
    [
      "the same sku twice in one payload",
      (w) => {
        const sku = `DUP-${unique()}`;
        return {
          label: "Shirt",
          kind: "variants",
          attribute_ids: [w.size.id],
          variants: [
            { sku, option_ids: [w.size.options.S] },
            { sku: sku.toLowerCase(), option_ids: [w.size.options.M] },
          ],
        };
      },
      409,
      "variants.1.sku",
      "duplicate_sku",
    ],
    ["a kit without components", (w) => single(w, {}, { kind: "kit" }), 422, "components", "kit_without_components"],
    [
      "an assembly without components",
      (w) => single(w, {}, { kind: "assembly", components: [] }),
      422,
      "components",
      "assembly_without_components",
    ],
    [
      "components on a single product",
      (w) => single(w, {}, { components: [{ variant_id: 1, quantity: 1 }] }),
      422,
      "components",
      "components_not_allowed",
    ],
    [
      "a component that does not exist",
      (w) => single(w, {}, { kind: "kit", components: [{ variant_id: 987_654, quantity: 1 }] }),
      422,
      "components.0.variant_id",
      "unknown_variant",
    ],
    [
      "a component quantity of zero",
      async (w) => single(w, {}, { kind: "kit", components: [{ variant_id: (await makeSingle(w)).variantId, quantity: "0" }] }),
      422,
      "components.0.quantity",
      "too_small",
    ],
    ["a negative price", (w) => single(w, { prices: [price(w, "-1")] }), 422, "variants.0.prices.0.amount", "too_small"],
    [
      "a price that is not a number",
      (w) => single(w, { prices: [price(w, "12,50 €")] }),
      422,
      "variants.0.prices.0.amount",
      "invalid_number",
    ],
    [
      "two prices for one level and currency",
      (w) => single(w, { prices: [price(w, "1"), price(w, "2")] }),
      422,
      "variants.0.prices.1",
      "duplicate_price",
    ],
    [
      "an unknown currency",
      (w) => single(w, { prices: [price(w, "1", { currency_id: 987_654 })] }),
      422,
      "variants.0.prices.0.currency_id",
      "unknown_currency",
    ],
    [
      "an unknown price level",
      (w) => single(w, { prices: [price(w, "1", { price_level_id: 987_654 })] }),
      422,
      "variants.0.prices.0.price_level_id",
      "unknown_price_level",
    ],
    ["an unknown tax", (w) => single(w, { tax_ids: [987_654] }), 422, "variants.0.tax_ids.0", "unknown_tax"],
    ["an inactive tax", (w) => single(w, { tax_ids: [w.oldTax.id] }), 422, "variants.0.tax_ids.0", "unknown_tax"],
    ["an unknown brand", (w) => single(w, {}, { brand_id: 987_654 }), 422, "brand_id", "unknown_brand"],
    ["an unknown season", (w) => single(w, {}, { season_id: 987_654 }), 422, "season_id", "unknown_season"],
    ["an unknown tag", (w) => single(w, {}, { tag_ids: [w.tags[0]!.id, 987_654] }), 422, "tag_ids.1", "unknown_tag"],
    [
      "an unknown attribute",
      (w) => ({
        label: "Shirt",
        kind: "variants",
        attribute_ids: [987_654],
        variants: [{ sku: `SH-${unique()}`, option_ids: [w.size.options.S] }],
      }),
      422,
      "attribute_ids.0",
      "unknown_attribute",
    ],
    [
      "a weight unit other than kg, lb or oz",
      (w) => single(w, { weight_amount: "100", weight_unit: "g" }),
      422,
      "variants.0.weight_unit",
      "invalid_weight_unit",
    ],
    ["a negative weight", (w) => single(w, { weight_amount: -1 }), 422, "variants.0.weight_amount", "too_small"],
    [
      "a pack quantity below zero",
      (w) => single(w, { packs: [{ label: "Six", quantity: "-6" }] }),
      422,
      "variants.0.packs.0.quantity",
      "too_small",
    ],
    [
      "a pack quantity that is not a number",
      (w) => single(w, { packs: [{ label: "Six", quantity: "six" }] }),
      422,
      "variants.0.packs.0.quantity",
      "invalid_number",
    ],
    [
      "a negative pack price",
      (w) => single(w, { packs: [{ label: "Six", quantity: 6, prices: [price(w, -5)] }] }),
      422,
      "variants.0.packs.0.prices.0.amount",
      "too_small",
    ],
    ["a negative minimum quantity", (w) => single(w, { minimum_quantity: "-0.5" }), 422, "variants.0.minimum_quantity", "too_small"],
    ["a kit discount above 100 %", (w) => single(w, {}, { kit_discount_rate: "100.5" }), 422, "kit_discount_rate", "too_large"],
    ["a country that is not ISO-2", (w) => single(w, {}, { country_of_origin: "France" }), 422, "country_of_origin", "invalid_country"],
    ["an unknown kind", (w) => single(w, {}, { kind: "service" }), 422, "kind", "invalid"],
    ["a missing sku", () => ({ label: "Tea", variants: [{ sku: " " }] }), 422, "variants.0.sku", "required"],
    ["a missing label", (w) => single(w, {}, { label: "" }), 422, "label", "required"],
    ["no variant at all", () => ({ label: "Tea", variants: [] }), 422, "variants", "required"],
    ["an unknown field", (w) => single(w, {}, { colour: "red" }), 422, "colour", "unknown_field"],
    ["an unknown field of a variant", (w) => single(w, { colour: "red" }), 422, "variants.0.colour", "unknown_field"],
  ];

  it.each(cases)("%s", async (_name, make, status, field, code) => {
    const w = await productWorld();
    const body = await make(w);
    const before = await rowCounts(w.db);
    const response = await call("POST", "/products", w.token, body);
    expect(response.status).toBe(status);
    expect(response.body.error.fields?.[field], JSON.stringify(response.body)).toMatchObject({ code });
    expect(await rowCounts(w.db)).toEqual(before);
  });
});

describe("changes to a product that are refused", () => {
  it("never turns batch tracking off once on", async () => {
    const w = await productWorld();
    const created = await call("POST", "/products", w.token, { label: "Honey", kind: "batches", variants: [{ sku: `H-${unique()}` }] });
    const response = await call("PATCH", `/products/${created.body.id}`, w.token, { batch_tracked: false, label: "Renamed" });
    expect(response.status).toBe(422);
    expect(response.body.error.fields.batch_tracked.code).toBe("batch_tracking_irreversible");
    expect((await call("GET", `/products/${created.body.id}`, w.token)).body).toMatchObject({ label: "Honey", batch_tracked: true });
  });

  it("keeps the attributes while variants use their options, and refuses a fourth", async () => {
    const w = await productWorld();
    const created = await call("POST", "/products", w.token, {
      label: "Shirt",
      kind: "variants",
      attribute_ids: [w.size.id],
      variants: [{ sku: `SH-${unique()}`, option_ids: [w.size.options.S] }],
    });
    const inUse = await call("PATCH", `/products/${created.body.id}`, w.token, { attribute_ids: [w.size.id, w.colour.id] });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toMatchObject({ code: "in_use", fields: { attribute_ids: { code: "in_use" } } });
    const four = await call("PATCH", `/products/${created.body.id}`, w.token, {
      attribute_ids: [w.size.id, w.colour.id, w.material.id, w.fit.id],
    });
    expect(four.status).toBe(422);
    expect(four.body.error.fields.attribute_ids.code).toBe("too_many_attributes");
    // Giving the same attributes again changes nothing and is accepted.
    expect((await call("PATCH", `/products/${created.body.id}`, w.token, { attribute_ids: [w.size.id] })).status).toBe(200);
  });

  it("refuses a variant sku taken by another, and bad values on a variant, saving nothing", async () => {
    const w = await productWorld();
    const a = await makeSingle(w);
    const b = await makeSingle(w);
    const before = await rowCounts(w.db);
    const taken = await call("PATCH", `/products/${b.id}/variants/${b.variantId}`, w.token, { sku: a.sku.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: "duplicate_sku", fields: { sku: { code: "duplicate_sku" } } });
    const unit = await call("PATCH", `/products/${b.id}/variants/${b.variantId}`, w.token, { weight_unit: "stone" });
    expect(unit.body.error.fields.weight_unit.code).toBe("invalid_weight_unit");
    const prices = await call("PUT", `/products/${b.id}/variants/${b.variantId}/prices`, w.token, { prices: [price(w, "abc")] });
    expect(prices.status).toBe(422);
    expect(prices.body.error.fields["prices.0.amount"].code).toBe("invalid_number");
    const currency = await call("PUT", `/products/${b.id}/variants/${b.variantId}/prices`, w.token, {
      prices: [price(w, "1", { currency_id: 987_654 })],
    });
    expect(currency.body.error.fields["prices.0.currency_id"].code).toBe("unknown_currency");
    // Its own sku, in another case, is no conflict.
    expect((await call("PATCH", `/products/${b.id}/variants/${b.variantId}`, w.token, { sku: b.sku.toLowerCase() })).status).toBe(200);
    expect(await rowCounts(w.db)).toEqual(before);
  });
});

describe("permissions on products", () => {
  it("lets a user with view_products read but not write (403), and one without it do neither", async () => {
    const w = await productWorld();
    const p = await makeSingle(w);
    const viewer = await addUser(w.company.companyId, { permissions: ["view_products"] });
    const nobody = await addUser(w.company.companyId, { permissions: ["edit_customers"] });
    expect((await call("GET", `/products/${p.id}`, viewer.token)).status).toBe(200);
    expect((await call("GET", "/products", viewer.token)).status).toBe(200);
    const before = await rowCounts(w.db);
    for (const [method, path, body] of [
      ["POST", "/products", single(w)],
      ["PATCH", `/products/${p.id}`, { label: "x" }],
      ["DELETE", `/products/${p.id}`, undefined],
      ["POST", `/products/${p.id}/disable`, {}],
      ["PUT", `/products/${p.id}/variants/${p.variantId}/prices`, { prices: [] }],
    ] as const) {
      const response = await call(method, path, viewer.token, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error.code).toBe("forbidden");
    }
    expect(await rowCounts(w.db)).toEqual(before);
    expect((await call("GET", `/products/${p.id}`, nobody.token)).status).toBe(403);
    expect((await call("GET", "/products", nobody.token)).status).toBe(403);
  });

  it("needs the edit permission of a price level's type to give prices or costs", async () => {
    const w = await productWorld();
    const seller = await addUser(w.company.companyId, {
      permissions: ["view_products", "edit_products", "view_products_selling_info", "edit_products_selling_info"],
    });
    const before = await rowCounts(w.db);
    const purchase = await call(
      "POST",
      "/products",
      seller.token,
      single(w, { prices: [price(w, "2", { price_level_id: w.purchase.id })] }),
    );
    expect(purchase.status).toBe(403);
    const cost = await call("POST", "/products", seller.token, single(w, { initial_cost: "2" }));
    expect(cost.status).toBe(403);
    expect(await rowCounts(w.db)).toEqual(before);
    const selling = await call("POST", "/products", seller.token, single(w, { prices: [price(w, "5")] }));
    expect(selling.status).toBe(201);
    // Without the purchasing permission, costs are not shown.
    expect(selling.body.variants[0]).not.toHaveProperty("initial_cost");
    expect(selling.body.variants[0].prices).toHaveLength(1);
  });

  it("gives an administrator everything", async () => {
    const w = await productWorld();
    const admin = await addUser(w.company.companyId, { permissions: ADMINISTRATOR_PERMISSIONS });
    expect((await call("POST", "/products", admin.token, single(w, { initial_cost: "1", prices: [price(w, "2")] }))).status).toBe(201);
  });
});
