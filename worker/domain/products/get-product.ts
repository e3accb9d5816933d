import { requirePermission, type Ctx } from "../shared/ctx";
import { recordId } from "./common";
import { priceAccess, VIEW_PRODUCTS } from "./price-access";
import { loadProductView, type ProductView } from "./product-view";

/** One product with its variants, options, packs, components, prices, taxes, tags, brand and season. */
export async function getProduct(ctx: Ctx, input: { id: unknown }): Promise<ProductView> {
  requirePermission(ctx, VIEW_PRODUCTS);
  return loadProductView(ctx.db, recordId(input.id), priceAccess(ctx.actor));
}
