import { data } from "react-router";
import type { RequestContext } from "../../../worker/context";
import type { PermissionCheck } from "../../../worker/domain/identity/permissions";
import { getProduct } from "../../../worker/domain/products/get-product";
import { requirePage } from "../../../worker/guards";
import { orNotFound } from "../../server/form-page.server";

/** The guarded product (and variant, when the path names one) of a page: 404 when the company has none such. */
export async function loadProductPage(
  request: Request,
  ctx: RequestContext,
  check: PermissionCheck,
  productId: string,
  variantId?: string,
) {
  const actor = requirePage(request, ctx, check);
  const db = await ctx.tenant();
  const product = await orNotFound(() => getProduct(db, actor, productId));
  const variant = variantId === undefined ? undefined : product.variants.find((v) => String(v.id) === variantId);
  if (variantId !== undefined && !variant) throw data(null, { status: 404 });
  return { actor, db, product, variant: variant ?? product.variants[0]! };
}
