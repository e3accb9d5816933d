import type { TenantDb } from "../../../db/client";
import { pricesOfVariants, type PriceItem, type PriceTerms, type VariantPrice } from "./prices-of-variants";

export { EXCHANGE_RATE_SCALE, type VariantPrice } from "./prices-of-variants";

export type PriceQuery = PriceItem & PriceTerms;

/**
 * The calculated price of a variant or one of its packs (platform spec §7), in one round trip:
 * the batched price function asked for one item.
 */
export async function priceOfVariant(db: TenantDb, { variantId, packId, ...terms }: PriceQuery): Promise<VariantPrice> {
  const [price] = await pricesOfVariants(db, terms, [{ variantId, packId }]);
  return price!;
}
