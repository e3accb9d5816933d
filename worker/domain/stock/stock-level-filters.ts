import { productFilterOptions, productLookedUp, type ProductLookupResult } from "../products/product-options";
import { requirePermission, type Ctx } from "../shared/ctx";
import { VIEW_INVENTORY } from "./stock-access";

/**
 * The stock level list's filter choices: brands and product tags, and the product the list is
 * filtered by when it names one (its label; other products are looked up as they are typed).
 */
export async function stockLevelFilters(
  ctx: Ctx,
  productParam: unknown,
): Promise<{ brands: { id: number; label: string }[]; tags: { id: number; label: string }[]; product: ProductLookupResult | null }> {
  requirePermission(ctx, VIEW_INVENTORY);
  const [{ brands, tags }, product] = await Promise.all([productFilterOptions(ctx.db), productLookedUp(ctx, productParam)]);
  return { brands, tags, product };
}
