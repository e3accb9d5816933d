import { count, eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../db/client";
import { makeCompany } from "../support/factories";
import { callApiJson as call } from "../support/fetch-app";

/** One call of /api/v1, JSON in and out. */
export { call };

const t = tenantSchema;

let n = 0;
/** A suffix that keeps labels and skus apart between tests. */
export const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

/**
 * A company with what products refer to: the default currency and USD at 1.08, three price
 * levels (the first the default selling one), attributes with options, a brand, a season, tags
 * and taxes. Settings rows are inserted directly: their own screens are tested elsewhere.
 */
export async function productWorld() {
  const company = await makeCompany();
  const db = company.db;
  const u = unique();
  let [base] = await db.select().from(t.currencies).where(eq(t.currencies.isDefault, true));
  if (!base) [base] = await db.insert(t.currencies).values({ iso: "EUR", label: "Euro", sign: "€", isDefault: true }).returning();
  let [usd] = await db.select().from(t.currencies).where(eq(t.currencies.iso, "USD"));
  if (!usd)
    [usd] = await db.insert(t.currencies).values({ iso: "USD", label: "US dollar", sign: "$", exchangeRate: 108_000_000 }).returning();
  const [gbp] = await db.insert(t.currencies).values({ iso: "GBP", label: "Pound", sign: "£", exchangeRate: 85_000_000 }).returning();
  const [retail, wholesale, purchase] = await db
    .insert(t.priceLevels)
    .values([
      { label: `Retail ${u}`, type: "selling" },
      { label: `Wholesale ${u}`, type: "selling" },
      { label: `Purchase ${u}`, type: "purchasing" },
    ])
    .returning();
  await db.update(t.companySettings).set({ defaultSellingPriceLevelId: retail!.id }).where(eq(t.companySettings.id, 1));

  const attribute = async (label: string, options: string[]) => {
    const [a] = await db
      .insert(t.attributes)
      .values({ label: `${label} ${u}` })
      .returning();
    const rows = await db
      .insert(t.attributeOptions)
      .values(options.map((o, position) => ({ attributeId: a!.id, label: o, position })))
      .returning();
    return { id: a!.id, options: Object.fromEntries(rows.map((r) => [r.label, r.id])) as Record<string, number> };
  };
  const size = await attribute("Size", ["S", "M", "L"]);
  const colour = await attribute("Colour", ["Red", "Blue"]);
  const material = await attribute("Material", ["Cotton"]);
  const fit = await attribute("Fit", ["Slim"]);
  const [brand] = await db
    .insert(t.brands)
    .values({ label: `Brand ${u}` })
    .returning();
  const [season] = await db
    .insert(t.seasons)
    .values({ label: `Season ${u}` })
    .returning();
  const tags = await db
    .insert(t.productTags)
    .values([{ label: `New ${u}` }, { label: `Organic ${u}` }])
    .returning();
  const [vat, oldTax] = await db
    .insert(t.taxes)
    .values([
      { label: `VAT 20 ${u}`, abbreviation: "VAT20", rate: 200_000 },
      { label: `Old tax ${u}`, abbreviation: "OLD", rate: 50_000, active: false },
    ])
    .returning();
  return {
    company,
    db,
    token: company.token,
    base: base!,
    usd: usd!,
    gbp: gbp!,
    retail: retail!,
    wholesale: wholesale!,
    purchase: purchase!,
    size,
    colour,
    material,
    fit,
    brand: brand!,
    season: season!,
    tags,
    vat: vat!,
    oldTax: oldTax!,
  };
}
export type ProductWorld = Awaited<ReturnType<typeof productWorld>>;

/** How many rows each product table holds: a refused write must leave them all unchanged. */
export async function rowCounts(db: TenantDb) {
  const tables = {
    products: t.products,
    variants: t.variants,
    prices: t.prices,
    packs: t.packs,
    components: t.components,
    variant_taxes: t.variantTaxes,
    product_tag_links: t.productTagLinks,
    product_attributes: t.productAttributes,
  };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** A single product made through the API; returns its id and its variant's. */
export async function makeSingle(w: ProductWorld, body: Record<string, unknown> = {}, variant: Record<string, unknown> = {}) {
  const sku = `SKU-${unique()}`;
  const response = await call("POST", "/products", w.token, {
    label: `Single ${sku}`,
    kind: "single",
    ...body,
    variants: [{ sku, ...variant }],
  });
  if (response.status !== 201) throw new Error(`makeSingle: ${response.status} ${JSON.stringify(response.body)}`);
  return { id: response.body.id as number, variantId: response.body.variants[0].id as number, sku, body: response.body };
}
