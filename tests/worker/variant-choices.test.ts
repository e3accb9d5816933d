import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { variantChoices, variantChoicesQuery } from "../../worker/domain/products/variant-choices";
import { ctxOf, makeCompany } from "../support/factories";

const t = tenantSchema;

describe("the SKU suggestions", () => {
  it("answer the variants whose SKU or label starts with the text, case aside, in SKU order", async () => {
    const company = await makeCompany();
    const { db } = company;
    const ctx = await ctxOf(company);
    const [product] = await db.insert(t.products).values({ label: "Tea" }).returning();
    await db.insert(t.variants).values([
      { productId: product!.id, label: "Green tea", sku: "TEA-GRN" },
      { productId: product!.id, label: "Black tea", sku: "TEA-BLK" },
      { productId: product!.id, label: "Teapot", sku: "POT-1" },
      { productId: product!.id, label: "Coffee", sku: "COF-1" },
    ]);
    // "Teapot" starts with "tea" too.
    expect((await variantChoices(ctx, { text: "tea" })).map((v) => v.sku)).toEqual(["POT-1", "TEA-BLK", "TEA-GRN"]);
    expect((await variantChoices(ctx, { text: "TEA-G" })).map((v) => v.label)).toEqual(["Green tea"]);
    expect((await variantChoices(ctx, { text: "Teap" })).map((v) => v.sku)).toEqual(["POT-1"]);
    expect(await variantChoices(ctx, { text: "  " })).toEqual([]);
    expect((await variantChoices(ctx, { text: "%" })).length).toBe(0);
  });

  it("search the SKU and label indexes, never the whole table", async () => {
    const { db } = await makeCompany();
    const built = variantChoicesQuery(db, "ab", 20).toSQL();
    const plan = await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${built.sql}`, args: built.params as never });
    const detail = plan.rows.map((r) => String(r.detail)).join("\n");
    expect(detail).toContain("variants_sku_unique");
    expect(detail).toContain("variants_label_idx");
    expect(detail).not.toMatch(/SCAN variants(?! USING)/);
  });
});
