import { describe, expect, it } from "vitest";
import { addUser } from "../support/factories";
import { call, makeSingle, productWorld, unique, type ProductWorld } from "./products-fixtures";

const p = (level: { id: number }, currency: { id: number }, amount: string) => ({
  price_level_id: level.id,
  currency_id: currency.id,
  amount,
});

async function priced(w: ProductWorld) {
  const a = await makeSingle(
    w,
    { label: "Oil" },
    {
      prices: [p(w.retail, w.base, "10"), p(w.retail, w.usd, "11"), p(w.purchase, w.base, "4")],
      packs: [
        { label: "Six", quantity: 6 },
        { label: "Box", quantity: 12, prices: [p(w.retail, w.base, "100")] },
      ],
    },
  );
  const b = await makeSingle(w, { label: "Honey" }, { prices: [p(w.retail, w.base, "5")] });
  const kit = await call("POST", "/products", w.token, {
    label: "Gift box",
    kind: "kit",
    kit_discount_rate: "10",
    components: [
      { variant_id: a.variantId, quantity: 1 },
      { variant_id: b.variantId, quantity: 2 },
    ],
    variants: [{ sku: `KIT-${unique()}` }],
  });
  return {
    a,
    b,
    kit: { id: kit.body.id as number, variantId: kit.body.variants[0].id as number },
    packs: a.body.variants[0].packs as { id: number }[],
  };
}

describe("GET /api/v1/products/{id}/variants/{variantId}/price", () => {
  it("resolves exact, converted, kit, pack and discounted prices", async () => {
    const w = await productWorld();
    const { a, kit, packs } = await priced(w);
    const price = async (product: { id: number; variantId: number }, query: Record<string, string | number> = {}) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const response = await call("GET", `/products/${product.id}/variants/${product.variantId}/price?${qs}`, w.token);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return [response.body.amount, response.body.source];
    };
    // Defaults: the company's default selling level and currency.
    expect(await price(a)).toEqual(["10.0000", "price"]);
    expect(await price(a, { currency_id: w.usd.id })).toEqual(["11.0000", "price"]);
    // No GBP price: the default currency's at the currency's rate (0.85), or at the rate given.
    expect(await price(a, { currency_id: w.gbp.id })).toEqual(["8.5000", "converted"]);
    expect(await price(a, { currency_id: w.gbp.id, exchange_rate: "0.9" })).toEqual(["9.0000", "converted"]);
    expect(await price(a, { price_level_id: w.wholesale.id })).toEqual(["0.0000", "none"]);
    expect(await price(a, { price_level_id: w.purchase.id })).toEqual(["4.0000", "price"]);
    expect(await price(a, { discount_rate: "12.5" })).toEqual(["8.7500", "price"]);
    // A pack has its own price, else its quantity times the unit price.
    expect(await price(a, { pack_id: packs[1]!.id })).toEqual(["100.0000", "price"]);
    expect(await price(a, { pack_id: packs[0]!.id })).toEqual(["60.0000", "price"]);
    expect(await price(a, { pack_id: packs[0]!.id, discount_rate: 50 })).toEqual(["30.0000", "price"]);
    // A kit without a price of its own: (10 × 1 + 5 × 2) less 10 %.
    expect(await price(kit)).toEqual(["18.0000", "kit"]);
    expect(await price(kit, { currency_id: w.gbp.id })).toEqual(["15.3000", "kit"]);
    // Honey has no USD price and USD converts from the default currency: 5 × 1.08 = 5.4; oil has 11.
    expect(await price(kit, { currency_id: w.usd.id })).toEqual(["19.6200", "kit"]);
    await call("PUT", `/products/${kit.id}/variants/${kit.variantId}/prices`, w.token, { prices: [p(w.retail, w.base, "17.5")] });
    expect(await price(kit)).toEqual(["17.5000", "price"]);
  });

  it("refuses unknown levels and bad parameters, and a level type the caller may not see", async () => {
    const w = await productWorld();
    const { a } = await priced(w);
    const path = `/products/${a.id}/variants/${a.variantId}/price`;
    const unknown = await call("GET", `${path}?price_level_id=987654`, w.token);
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields.price_level_id.code).toBe("unknown_price_level");
    expect((await call("GET", `${path}?exchange_rate=abc`, w.token)).body.error.fields.exchange_rate.code).toBe("invalid_number");
    expect((await call("GET", `${path}?pack_id=987654`, w.token)).status).toBe(404);

    const seller = await addUser(w.company.companyId, { permissions: ["view_products", "view_products_selling_info"] });
    expect((await call("GET", path, seller.token)).body.amount).toBe("10.0000");
    const purchase = await call("GET", `${path}?price_level_id=${w.purchase.id}`, seller.token);
    expect(purchase.status).toBe(403);
    const plain = await addUser(w.company.companyId, { permissions: ["view_products"] });
    expect((await call("GET", path, plain.token)).status).toBe(403);
  });
});

