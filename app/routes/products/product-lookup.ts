import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { LOOKS_UP_PRODUCTS, productLookup } from "../../../worker/domain/products/product-options";
import { pageUrl, requirePage } from "../../../worker/guards";
import type { Route } from "./+types/product-lookup";

/** `?q=` → the products whose label starts with it (JSON), for a product filter's suggestions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, LOOKS_UP_PRODUCTS);
  const items = await productLookup(await ctxFromRequest(rc), { text: pageUrl(request).searchParams.get("q") ?? "" });
  return Response.json({ items }, { headers: { "cache-control": "private, max-age=30" } });
}
