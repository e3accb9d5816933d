import { asc, count, eq, inArray, min, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseListQuery, type ListCondition, type ListFilter, type ListQuery } from "../shared/list-query";
import { defineListRegistry, likePrefix, listWhere, runList, type ListResult } from "../shared/list-query-sql";
import { PRODUCT_KINDS } from "../../../db/schema/tenant/catalogue";
import { fromScaledInteger, QUANTITY_SCALE } from "../shared/money";
import { pooledAvailableSql } from "../stock/availability";
import { VIEW_PRODUCTS } from "./price-access";
import type { ProductKind } from "./product-rules";

const t = tenantSchema;

/** Millisecond timestamps filtered as calendar days (UTC), sorted as stored. */
const day = (column: typeof t.products.createdAt | typeof t.products.updatedAt) => sql`date(${column} / 1000, 'unixepoch')`;

/**
 * What a product has available: the sum over its variants of each one's available in all its
 * locations (stock/availability.ts); one variant's stock never fills another's orders.
 */
const productAvailable = sql`(select coalesce(sum((select ${pooledAvailableSql()} from ${t.stockLevels} where ${t.stockLevels.variantId} = ${t.variants.id})), 0)
  from ${t.variants} where ${t.variants.productId} = ${t.products.id})`;

/** A product matches when one of its variants' skus does: served by the sku index. */
const skuMatch = (condition: SQL | undefined) =>
  sql`${t.products.id} in (select ${t.variants.productId} from ${t.variants} where ${condition})`;

export const productList = defineListRegistry({
  primaryKey: t.products.id,
  fields: {
    id: { type: "id", column: t.products.id, sortable: true },
    label: { type: "text", column: t.products.label, sortColumn: sql`${t.products.label} collate nocase`, sortable: true },
    kind: { type: "enum", values: PRODUCT_KINDS, column: t.products.kind, sortable: true },
    active: { type: "boolean", column: t.products.active },
    brand_id: { type: "id", column: t.products.brandId },
    season_id: { type: "id", column: t.products.seasonId },
    // Through product_tag_links and variants: see productFilter.
    tag_id: { type: "id", column: t.productTagLinks.tagId },
    sku: { type: "text", column: sql`${t.variants.sku} collate nocase` },
    b2b_published: { type: "boolean", column: t.products.b2bPublished },
    available: { type: "decimal", scale: QUANTITY_SCALE, column: productAvailable, sortable: true },
    created_at: { type: "date", column: day(t.products.createdAt), sortColumn: t.products.createdAt, sortable: true },
    updated_at: { type: "date", column: day(t.products.updatedAt), sortColumn: t.products.updatedAt, sortable: true },
  },
  // Prefixes of the label or of a sku, answered from the NOCASE indexes (products_label_idx, variants_sku_unique).
  search: (text: string) => sql`(${likePrefix(t.products.label, text)} or ${skuMatch(likePrefix(t.variants.sku, text))})`,
});

/** The SQL of one condition on its own, as the list engine writes it. */
function conditionSql(condition: ListCondition): SQL | undefined {
  const alone: ListQuery = {
    page: 0,
    page_size: 1,
    limit: 1,
    offset: 0,
    sort: [],
    total_count: false,
    filter: { conditions: [condition], or: [] },
  };
  return listWhere(productList, alone);
}

/**
 * The list engine compares a field's column in the listed row; a tag or a sku lives in another
 * table, so their conditions become `id in (select product_id …)` subqueries here.
 */
function productFilter(filter: ListFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = filter.conditions.map((c) => {
    if (c.field === "tag_id")
      return sql`${t.products.id} in (select ${t.productTagLinks.productId} from ${t.productTagLinks} where ${conditionSql(c)})`;
    if (c.field === "sku") return skuMatch(conditionSql(c));
    return conditionSql(c);
  });
  for (const group of filter.or) {
    const branches = group.map(productFilter).filter((b): b is SQL => b !== undefined);
    if (branches.length) parts.push(sql`(${sql.join(branches, sql` or `)})`);
  }
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length
    ? sql.join(
        present.map((p) => sql`(${p})`),
        sql` and `,
      )
    : undefined;
}

/** The WHERE of a products list: its filters and its search. */
export function productListWhere(query: ListQuery): SQL | undefined {
  const search = query.search !== undefined ? productList.search(query.search) : undefined;
  const filter = productFilter(query.filter);
  return filter && search ? sql`${filter} and ${search}` : (filter ?? search);
}