describe("prices and costs by permission", () => {
  it("shows selling prices to sellers and purchasing prices and costs to buyers", async () => {
    const w = await productWorld();
    const { a } = await priced(w);
    const seller = await addUser(w.company.companyId, { permissions: ["view_products", "view_products_selling_info"] });
    const buyer = await addUser(w.company.companyId, { permissions: ["view_products", "view_products_purchasing_info"] });
    const asSeller = (await call("GET", `/products/${a.id}`, seller.token)).body.variants[0];
    expect(asSeller.prices.map((x: { price_level_type: string }) => x.price_level_type)).toEqual(["selling", "selling"]);
    expect(asSeller).not.toHaveProperty("initial_cost");
    expect(asSeller).not.toHaveProperty("moving_average_cost");
    expect(asSeller).toHaveProperty("recommended_price");
    const asBuyer = (await call("GET", `/products/${a.id}`, buyer.token)).body.variants[0];
    expect(asBuyer.prices.map((x: { amount: string }) => x.amount)).toEqual(["4.0000"]);
    expect(asBuyer).toMatchObject({ initial_cost: "0.0000", moving_average_cost: "0.0000" });
    expect(asBuyer).not.toHaveProperty("recommended_price");
  });

  it("replaces a variant's whole price list in one PUT; a seller replaces only selling prices", async () => {
    const w = await productWorld();
    const { a } = await priced(w);
    const path = `/products/${a.id}/variants/${a.variantId}/prices`;
    const replaced = await call("PUT", path, w.token, { prices: [p(w.wholesale, w.usd, "9.87654"), p(w.purchase, w.base, "3")] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.prices.map((x: { price_level_id: number; amount: string }) => [x.price_level_id, x.amount])).toEqual([
      [w.wholesale.id, "9.8765"],
      [w.purchase.id, "3.0000"],
    ]);

    // multi_currencies: replacing the list takes away the wholesale price in USD too.
    const seller = await addUser(w.company.companyId, {
      permissions: ["view_products", "edit_products", "view_products_selling_info", "edit_products_selling_info", "multi_currencies"],
    });
    const sellerPut = await call("PUT", path, seller.token, { prices: [p(w.retail, w.base, "12")] });
    expect(sellerPut.status).toBe(200);
    expect(sellerPut.body.prices.map((x: { amount: string }) => x.amount)).toEqual(["12.0000"]);
    const all = (await call("GET", `/products/${a.id}`, w.token)).body.variants[0].prices;
    expect(all.map((x: { price_level_id: number; amount: string }) => [x.price_level_id, x.amount])).toEqual([
      [w.retail.id, "12.0000"],
      [w.purchase.id, "3.0000"],
    ]);
    const refused = await call("PUT", path, seller.token, { prices: [p(w.purchase, w.base, "1")] });
    expect(refused.status).toBe(403);
    const editorOnly = await addUser(w.company.companyId, { permissions: ["view_products", "edit_products"] });
    expect((await call("PUT", path, editorOnly.token, { prices: [] })).status).toBe(403);
    expect((await call("GET", `/products/${a.id}`, w.token)).body.variants[0].prices).toHaveLength(2);
  });

  it("refuses a price list with the same level and currency twice", async () => {
    const w = await productWorld();
    const { a } = await priced(w);
    const response = await call("PUT", `/products/${a.id}/variants/${a.variantId}/prices`, w.token, {
      prices: [p(w.retail, w.base, "1"), p(w.retail, w.base, "2")],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields["prices.1"].code).toBe("duplicate_price");
  });
});
