import { data } from "react-router";
import type { RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import type { PermissionCheck } from "../../../worker/domain/identity/permissions";
import { getProduct } from "../../../worker/domain/products/get-product";
import { requirePage } from "../../../worker/guards";
import { orNotFound } from "../../server/form-page.server";

/** The guarded product (and variant, when the path names one) of a page: 404 when the company has none such. */
export async function loadProductPage(request: Request, rc: RequestContext, check: PermissionCheck, productId: string, variantId?: string) {
  const actor = requirePage(request, rc, check);
  const ctx = await ctxFromRequest(rc);
  const product = await orNotFound(() => getProduct(ctx, { id: productId }));
  const variant = variantId === undefined ? undefined : product.variants.find((v) => String(v.id) === variantId);
  if (variantId !== undefined && !variant) throw data(null, { status: 404 });
  return { actor, ctx, product, variant: variant ?? product.variants[0]! };
}