export interface ProductListItem {
  id: number;
  label: string;
  kind: ProductKind;
  active: boolean;
  b2b_published: boolean;
  brand: { id: number; label: string } | null;
  season_id: number | null;
  /** The first variant's sku. */
  sku: string | null;
  variants_count: number;
  /** Units available over its variants and locations: on hand (negative as 0) less committed (stock/availability.ts). */
  available: string;
  tags: { id: number; label: string }[];
  created_at: number;
  updated_at: number;
}

/** Each variant's available over its locations, for the page's products. */
const perVariant = (db: TenantDb, ids: SQLWrapper) =>
  db
    .select({ productId: t.variants.productId, available: sql<number>`${pooledAvailableSql()}`.as("available") })
    .from(t.stockLevels)
    .innerJoin(t.variants, eq(t.variants.id, t.stockLevels.variantId))
    .where(inArray(t.variants.productId, ids))
    .groupBy(t.stockLevels.variantId)
    .as("per_variant");

/** The page's brands, variant counts, first skus, tags and stock, keyed on its ids as a subquery. */
function pageReads(db: TenantDb, ids: SQLWrapper) {
  const variants = perVariant(db, ids);
  return [
    db
      .select({ id: t.brands.id, label: t.brands.label })
      .from(t.brands)
      .where(inArray(t.brands.id, db.select({ id: t.products.brandId }).from(t.products).where(inArray(t.products.id, ids)))),
    db
      .select({ productId: t.variants.productId, n: count() })
      .from(t.variants)
      .where(inArray(t.variants.productId, ids))
      .groupBy(t.variants.productId),
    db
      .select({ productId: t.variants.productId, sku: t.variants.sku })
      .from(t.variants)
      .where(
        inArray(
          t.variants.id,
          db
            .select({ id: min(t.variants.id) })
            .from(t.variants)
            .where(inArray(t.variants.productId, ids))
            .groupBy(t.variants.productId),
        ),
      ),
    db
      .select({ productId: t.productTagLinks.productId, id: t.productTags.id, label: t.productTags.label })
      .from(t.productTagLinks)
      .innerJoin(t.productTags, eq(t.productTags.id, t.productTagLinks.tagId))
      .where(inArray(t.productTagLinks.productId, ids))
      .orderBy(sql`${t.productTags.label} collate nocase`, asc(t.productTags.id)),
    // Each variant's available over its locations, added up per product: one row per product.
    db
      .select({ productId: variants.productId, available: sql<number>`sum(${variants.available})` })
      .from(variants)
      .groupBy(variants.productId),
  ] as const;
}

/**
 * GET /products: filters, sort, search and pages of the list engine. The page's brands, variant
 * counts, first skus and tags come in the page's round trip, keyed on its ids as a subquery.
 */
export async function listProducts(ctx: Ctx, input: URLSearchParams | Record<string, unknown>): Promise<ListResult<ProductListItem>> {
  requirePermission(ctx, VIEW_PRODUCTS);
  const { db } = ctx;
  const parsed = parseListQuery(input, productList);
  const where = productListWhere(parsed);
  // The whole WHERE is given: the engine only sorts, pages and counts.
  const query: ListQuery = { ...parsed, filter: { conditions: [], or: [] } };
  delete query.search;
  const page = await runList(db, {
    from: t.products,
    registry: productList,
    query,
    ...(where ? { where } : {}),
    related: pageReads,
  });
  const { related, ...list } = page;
  const [brands, counts, firsts, tags, stock] = related;
  const availableOf = new Map(stock.map((s) => [s.productId, Number(s.available)]));
  const brandOf = new Map(brands.map((b) => [b.id, b]));
  const countOf = new Map(counts.map((c) => [c.productId, c.n]));
  const skuOf = new Map(firsts.map((f) => [f.productId, f.sku]));
  return {
    ...list,
    items: list.items.map((p) => ({
      id: p.id,
      label: p.label,
      kind: p.kind,
      active: p.active,
      b2b_published: p.b2bPublished,
      brand: p.brandId !== null ? (brandOf.get(p.brandId) ?? null) : null,
      season_id: p.seasonId,
      sku: skuOf.get(p.id) ?? null,
      variants_count: countOf.get(p.id) ?? 0,
      available: fromScaledInteger(availableOf.get(p.id) ?? 0, QUANTITY_SCALE).toString(),
      tags: tags.filter((x) => x.productId === p.id).map(({ id, label }) => ({ id, label })),
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    })),
  };
}
