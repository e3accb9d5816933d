import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import { buyerOf } from "./buyer";
import { sellableProduct } from "./sellable";
import { readStoreSettings } from "./settings/store-settings";

const t = tenantSchema;

export interface StoreFilter {
  name: "brand_id" | "season_id" | "tag_id" | "option_id";
  options: { id: number; label: string }[];
}

/**
 * What the catalogue offers beside its list (domain spec §3): the filters the store displays, each
 * with the values it lets buyers choose (the ticked ones, or all), and its featured products that
 * the store still sells. One round trip after the settings.
 */
export async function getStoreCatalogueChoices(
  ctx: Ctx,
  _input: Record<string, never> = {},
): Promise<{ filters: StoreFilter[]; featured: { id: number; label: string }[] }> {
  buyerOf(ctx);
  const settings = await readStoreSettings(ctx.db);
  const offersSome =
    settings.display_brand_filter ||
    settings.display_season_filter ||
    settings.display_tag_filter ||
    settings.display_attribute_filter ||
    settings.featured_product_ids.length > 0;
  if (!offersSome) return { filters: [], featured: [] };
  const { db } = ctx;
  const only = (column: Parameters<typeof inArray>[0], ids: number[]): SQL | undefined => (ids.length ? inArray(column, ids) : undefined);
  const [brands, seasons, tags, options, featured] = await db.batch([
    db
      .select({ id: t.brands.id, label: t.brands.label })
      .from(t.brands)
      .where(settings.display_brand_filter ? only(t.brands.id, settings.visible_brand_ids) : sql`0`)
      .orderBy(asc(t.brands.label)),
    db
      .select({ id: t.seasons.id, label: t.seasons.label })
      .from(t.seasons)
      .where(settings.display_season_filter ? only(t.seasons.id, settings.visible_season_ids) : sql`0`)
      .orderBy(asc(t.seasons.label)),
    db
      .select({ id: t.productTags.id, label: t.productTags.label })
      .from(t.productTags)
      .where(settings.display_tag_filter ? only(t.productTags.id, settings.visible_tag_ids) : sql`0`)
      .orderBy(asc(t.productTags.label)),
    db
      .select({ id: t.attributeOptions.id, label: sql<string>`${t.attributes.label} || ' : ' || ${t.attributeOptions.label}` })
      .from(t.attributeOptions)
      .innerJoin(t.attributes, eq(t.attributes.id, t.attributeOptions.attributeId))
      .where(settings.display_attribute_filter ? only(t.attributes.id, settings.visible_attribute_ids) : sql`0`)
      .orderBy(asc(t.attributes.label), asc(t.attributeOptions.label))
      .limit(500),
    db
      .select({ id: t.products.id, label: t.products.label })
      .from(t.products)
      .where(settings.featured_product_ids.length ? and(inArray(t.products.id, settings.featured_product_ids), sellableProduct()) : sql`0`),
  ]);
  const filters: StoreFilter[] = [
    { name: "brand_id" as const, options: brands },
    { name: "season_id" as const, options: seasons },
    { name: "tag_id" as const, options: tags },
    { name: "option_id" as const, options: options },
  ].filter((f) => f.options.length > 0);
  // In the order the staff chose them.
  const order = new Map(settings.featured_product_ids.map((id, i) => [id, i]));
  return { filters, featured: featured.sort((a, b) => order.get(a.id)! - order.get(b.id)!) };
}
