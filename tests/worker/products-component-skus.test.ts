import { describe, expect, it } from "vitest";
import { call, makeSingle, productWorld, unique } from "./products-fixtures";

// The rule that a component may be named by its SKU lives in the domain: the API takes it as the pages do.
describe("components named by SKU", () => {
  it("makes a kit of variants named by SKU, in any case, and replaces its components the same way", async () => {
    const w = await productWorld();
    const a = await makeSingle(w, { label: "Olive oil" });
    const b = await makeSingle(w, { label: "Honey" });
    const created = await call("POST", "/products", w.token, {
      label: "Gift box",
      kind: "kit",
      components: [
        { sku: a.sku.toLowerCase(), quantity: "1" },
        { variant_id: b.variantId, quantity: "2" },
      ],
      variants: [{ sku: `KIT-${unique()}` }],
    });
    expect(created.status).toBe(201);
    const kit = created.body.variants[0];
    expect(kit.components.map((c: { variant_id: number }) => c.variant_id).sort()).toEqual([a.variantId, b.variantId].sort());

    const replaced = await call("PUT", `/products/${created.body.id}/variants/${kit.id}/components`, w.token, {
      components: [{ sku: ` ${b.sku} `, quantity: "3" }],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.components).toMatchObject([{ variant_id: b.variantId }]);
    expect(Number(replaced.body.components[0].quantity)).toBe(3);
  });

  it("refuses an unknown or blank SKU on its own line, and saves nothing", async () => {
    const w = await productWorld();
    const a = await makeSingle(w);
    const sku = `KIT-${unique()}`;
    const refused = await call("POST", "/products", w.token, {
      label: "Gift box",
      kind: "kit",
      components: [
        { sku: a.sku, quantity: "1" },
        { sku: "NO-SUCH-SKU", quantity: "1" },
        { sku: "  ", quantity: "1" },
      ],
      variants: [{ sku }],
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.error.fields)).toEqual(["components.1.sku", "components.2.sku"]);
    expect(refused.body.error.fields).toMatchObject({
      "components.1.sku": { code: "unknown_variant" },
      "components.2.sku": { code: "required" },
    });
    expect((await call("GET", `/products?search=${sku}`, w.token)).body.items).toEqual([]);
  });
});
