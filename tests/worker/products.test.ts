import { tenantSchema } from "../../db/client";
import { describe, expect, it } from "vitest";
import { call, makeSingle, productWorld, unique } from "./products-fixtures";

describe("/api/v1/products: every kind", () => {
  it("creates a T-shirt with size × colour variants and reads it back with options, labels, taxes and prices", async () => {
    const w = await productWorld();
    const u = unique();
    const combos = ["S", "M", "L"].flatMap((s) => ["Red", "Blue"].map((c) => [s, c] as const));
    const body = {
      label: "T-shirt",
      kind: "variants",
      description: "Organic cotton",
      country_of_origin: "fr",
      hs_code: "6109100010",
      accounting_family: "Textile",
      brand_id: w.brand.id,
      season_id: w.season.id,
      tag_ids: w.tags.map((x) => x.id),
      b2b_published: true,
      attribute_ids: [w.size.id, w.colour.id],
      variants: combos.map(([s, c], i) => ({
        sku: `TS-${u}-${s}-${c}`,
        option_ids: [w.size.options[s], w.colour.options[c]],
        weight_amount: "0.18",
        weight_unit: "kg",
        tax_ids: [w.vat.id],
        initial_cost: "6.2",
        prices: [
          { price_level_id: w.retail.id, currency_id: w.base.id, amount: "19.9" },
          { price_level_id: w.retail.id, currency_id: w.usd.id, amount: 21.49 },
          { price_level_id: w.wholesale.id, currency_id: w.base.id, amount: "12" },
          { price_level_id: w.purchase.id, currency_id: w.base.id, amount: "6.2" },
        ],
        ...(i === 0
          ? {
              packs: [
                { label: "Pack of 6", quantity: "6", prices: [{ price_level_id: w.retail.id, currency_id: w.base.id, amount: "99" }] },
              ],
            }
          : {}),
      })),
    };
    const created = await call("POST", "/products", w.token, body);
    expect(created.status).toBe(201);
    const product = created.body;
    expect(product).toMatchObject({
      label: "T-shirt",
      kind: "variants",
      active: true,
      country_of_origin: "FR",
      hs_code: "6109100010",
      brand: { id: w.brand.id, label: w.brand.label },
      season: { id: w.season.id, label: w.season.label },
      attribute_ids: [w.size.id, w.colour.id],
      variants_count: 6,
      sku: `TS-${u}-S-Red`,
      batch_tracked: false,
    });
    expect(product.tags.map((x: { id: number }) => x.id).sort()).toEqual(w.tags.map((x) => x.id).sort());
    expect(product.variants.map((v: { label: string }) => v.label)).toEqual(combos.map(([s, c]) => `T-shirt ${s} / ${c}`));
    const first = product.variants[0];
    expect(first).toMatchObject({
      sku: `TS-${u}-S-Red`,
      is_kit: false,
      option_ids: [w.size.options.S, w.colour.options.Red],
      options: [
        { id: w.size.options.S, label: "S", attribute_id: w.size.id },
        { id: w.colour.options.Red, label: "Red", attribute_id: w.colour.id },
      ],
      weight_amount: "0.1800",
      weight_unit: "kg",
      weight_grams: "180.00000",
      tax_ids: [w.vat.id],
      initial_cost: "6.2000",
      moving_average_cost: "6.2000",
    });
    expect(
      first.prices.map((p: { price_level_id: number; currency_iso: string; amount: string }) => [
        p.price_level_id,
        p.currency_iso,
        p.amount,
      ]),
    ).toEqual([
      [w.retail.id, w.base.iso, "19.9000"],
      [w.retail.id, "USD", "21.4900"],
      [w.wholesale.id, w.base.iso, "12.0000"],
      [w.purchase.id, w.base.iso, "6.2000"],
    ]);
    expect(first.packs).toEqual([
      expect.objectContaining({
        label: "Pack of 6",
        quantity: "6.0000000",
        active: true,
        prices: [expect.objectContaining({ amount: "99.0000", price_level_id: w.retail.id })],
      }),
    ]);

    const read = await call("GET", `/products/${product.id}`, w.token);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(product);
  });

  it("creates a kit of two products with a discount: it weighs nothing and lists its components' labels and skus", async () => {
    const w = await productWorld();
    const a = await makeSingle(w, { label: "Olive oil" });
    const b = await makeSingle(w, { label: "Honey" });
    const sku = `KIT-${unique()}`;
    const created = await call("POST", "/products", w.token, {
      label: "Gift box",
      kind: "kit",
      kit_discount_rate: "10",
      components: [
        { variant_id: a.variantId, quantity: 1 },
        { variant_id: b.variantId, quantity: "2" },
      ],
      variants: [{ sku, weight_amount: "5", weight_unit: "kg" }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: "kit", kit_discount_rate: "10.0000", sku, variants_count: 1 });
    const kit = created.body.variants[0];
    expect(kit).toMatchObject({
      label: "Gift box",
      is_kit: true,
      track_inventory: false,
      weight_amount: "0.0000",
      weight_grams: "0.00000",
    });
    expect(kit.components).toEqual([
      expect.objectContaining({ variant_id: a.variantId, product_id: a.id, label: "Olive oil", sku: a.sku, quantity: "1.0000000" }),
      expect.objectContaining({ variant_id: b.variantId, product_id: b.id, label: "Honey", sku: b.sku, quantity: "2.0000000" }),
    ]);
  });

  it("creates an assembly, a packaging and products with batches, each with its one variant", async () => {
    const w = await productWorld();
    const part = await makeSingle(w);
    const assembly = await call("POST", "/products", w.token, {
      label: "Basket",
      kind: "assembly",
      components: [{ variant_id: part.variantId, quantity: "3" }],
      variants: [{ sku: `ASM-${unique()}` }],
    });
    expect(assembly.status).toBe(201);
    expect(assembly.body.kind).toBe("assembly");
    expect(assembly.body.variants[0]).toMatchObject({
      is_assembly: true,
      is_kit: false,
      components: [expect.objectContaining({ quantity: "3.0000000" })],
    });

    const box = await call("POST", "/products", w.token, {
      label: "Carton",
      kind: "packaging",
      variants: [{ sku: `BOX-${unique()}`, weight_amount: "8", weight_unit: "oz" }],
    });
    expect(box.status).toBe(201);
    expect(box.body.variants[0]).toMatchObject({ is_packaging: true, weight_grams: "226.79616" });

    const honey = await call("POST", "/products", w.token, {
      label: "Honey (batches)",
      kind: "batches",
      variants: [{ sku: `HON-${unique()}`, weight_amount: "1", weight_unit: "lb" }],
    });
    expect(honey.status).toBe(201);
    expect(honey.body).toMatchObject({ kind: "batches", batch_tracked: true });
    expect(honey.body.variants[0]).toMatchObject({ batch_tracked: true, weight_grams: "453.59237" });

    // A single product that tracks batches is stored as a product with batches.
    const jam = await call("POST", "/products", w.token, { label: "Jam", batch_tracked: true, variants: [{ sku: `JAM-${unique()}` }] });
    expect(jam.body).toMatchObject({ kind: "batches", batch_tracked: true });
  });

  it("names the one variant after the product and keeps every variant field", async () => {
    const w = await productWorld();
    const sku = `ALL-${unique()}`;
    const [supplier] = await w.db
      .insert(tenantSchema.suppliers)
      .values({ name: `Roaster ${sku}` })
      .returning();
    const created = await call("POST", "/products", w.token, {
      label: "Coffee",
      variants: [
        {
          sku,
          barcode: "3700000000001",
          active: false,
          track_inventory: false,
          supplier_id: supplier!.id,
          supplier_sku: "SUP-1",
          supplier_description: "Ground coffee 250 g",
          weight_amount: "0.25",
          ecotax: "0.015",
          taxable: false,
          minimum_quantity: "2.5",
          default_component_discount: "5",
          recommended_price: "7.99",
          initial_cost: "2.12345",
          b2b_published: true,
          published_to_quickbooks: true,
          published_to_shopify: true,
          published_to_pennylane: true,
          published_to_sellsy: true,
        },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.variants[0]).toMatchObject({
      label: "Coffee",
      sku,
      barcode: "3700000000001",
      active: false,
      track_inventory: false,
      supplier_id: supplier!.id,
      supplier_sku: "SUP-1",
      supplier_description: "Ground coffee 250 g",
      weight_grams: "250.00000",
      ecotax: "0.0150",
      taxable: false,
      minimum_quantity: "2.5000000",
      default_component_discount: "5.0000",
      recommended_price: "7.9900",
      initial_cost: "2.1235",
      moving_average_cost: "2.1235",
      b2b_published: true,
      published_to_quickbooks: true,
      published_to_shopify: true,
      published_to_pennylane: true,
      published_to_sellsy: true,
    });
  });
});

describe("/api/v1/products/{id}: changes", () => {
  it("updates a product's fields and tags, and turns batch tracking on for it and its variants", async () => {
    const w = await productWorld();
    const p = await makeSingle(w, { tag_ids: [w.tags[0]!.id] });
    const updated = await call("PATCH", `/products/${p.id}`, w.token, {
      label: "Renamed",
      description: "Now with a description",
      brand_id: w.brand.id,
      tag_ids: [w.tags[1]!.id],
      batch_tracked: true,
      b2b_published: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      label: "Renamed",
      description: "Now with a description",
      brand: { id: w.brand.id },
      tag_ids: [w.tags[1]!.id],
      kind: "batches",
      batch_tracked: true,
      b2b_published: true,
    });
    expect(updated.body.variants[0].batch_tracked).toBe(true);
    const cleared = await call("PATCH", `/products/${p.id}`, w.token, { brand_id: null, tag_ids: [] });
    expect(cleared.body).toMatchObject({ brand: null, brand_id: null, tags: [] });
  });

  it("enables and disables a product and a variant", async () => {
    const w = await productWorld();
    const p = await makeSingle(w);
    expect((await call("POST", `/products/${p.id}/disable`, w.token, {})).body.active).toBe(false);
    expect((await call("POST", `/products/${p.id}/enable`, w.token, {})).body.active).toBe(true);
    expect((await call("POST", `/products/${p.id}/variants/${p.variantId}/disable`, w.token, {})).body.active).toBe(false);
    expect((await call("GET", `/products/${p.id}`, w.token)).body.variants[0].active).toBe(false);
  });

  it("adds, updates and deletes variants, but never the last one nor one used as a component", async () => {
    const w = await productWorld();
    const u = unique();
    const created = await call("POST", "/products", w.token, {
      label: "Sweat",
      kind: "variants",
      attribute_ids: [w.size.id],
      variants: [{ sku: `SW-${u}-S`, option_ids: [w.size.options.S] }],
    });
    const id = created.body.id;
    const added = await call("POST", `/products/${id}/variants`, w.token, {
      sku: `SW-${u}-M`,
      option_ids: [w.size.options.M],
      tax_ids: [w.vat.id],
      prices: [{ price_level_id: w.retail.id, currency_id: w.base.id, amount: "30" }],
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      label: "Sweat M",
      sku: `SW-${u}-M`,
      tax_ids: [w.vat.id],
      prices: [expect.objectContaining({ amount: "30.0000" })],
    });

    const same = await call("POST", `/products/${id}/variants`, w.token, { sku: `SW-${u}-M2`, option_ids: [w.size.options.M] });
    expect(same.status).toBe(422);
    expect(same.body.error.fields.option_ids.code).toBe("duplicate_variant_options");

    const changed = await call("PATCH", `/products/${id}/variants/${added.body.id}`, w.token, {
      label: "Sweat size M",
      option_ids: [w.size.options.L],
      weight_amount: "1",
      weight_unit: "lb",
      tax_ids: [],
      initial_cost: "4",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      label: "Sweat size M",
      option_ids: [w.size.options.L],
      weight_grams: "453.59237",
      tax_ids: [],
      initial_cost: "4.0000",
      moving_average_cost: "4.0000",
    });

    const kit = await call("POST", "/products", w.token, {
      label: "Sweat duo",
      kind: "kit",
      components: [{ variant_id: added.body.id, quantity: 2 }],
      variants: [{ sku: `DUO-${u}` }],
    });
    expect(kit.status).toBe(201);
    const inUse = await call("DELETE", `/products/${id}/variants/${added.body.id}`, w.token);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.code).toBe("in_use");

    const firstId = created.body.variants[0].id;
    expect((await call("DELETE", `/products/${id}/variants/${firstId}`, w.token)).status).toBe(204);
    const last = await call("DELETE", `/products/${kit.body.id}/variants/${kit.body.variants[0].id}`, w.token);
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe("last_variant");
    expect((await call("GET", `/products/${id}`, w.token)).body.variants.map((v: { id: number }) => v.id)).toEqual([added.body.id]);
  });

  it("refuses a second variant on a one-variant product", async () => {
    const w = await productWorld();
    const p = await makeSingle(w);
    const response = await call("POST", `/products/${p.id}/variants`, w.token, { sku: `X-${unique()}` });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("single_variant_only");
  });

  it("adds, updates and deletes a pack with its own prices", async () => {
    const w = await productWorld();
    const p = await makeSingle(w);
    const base = `/products/${p.id}/variants/${p.variantId}/packs`;
    const pack = await call("POST", base, w.token, {
      label: "Pack of 6",
      quantity: "6",
      prices: [
        { price_level_id: w.retail.id, currency_id: w.base.id, amount: "50" },
        { price_level_id: w.retail.id, currency_id: w.usd.id, amount: "54" },
      ],
    });
    expect(pack.status).toBe(201);
    expect(pack.body).toMatchObject({
      label: "Pack of 6",
      quantity: "6.0000000",
      prices: [expect.objectContaining({ amount: "50.0000" }), expect.objectContaining({ amount: "54.0000" })],
    });

    const changed = await call("PATCH", `${base}/${pack.body.id}`, w.token, { label: "Pack of 12", quantity: 12, active: false });
    expect(changed.body).toMatchObject({ label: "Pack of 12", quantity: "12.0000000", active: false });

    const prices = await call("PUT", `${base}/${pack.body.id}/prices`, w.token, {
      prices: [{ price_level_id: w.wholesale.id, currency_id: w.base.id, amount: "90.12345" }],
    });
    expect(prices.status).toBe(200);
    expect(prices.body.prices).toEqual([expect.objectContaining({ price_level_id: w.wholesale.id, amount: "90.1235" })]);
    // The variant's own prices are not the pack's.
    expect((await call("GET", `/products/${p.id}`, w.token)).body.variants[0].prices).toEqual([]);

    expect((await call("DELETE", `${base}/${pack.body.id}`, w.token)).status).toBe(204);
    expect((await call("GET", `/products/${p.id}`, w.token)).body.variants[0].packs).toEqual([]);
    expect((await call("PATCH", `${base}/${pack.body.id}`, w.token, { label: "Gone" })).status).toBe(404);
  });

  it("replaces a kit's components, refusing a single product, a kit as component, the kit itself and an empty list", async () => {
    const w = await productWorld();
    const a = await makeSingle(w);
    const b = await makeSingle(w);
    const kit = await call("POST", "/products", w.token, {
      label: "Kit",
      kind: "kit",
      components: [{ variant_id: a.variantId, quantity: 1 }],
      variants: [{ sku: `K-${unique()}` }],
    });
    const kitVariant = kit.body.variants[0].id;
    const path = `/products/${kit.body.id}/variants/${kitVariant}/components`;

    const replaced = await call("PUT", path, w.token, { components: [{ variant_id: b.variantId, quantity: "1.5" }] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.components).toEqual([expect.objectContaining({ variant_id: b.variantId, sku: b.sku, quantity: "1.5000000" })]);

    const other = await call("POST", "/products", w.token, {
      label: "Kit 2",
      kind: "kit",
      components: [{ variant_id: a.variantId, quantity: 1 }],
      variants: [{ sku: `K2-${unique()}` }],
    });
    const cases: [unknown, string, string][] = [
      [{ components: [] }, "components", "kit_without_components"],
      [{ components: [{ variant_id: other.body.variants[0].id, quantity: 1 }] }, "components.0.variant_id", "component_is_kit"],
      [{ components: [{ variant_id: kitVariant, quantity: 1 }] }, "components.0.variant_id", "component_is_itself"],
      [{ components: [{ variant_id: 999_999, quantity: 1 }] }, "components.0.variant_id", "unknown_variant"],
      [{ components: [{ variant_id: a.variantId, quantity: 0 }] }, "components.0.quantity", "too_small"],
      [
        {
          components: [
            { variant_id: a.variantId, quantity: 1 },
            { variant_id: a.variantId, quantity: 2 },
          ],
        },
        "components.1.variant_id",
        "duplicate_component",
      ],
    ];
    for (const [body, field, code] of cases) {
      const response = await call("PUT", path, w.token, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error.fields[field]?.code, JSON.stringify(response.body)).toBe(code);
    }
    const single = await call("PUT", `/products/${a.id}/variants/${a.variantId}/components`, w.token, {
      components: [{ variant_id: b.variantId, quantity: 1 }],
    });
    expect(single.status).toBe(422);
    expect(single.body.error.fields.components.code).toBe("components_not_allowed");
  });

  it("refuses an assembly made, at any depth, of itself", async () => {
    const w = await productWorld();
    const part = await makeSingle(w);
    const inner = await call("POST", "/products", w.token, {
      label: "Inner",
      kind: "assembly",
      components: [{ variant_id: part.variantId, quantity: 1 }],
      variants: [{ sku: `IN-${unique()}` }],
    });
    const outer = await call("POST", "/products", w.token, {
      label: "Outer",
      kind: "assembly",
      components: [{ variant_id: inner.body.variants[0].id, quantity: 1 }],
      variants: [{ sku: `OUT-${unique()}` }],
    });
    expect(outer.status).toBe(201);
    const cycle = await call("PUT", `/products/${inner.body.id}/variants/${inner.body.variants[0].id}/components`, w.token, {
      components: [{ variant_id: outer.body.variants[0].id, quantity: 1 }],
    });
    expect(cycle.status).toBe(422);
    expect(cycle.body.error.fields.components.code).toBe("component_cycle");
  });

  it("deletes a product with all it holds, unless one of its variants is a kit's component", async () => {
    const w = await productWorld();
    const a = await makeSingle(
      w,
      {},
      { prices: [{ price_level_id: w.retail.id, currency_id: w.base.id, amount: "3" }], packs: [{ label: "Six", quantity: 6 }] },
    );
    const kit = await call("POST", "/products", w.token, {
      label: "Kit",
      kind: "kit",
      components: [{ variant_id: a.variantId, quantity: 1 }],
      variants: [{ sku: `K-${unique()}` }],
    });
    const refused = await call("DELETE", `/products/${a.id}?acknowledge=cascade,inventory,irreversible`, w.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("in_use");
    expect((await call("DELETE", `/products/${kit.body.id}?acknowledge=cascade,inventory,irreversible`, w.token)).status).toBe(204);
    expect((await call("DELETE", `/products/${a.id}?acknowledge=cascade,inventory,irreversible`, w.token)).status).toBe(204);
    expect((await call("GET", `/products/${a.id}`, w.token)).status).toBe(404);
  });

  it("answers 404 for a variant or a pack of another product, and for ids that are not numbers", async () => {
    const w = await productWorld();
    const a = await makeSingle(w, {}, { packs: [{ label: "Six", quantity: 6 }] });
    const b = await makeSingle(w);
    const packId = a.body.variants[0].packs[0].id;
    expect((await call("PATCH", `/products/${b.id}/variants/${a.variantId}`, w.token, { label: "x" })).status).toBe(404);
    expect((await call("PATCH", `/products/${b.id}/variants/${b.variantId}/packs/${packId}`, w.token, { label: "x" })).status).toBe(404);
    expect((await call("GET", `/products/${a.id}/variants/${b.variantId}/price`, w.token)).status).toBe(404);
    expect((await call("GET", "/products/abc", w.token)).status).toBe(404);
    expect((await call("GET", "/products/999999", w.token)).status).toBe(404);
  });
});
