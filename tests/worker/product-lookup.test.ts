import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { productLookedUp, productLookup, productLookupQuery } from "../../worker/domain/products/product-options";
import { stockLevelFilters } from "../../worker/domain/stock/stock-level-filters";
import { ctxOf, makeCompany } from "../support/factories";

const t = tenantSchema;
const forbidden = expect.objectContaining({ code: "forbidden" });

describe("the product lookup of a filter", () => {
  it("answers the products whose label starts with the text, case aside, by label, at most 20", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    await company.db
      .insert(t.products)
      .values([
        { label: "Teapot" },
        { label: "green tea" },
        { label: "Tea 100%" },
        { label: "Tea_cup" },
        ...Array.from({ length: 30 }, (_, i) => ({ label: `Mug ${String(i).padStart(2, "0")}` })),
      ]);
    expect((await productLookup(ctx, { text: "tea" })).map((p) => p.label)).toEqual(["Tea 100%", "Tea_cup", "Teapot"]);
    expect((await productLookup(ctx, { text: "GREEN" })).map((p) => p.label)).toEqual(["green tea"]);
    // LIKE's wildcards are the text's own characters.
    expect((await productLookup(ctx, { text: "Tea 100%" })).map((p) => p.label)).toEqual(["Tea 100%"]);
    expect((await productLookup(ctx, { text: "Tea_" })).map((p) => p.label)).toEqual(["Tea_cup"]);
    expect(await productLookup(ctx, { text: "%" })).toEqual([]);
    // Thirty mugs: the first twenty by label.
    const mugs = await productLookup(ctx, { text: "mug" });
    expect(mugs.map((p) => p.label)).toEqual(Array.from({ length: 20 }, (_, i) => `Mug ${String(i).padStart(2, "0")}`));
    // No text: the first twenty of the catalogue by label.
    const first = await productLookup(ctx, { text: "  " });
    expect(first).toHaveLength(20);
    expect(first[0]!.label).toBe("green tea");
    // A text past 100 characters is cut, not refused.
    expect(await productLookup(ctx, { text: "x".repeat(10_000) })).toEqual([]);
  });

  it("is refused to a user who may see neither products nor stock, and answers only the company's own products", async () => {
    const mine = await makeCompany();
    const theirs = await makeCompany();
    await theirs.db.insert(t.products).values({ label: "Their secret product" });
    const [own] = await mine.db.insert(t.products).values({ label: "Our product" }).returning();
    const nobody = await ctxOf(mine, { permissions: ["view_customers"] });
    await expect(productLookup(nobody, { text: "" })).rejects.toThrow(forbidden);
    await expect(productLookedUp(nobody, own!.id)).rejects.toThrow(forbidden);
    const stockClerk = await ctxOf(mine, { permissions: ["view_products_inventory"] });
    expect((await productLookup(stockClerk, { text: "" })).map((p) => p.label)).toEqual(["Our product"]);
    expect(await productLookup(stockClerk, { text: "Their" })).toEqual([]);
  });

  it("searches the label index, never the whole table", async () => {
    const { db } = await makeCompany();
    for (const typed of ["ab", ""]) {
      const built = productLookupQuery(db, typed).toSQL();
      const plan = await db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${built.sql}`, args: built.params as never });
      const detail = plan.rows.map((r) => String(r.detail)).join("\n");
      expect(detail).toContain("products_label_idx");
      expect(detail).not.toMatch(/SCAN products(?! USING)/);
      expect(detail).not.toContain("TEMP B-TREE");
    }
  });

  it("gives the stock level filters the label of the product the address names, and null for an unknown one", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    const [product] = await company.db.insert(t.products).values({ label: "Named product" }).returning();
    expect((await stockLevelFilters(ctx, product!.id)).product).toEqual({ id: product!.id, label: "Named product" });
    expect((await stockLevelFilters(ctx, 999_999_999)).product).toBeNull();
    expect((await stockLevelFilters(ctx, null)).product).toBeNull();
  });
});
