import { and, asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import { parseInput, strictInput } from "../shared/input";
import { buyerOf } from "./buyer";
import { readCartCatalogue } from "./cart-catalogue";

const t = tenantSchema;

/** Catalogue page size (platform spec §9). */
export const CATALOGUE_PAGE_SIZE = 28;

export const ListStoreCatalogueInput = strictInput({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(0).max(100_000).optional(),
});

export interface StoreCatalogueItem {
  variant_id: number;
  product_id: number;
  sku: string;
  label: string;
  product: string;
  /** The buyer's price of one unit, before the customer's discount. */
  price: string;
  /** Units the store may sell, before the buyer's cart. */
  available: string;
  minimum_quantity: string;
  track_inventory: boolean;
}

const plain = (text: string) => text.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

/**
 * A page of what the store sells (active variants published to it), 28 a page, by label, found by
 * the start of their label or SKU: each with the buyer's own price and the stock left.
 */
export async function listStoreCatalogue(
  ctx: Ctx,
  input: unknown,
): Promise<{ items: StoreCatalogueItem[]; page: number; page_size: number; total: number; currency: string | null }> {
  const buyer = buyerOf(ctx);
  const { search, page = 0 } = parseInput(ListStoreCatalogueInput, input);
  const { db } = ctx;
  const like = search ? `${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(t.variants.active, true),
    eq(t.variants.b2bPublished, true),
    like ? sql`(${t.variants.label} like ${like} escape '\\' or ${t.variants.sku} like ${like} escape '\\')` : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select({ id: t.variants.id, productId: t.variants.productId })
      .from(t.variants)
      .where(where)
      .orderBy(sql`${t.variants.label} collate nocase`, asc(t.variants.id))
      .limit(CATALOGUE_PAGE_SIZE)
      .offset(page * CATALOGUE_PAGE_SIZE),
    db.select({ n: count() }).from(t.variants).where(where),
  ]);
  const catalogue = await readCartCatalogue(
    ctx,
    buyer,
    rows.map((r) => ({ variantId: r.id, packId: null })),
  );
  const items = rows.flatMap((r) => {
    const item = catalogue.items.get(String(r.id));
    const facts = catalogue.facts.get(String(r.id));
    if (!item || !facts) return [];
    return [
      {
        variant_id: r.id,
        product_id: r.productId,
        sku: facts.sku,
        label: facts.label,
        product: facts.productLabel,
        price: item.price.toString(),
        available: plain((catalogue.available.get(r.id) ?? item.quantity).toString()),
        minimum_quantity: plain(item.minimumQuantity.toString()),
        track_inventory: item.trackInventory,
      },
    ];
  });
  return { items, page, page_size: CATALOGUE_PAGE_SIZE, total: total?.n ?? 0, currency: catalogue.currency };
}
