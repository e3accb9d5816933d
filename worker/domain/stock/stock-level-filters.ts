import { productChoices, productFilterOptions } from "../products/product-options";
import { requirePermission, type Ctx } from "../shared/ctx";
import { VIEW_INVENTORY } from "./stock-access";

/** The stock level list's filter choices: brands, product tags and the first products by label. */
export async function stockLevelFilters(ctx: Ctx) {
  requirePermission(ctx, VIEW_INVENTORY);
  const [{ brands, tags }, products] = await Promise.all([productFilterOptions(ctx.db), productChoices(ctx.db)]);
  return { brands, tags, products };
}
