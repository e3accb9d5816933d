import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { parseListQuery } from "../../worker/domain/shared/list-query";
import { productList, productListWhere } from "../../worker/domain/products/list-products";
import { call, productWorld, unique, type ProductWorld } from "./products-fixtures";

const t = tenantSchema;

interface Item {
  id: number;
  label: string;
  kind: string;
  active: boolean;
  sku: string | null;
  variants_count: number;
  brand: { id: number; label: string } | null;
  tags: { id: number; label: string }[];
}

let w: ProductWorld;
let u: string;
const made: Record<string, number> = {};

// One company for the whole file: eight products of several kinds, brands, tags and skus.
beforeAll(async () => {
  w = await productWorld();
  u = unique();
  const make = async (key: string, body: Record<string, unknown>) => {
    const response = await call("POST", "/products", w.token, body);
    if (response.status !== 201) throw new Error(JSON.stringify(response.body));
    made[key] = response.body.id;
  };
  await make("apple", {
    label: "apple juice",
    brand_id: w.brand.id,
    tag_ids: [w.tags[0]!.id],
    b2b_published: true,
    variants: [{ sku: `APL-${u}` }],
  });
  await make("Banana", { label: "Banana bread", season_id: w.season.id, variants: [{ sku: `BAN-${u}` }] });
  await make("cherry", { label: "cherry jam", active: false, tag_ids: [w.tags[1]!.id], variants: [{ sku: `CHE-${u}` }] });
  await make("shirt", {
    label: "Shirt",
    kind: "variants",
    brand_id: w.brand.id,
    tag_ids: w.tags.map((x) => x.id),
    attribute_ids: [w.size.id],
    variants: ["S", "M", "L"].map((s) => ({ sku: `ZZ-${u}-${s}`, option_ids: [w.size.options[s]] })),
  });
  await make("kit", {
    label: "Date box",
    kind: "kit",
    components: [{ variant_id: 0 + (await firstVariant("apple")), quantity: 1 }],
    variants: [{ sku: `KIT-${u}` }],
  });
  for (const [i, label] of ["Elderflower", "Fig", "Grape"].entries()) await make(label, { label, variants: [{ sku: `FR${i}-${u}` }] });
});

async function firstVariant(key: string): Promise<number> {
  const [row] = await w.db.select({ id: t.variants.id }).from(t.variants).where(eq(t.variants.productId, made[key]!));
  return row!.id;
}

async function list(query: string) {
  const response = await call("GET", `/products?${query}`, w.token);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { items: Item[]; page: number; page_size: number; totalCount?: number };
}
const labels = (items: Item[]) => items.map((i) => i.label);

