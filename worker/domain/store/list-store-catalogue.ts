import { and, asc, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import { parseInput, strictInput } from "../shared/input";
import { pooledAvailableSql } from "../stock/availability";
import { buyerOf } from "./buyer";
import { readCartCatalogue, storeLocation } from "./cart-catalogue";
import { cartKey } from "./cart-rules";
import { storeLineView, type StoreLineView } from "./cart-view";
import { sellableVariant } from "./sellable";

const t = tenantSchema;

/** Catalogue page size (platform spec §9). */
export const CATALOGUE_PAGE_SIZE = 28;

const zFilter = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

export const ListStoreCatalogueInput = strictInput({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).max(100_000).optional(),
  // The store's filters (its settings say which the page offers).
  brand_id: zFilter,
  season_id: zFilter,
  tag_id: zFilter,
  option_id: zFilter,
});

/** A variant of the catalogue page, with its product to link to. */
export type StoreCatalogueItem = StoreLineView & { product_id: number };

/**
 * A page of what the store sells (sellable.ts), 28 a page, by label, found by
 * the start of their label or SKU: each with the buyer's own price and the stock left. A store that
 * does not display out-of-stock products leaves out those with none left.
 */
export async function listStoreCatalogue(
  ctx: Ctx,
  input: unknown,
): Promise<{ items: StoreCatalogueItem[]; page: number; page_size: number; has_more: boolean; currency: string | null }> {
  const buyer = buyerOf(ctx);
  const { search, page = 0, brand_id, season_id, tag_id, option_id } = parseInput(ListStoreCatalogueInput, input);
  const ofProduct = (condition: SQL) =>
    sql`exists (select 1 from ${t.products} where ${t.products.id} = ${t.variants.productId} and ${condition})`;
  const { db } = ctx;
  const like = search ? `${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  // A store that does not display what is out of stock leaves out the tracked variants (kits aside) with none left at its location.
  const showsOutOfStock = sql`coalesce(json_extract((select ${t.storeSettings.settings} from ${t.storeSettings} where ${t.storeSettings.id} = 1), '$.display_out_of_stock'), 1) = 1`;
  // In stock at the store's location, or in all its active locations when it sells from all of them.
  const allLocations = sql`coalesce(json_extract((select ${t.storeSettings.settings} from ${t.storeSettings} where ${t.storeSettings.id} = 1), '$.use_stock_from_all_locations'), 0) = 1`;
  const inStock = sql`(select ${pooledAvailableSql()}
    from ${t.stockLevels} join ${t.locations} on ${t.locations.id} = ${t.stockLevels.locationId} and ${t.locations.active}
    where ${t.stockLevels.variantId} = ${t.variants.id} and (${allLocations} or ${t.stockLevels.locationId} = (${storeLocation(db)}))) > 0`;
  const where = and(
    sellableVariant(),
    sql`(${showsOutOfStock} or not ${t.variants.trackInventory} or ${t.variants.isKit} or ${inStock})`,
    brand_id ? ofProduct(sql`${t.products.brandId} = ${brand_id}`) : undefined,
    season_id ? ofProduct(sql`${t.products.seasonId} = ${season_id}`) : undefined,
    tag_id
      ? sql`exists (select 1 from ${t.productTagLinks} where ${t.productTagLinks.productId} = ${t.variants.productId} and ${t.productTagLinks.tagId} = ${tag_id})`
      : undefined,
    option_id ? sql`${option_id} in (${t.variants.option1Id}, ${t.variants.option2Id}, ${t.variants.option3Id})` : undefined,
    like ? sql`(${t.variants.label} like ${like} escape '\\' or ${t.variants.sku} like ${like} escape '\\')` : undefined,
  );
  // One more than a page tells whether a next page exists: no count over the whole catalogue.
  const found = await db
    .select({ id: t.variants.id, productId: t.variants.productId })
    .from(t.variants)
    .where(where)
    .orderBy(sql`${t.variants.label} collate nocase`, asc(t.variants.id))
    .limit(CATALOGUE_PAGE_SIZE + 1)
    .offset(page * CATALOGUE_PAGE_SIZE);
  const rows = found.slice(0, CATALOGUE_PAGE_SIZE);
  const catalogue = await readCartCatalogue(
    ctx,
    buyer,
    rows.map((r) => ({ variantId: r.id, packId: null })),
  );
  const items = rows.flatMap((r) => {
    const line = storeLineView(catalogue, cartKey(r.id, null));
    return line ? [{ ...line, product_id: r.productId }] : [];
  });
  return { items, page, page_size: CATALOGUE_PAGE_SIZE, has_more: found.length > CATALOGUE_PAGE_SIZE, currency: catalogue.currency };
}
