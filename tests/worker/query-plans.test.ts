import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantSchema, type TenantDb } from "../../db/client";
import { priceReads } from "../../worker/domain/products/prices-of-variants";
import { pricingReads } from "../../worker/domain/sales/sales-lines";
import { storeStockRead } from "../../worker/domain/store/cart-catalogue";
import { sellableVariant } from "../../worker/domain/store/sellable";
import { makeCompany } from "../support/factories";

/** SQLite's plan of a query: one line per step ("SEARCH prices USING INDEX …", "SCAN prices"). */
async function planOf(db: TenantDb, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql: text, params } = query.toSQL();
  return planOfText(db, text, params);
}

async function planOfText(db: TenantDb, text: string, params: unknown[]): Promise<string[]> {
  const literal = (value: unknown) => (typeof value === "string" ? `'${value.replace(/'/g, "''")}'` : String(value));
  const rows = await db.all<{ detail: string }>(sql.raw(`explain query plan ${text.replace(/\?/g, () => literal(params.shift()))}`));
  return rows.map((r) => r.detail);
}

describe("the reads of a few variants use their indexes (a catalogue of 100,000 variants is never scanned)", () => {
  it("prices of some variants and their components", async () => {
    const { db } = await makeCompany();
    const plan = await planOf(db, priceReads(db, [1, 2, 3])[4] as never);
    expect(plan.some((step) => /^SCAN prices\b/.test(step))).toBe(false);
    expect(plan).toContain("SEARCH prices USING INDEX prices_variant_idx (variant_id=?)");
  });

  it("a document's pricing reads (kept statements, the lists bound as JSON): no catalogue table is scanned", async () => {
    const { db } = await makeCompany();
    const reads = pricingReads(db, {
      party: { kind: "customer", id: 1 },
      locationId: 1,
      lines: [
        { variant_id: 1, quantity: 1 },
        { sku: "ABC", quantity: 1 },
        { pack_id: 2, quantity: 1 },
        { service_id: 3, quantity: 1 },
      ],
    });
    const catalogue =
      /^SCAN (variants|products|prices|components|packs|variant_taxes|services|product_tag_links|customer_tag_links|customers|customer_addresses|suppliers|locations)\b/;
    let searched = 0;
    for (const read of reads) {
      const { sql: text, params } = (read as unknown as { _prepare(): { getQuery(): { sql: string; params: unknown[] } } })
        ._prepare()
        .getQuery();
      const plan = await planOfText(db, text, [...params]);
      expect(
        plan.filter((step) => catalogue.test(step)),
        text,
      ).toEqual([]);
      searched += plan.filter((step) => /^SEARCH (variants|prices|packs)\b/.test(step)).length;
    }
    // The lists reach the indexes: the variants by id and SKU, the prices by variant, the packs by id.
    expect(searched).toBeGreaterThanOrEqual(10);
  });

  it("the stock the cart reads at the store's location", async () => {
    const { db } = await makeCompany();
    const plan = await planOf(db, storeStockRead(db, [1, 2, 3]) as never);
    expect(plan.some((step) => /^SCAN stock_levels\b/.test(step))).toBe(false);
    expect(plan.some((step) => /^SEARCH stock_levels USING .*\(variant_id=\?/.test(step))).toBe(true);
  });

  it("the store's rule of what it sells, on a catalogue page: variants walked by label, each one's product found by its key", async () => {
    const { db } = await makeCompany();
    const v = tenantSchema.variants;
    const page = db
      .select({ id: v.id })
      .from(v)
      .where(sellableVariant())
      .orderBy(sql`${v.label} collate nocase`, asc(v.id))
      .limit(29);
    const plan = await planOf(db, page as never);
    expect(plan).toContain("SCAN variants USING INDEX variants_label_idx");
    expect(plan).toContain("SEARCH products USING INTEGER PRIMARY KEY (rowid=?)");
    expect(plan.some((step) => /^SCAN products\b/.test(step))).toBe(false);
  });
});