describe("GET /api/v1/products", () => {
  it("sorts by label, case aside, and shows brand, variant count, first sku and tags", async () => {
    const result = await list("total_count=true");
    expect(labels(result.items)).toEqual(["apple juice", "Banana bread", "cherry jam", "Date box", "Elderflower", "Fig", "Grape", "Shirt"]);
    expect(result).toMatchObject({ page: 0, page_size: 50, totalCount: 8 });
    const shirt = result.items.find((i) => i.label === "Shirt")!;
    expect(shirt).toMatchObject({
      kind: "variants",
      variants_count: 3,
      sku: `ZZ-${u}-S`,
      brand: { id: w.brand.id, label: w.brand.label },
      active: true,
    });
    expect(shirt.tags.map((x) => x.id).sort()).toEqual(w.tags.map((x) => x.id).sort());
    expect(result.items.find((i) => i.label === "Fig")).toMatchObject({ brand: null, tags: [], variants_count: 1, sku: `FR1-${u}` });
  });

  it("adds up each variant's available over its locations: on hand (negative as 0) less committed, never below 0", async () => {
    const units = (n: number) => n * 10_000_000;
    const [a, b] = await w.db
      .insert(t.locations)
      .values([{ label: `A ${u}` }, { label: `B ${u}` }])
      .returning();
    const [s, m, l] = await w.db
      .select({ id: t.variants.id })
      .from(t.variants)
      .where(eq(t.variants.productId, made.shirt!))
      .orderBy(t.variants.id);
    await w.db.insert(t.stockLevels).values([
      // S: 4 + 6 held, 3 committed: 7. M: -5 (as 0) + 2 held, 1 committed: 1. L: 1 held, 4 committed: 0, not -3.
      { variantId: s!.id, locationId: a!.id, onHand: units(4), committed: units(3) },
      { variantId: s!.id, locationId: b!.id, onHand: units(6) },
      { variantId: m!.id, locationId: a!.id, onHand: units(-5), committed: units(1) },
      { variantId: m!.id, locationId: b!.id, onHand: units(2) },
      { variantId: l!.id, locationId: a!.id, onHand: units(1), committed: units(4) },
    ]);
    const shirt = (await list(`id=${made.shirt}`)).items[0] as Item & { available: string };
    expect(shirt.available).toBe("8.0000000");
    await w.db.delete(t.stockLevels).where(sql`${t.stockLevels.locationId} in (${a!.id}, ${b!.id})`);
  });

  it("pages with the total count", async () => {
    const first = await list("page_size=3&total_count=true");
    const third = await list("page_size=3&page=2&total_count=true");
    expect(labels(first.items)).toEqual(["apple juice", "Banana bread", "cherry jam"]);
    expect(labels(third.items)).toEqual(["Grape", "Shirt"]);
    expect(third).toMatchObject({ page: 2, page_size: 3, totalCount: 8 });
    expect(await list("page_size=3")).not.toHaveProperty("totalCount");
  });

  it.each([
    ["kind=variants", ["Shirt"]],
    ["kind__In=kit,variants", ["Date box", "Shirt"]],
    ["active=false", ["cherry jam"]],
    ["b2b_published=true", ["apple juice"]],
    ["brand_id=BRAND", ["apple juice", "Shirt"]],
    ["season_id=SEASON", ["Banana bread"]],
    ["tag_id=TAG0", ["apple juice", "Shirt"]],
    ["tag_id__In=TAG0,TAG1", ["apple juice", "cherry jam", "Shirt"]],
    ["sku=zz-U-m", ["Shirt"]],
    ["sku__Contains=-U", ["apple juice", "Banana bread", "cherry jam", "Date box", "Elderflower", "Fig", "Grape", "Shirt"]],
    ["sort=-label&kind=single&active=true", ["Grape", "Fig", "Elderflower", "Banana bread", "apple juice"]],
    ["search=ban", ["Banana bread"]],
    ["search=zz-U", ["Shirt"]],
    ["search=fr1-U", ["Fig"]],
    ["search=e", ["Elderflower"]],
    ["search=%25", []],
    [`or=${encodeURIComponent('[{"tag_id":TAG1},{"kind":"kit"}]')}`, ["cherry jam", "Date box", "Shirt"]],
    ["created_at__Gte=2000-01-01&label__Contains=an", ["Banana bread"]],
  ])("filters %s", async (query, expected) => {
    const q = query
      .replaceAll("BRAND", String(w.brand.id))
      .replaceAll("SEASON", String(w.season.id))
      .replaceAll("TAG0", String(w.tags[0]!.id))
      .replaceAll("TAG1", String(w.tags[1]!.id))
      .replaceAll("-U", `-${u}`);
    const result = await list(`${q}&total_count=true`);
    expect(labels(result.items)).toEqual(expected);
    expect(result.totalCount).toBe(expected.length);
  });

  it("refuses unknown filters and sorts", async () => {
    const response = await call("GET", "/products?colour=red&sort=sku", w.token);
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toMatchObject({ colour: { code: "unknown_filter" }, sort: { code: "unknown_sort" } });
  });

  it("answers the search, the sku and tag filters and the default sort from indexes", async () => {
    const plan = async (input: Record<string, unknown>) => {
      const query = parseListQuery(input, productList);
      const built = w.db
        .select({ id: t.products.id })
        .from(t.products)
        .where(productListWhere(query))
        .orderBy(sql`${t.products.label} collate nocase`, t.products.id)
        .limit(50)
        .toSQL();
      const rows = await w.db.$client.execute({ sql: `EXPLAIN QUERY PLAN ${built.sql}`, args: built.params as never });
      return rows.rows.map((r) => String(r.detail)).join("\n");
    };
    const search = await plan({ search: "abc" });
    expect(search).toContain("SEARCH products USING COVERING INDEX products_label_idx (label>? AND label<?)");
    expect(search).toContain("SEARCH variants USING INDEX variants_sku_unique (sku>? AND sku<?)");
    expect(search).not.toMatch(/SCAN (products|variants)/);
    const filtered = await plan({ tag_id: 3, sku: "abc" });
    expect(filtered).toContain("product_tag_links_tag_idx");
    expect(filtered).toContain("variants_sku_unique");
    expect(filtered).not.toMatch(/SCAN (products|variants|product_tag_links)/);
    // The default sort walks the label index: a page costs its rows, not the whole table.
    expect(await plan({})).toMatch(/SCAN products USING (COVERING )?INDEX products_label_idx/);
    // A brand's or a kind's page walks its own label index: no sort of the brand's products.
    for (const [filter, index] of [
      [{ brand_id: 2, active: true }, "products_brand_label_idx"],
      [{ kind: "kit" }, "products_kind_label_idx"],
    ] as const) {
      const filtered = await plan(filter);
      expect(filtered).toContain(`SEARCH products USING`);
      expect(filtered).toContain(index);
      expect(filtered).not.toContain("TEMP B-TREE");
    }
  });
});
