import { describe, expect, it } from "vitest";
import { createProduct, createProducts } from "../../worker/domain/products/create-product";
import { priceAccess } from "../../worker/domain/products/price-access";
import { loadProductView } from "../../worker/domain/products/product-view";
import { ctxOf } from "../support/factories";
import { firstLocation } from "../support/isolation/stock";
import { productWorld, type ProductWorld } from "./products-fixtures";

/** Products of every shape an import or the screen makes, their skus starting with `prefix`. */
function inputs(w: ProductWorld, location: number, prefix: string) {
  return [
    { label: "Plain", variants: [{ sku: `${prefix}PLAIN` }] },
    {
      label: "Tagged mug",
      brand_id: w.brand.id,
      season_id: w.season.id,
      tag_ids: w.tags.map((t) => t.id),
      description: "Stoneware",
      variants: [
        {
          sku: `${prefix}MUG`,
          barcode: `${prefix}0001`,
          tax_ids: [w.vat.id],
          initial_cost: "2.40",
          initial_stock: "12",
          initial_location_id: location,
          prices: [
            { price_level_id: w.retail.id, currency_id: w.base.id, amount: "9.90" },
            { price_level_id: w.wholesale.id, currency_id: w.base.id, amount: "6.50" },
          ],
        },
      ],
    },
    {
      label: "Shirt",
      kind: "variants",
      attribute_ids: [w.size.id, w.colour.id],
      variants: [
        { sku: `${prefix}SHIRT-S-R`, option_ids: [w.size.options.S!, w.colour.options.Red!], minimum_quantity: "2" },
        {
          sku: `${prefix}SHIRT-M-B`,
          option_ids: [w.size.options.M!, w.colour.options.Blue!],
          prices: [{ price_level_id: w.retail.id, currency_id: w.base.id, amount: "25" }],
          initial_stock: "3",
          initial_location_id: location,
        },
      ],
    },
  ];
}

/** A product as its screen shows it, without what differs between two copies (ids, times, the skus' prefix). */
function comparable(value: unknown, prefix: string): unknown {
  if (Array.isArray(value)) return value.map((v) => comparable(v, prefix));
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !/(^|_)(id|at)$/.test(k) || k.endsWith("level_id") || k.endsWith("currency_id"))
        .map(([k, v]) => [k, comparable(v, prefix)]),
    );
  return typeof value === "string" ? value.replaceAll(prefix, "") : value;
}

describe("many products at once", () => {
  it("writes the same products, variants, prices, taxes, tags, attributes and stock as the same products made one by one", async () => {
    const w = await productWorld();
    const ctx = await ctxOf(w.company);
    const location = await firstLocation(w.db);
    const { productIds } = await createProducts(ctx, inputs(w, location, "BULK"));
    const one = [];
    for (const input of inputs(w, location, "SOLO")) one.push((await createProduct(ctx, input)).id);
    expect(productIds).toHaveLength(3);
    // Ids reserved for the batch are the ones its products got, in order, and the sequence went on past them.
    expect(productIds[1]).toBe(productIds[0]! + 1);
    expect(one[0]).toBeGreaterThan(productIds[2]!);
    for (let i = 0; i < 3; i++) {
      const bulk = await loadProductView(w.db, productIds[i]!, priceAccess(ctx.actor));
      const single = await loadProductView(w.db, one[i]!, priceAccess(ctx.actor));
      expect(comparable(bulk, "BULK")).toEqual(comparable(single, "SOLO"));
    }
    const mug = await loadProductView(w.db, productIds[1]!, priceAccess(ctx.actor));
    expect(mug).toMatchObject({ label: "Tagged mug", brand: { id: w.brand.id } });
  });
});
