import { describe, expect, it } from "vitest";
import { callApiJson } from "../support/fetch-app";
import { makeCompany } from "../support/factories";

// The path names the record a write changes; a body naming another one is refused, not obeyed or ignored.
describe("a write whose body names the record its path already names", () => {
  it.each([
    ["a customer", "/customers", { label: "Ada & Co" }, "id"],
    ["a currency", "/currencies", { iso: "CHF", sign: "CHF", exchange_rate: "1.05" }, "id"],
    ["a brand", "/brands", { label: "Lumen" }, "id"],
  ])("is refused for %s with unknown_field on the id, and changes nothing", async (_name, path, body, field) => {
    const company = await makeCompany();
    const created = await callApiJson("POST", path, company.token, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { id: number }).id;

    const patched = await callApiJson("PATCH", `${path}/${id}`, company.token, { [field]: id + 1 });
    expect(patched.status).toBe(422);
    expect(patched.body).toMatchObject({ error: { code: "validation_failed", fields: { [field]: { code: "unknown_field" } } } });
  });

  it("is refused for a variant whose body names its product or itself", async () => {
    const company = await makeCompany();
    const product = await callApiJson("POST", "/products", company.token, { label: "Mug", variants: [{ sku: "MUG-1" }] });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const { id, variants } = product.body as { id: number; variants: { id: number }[] };
    for (const field of ["product_id", "variant_id"]) {
      const patched = await callApiJson("PATCH", `/products/${id}/variants/${variants[0]!.id}`, company.token, {
        [field]: 1,
        sku: "MUG-2",
      });
      expect(patched.status, field).toBe(422);
      expect(patched.body).toMatchObject({ error: { fields: { [field]: { code: "unknown_field" } } } });
    }
    const read = await callApiJson("GET", `/products/${id}`, company.token);
    expect((read.body as { variants: { sku: string }[] }).variants[0]!.sku).toBe("MUG-1");
  });
});
