import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { PICKS_VARIANTS, variantChoices } from "../../../worker/domain/products/variant-choices";
import { pageUrl, requirePage } from "../../../worker/guards";
import type { Route } from "./+types/variant-choices";

/** `?q=` → the variants whose SKU or label starts with it (JSON), for the SKU fields' suggestions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, PICKS_VARIANTS);
  const items = await variantChoices(await ctxFromRequest(rc), { text: pageUrl(request).searchParams.get("q") ?? "" });
  return Response.json({ items }, { headers: { "cache-control": "private, max-age=30" } });
}
