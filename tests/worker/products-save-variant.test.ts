import { describe, expect, it } from "vitest";
import { saveVariant } from "../../worker/domain/products/save-variant";
import { DomainError } from "../../worker/domain/shared/domain-error";
import { ctxOf } from "../support/factories";
import { call, productWorld, unique } from "./products-fixtures";

async function kitWorld() {
  const w = await productWorld();
  const u = unique();
  const part = await call("POST", "/products", w.token, { label: "Jam", variants: [{ sku: `JAM-${u}` }] });
  const kit = await call("POST", "/products", w.token, {
    label: "Box",
    kind: "kit",
    components: [{ variant_id: part.body.variants[0].id, quantity: "2" }],
    variants: [{ sku: `BOX-${u}`, prices: [{ price_level_id: w.retail.id, currency_id: w.base.id, amount: "10" }] }],
  });
  expect(kit.status).toBe(201);
  return { w, kit: kit.body, part: part.body.variants[0] };
}

describe("saving a variant's page", () => {
  it("changes its fields, prices and components together", async () => {
    const { w, kit, part } = await kitWorld();
    const saved = await saveVariant(await ctxOf(w.company), {
      product_id: kit.id,
      variant_id: kit.variants[0].id,
      fields: { label: "Gift box" },
      prices: { prices: [{ price_level_id: w.retail.id, currency_id: w.base.id, amount: "12.5" }] },
      components: { components: [{ variant_id: part.id, quantity: "3" }] },
    });
    expect(saved.label).toBe("Gift box");
    expect(saved.prices.map((p) => p.amount)).toEqual(["12.5000"]);
    expect(saved.components.map((c) => c.quantity)).toEqual(["3.0000000"]);
  });

  it("saves nothing when one part is refused: a bad component leaves the label and prices as they were", async () => {
    const { w, kit } = await kitWorld();
    const variantId = kit.variants[0].id;
    const refused = await saveVariant(await ctxOf(w.company), {
      product_id: kit.id,
      variant_id: variantId,
      fields: { label: "Renamed" },
      prices: { prices: [{ price_level_id: w.retail.id, currency_id: w.base.id, amount: "99" }] },
      components: { components: [{ variant_id: variantId, quantity: "1" }] },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).fields).toMatchObject({ "components.0.variant_id": { code: "component_is_itself" } });
    const after = await call("GET", `/products/${kit.id}`, w.token);
    expect(after.body.variants[0].label).toBe(kit.variants[0].label);
    expect(after.body.variants[0].prices.map((p: { amount: string }) => p.amount)).toEqual(["10.0000"]);
  });
});
