import { requestContext } from "../../../worker/context";
import { variantChoices } from "../../../worker/domain/products/variant-choices";
import { pageUrl, requirePage } from "../../../worker/guards";
import type { Route } from "./+types/variant-choices";

/** Whoever types SKUs in a product or stock form may look them up. */
const PICKS_VARIANTS = {
  anyOf: ["view_products", "view_products_inventory", "view_stock_entries", "view_stock_removals", "view_stock_movements"],
} as const;

/** `?q=` → the variants whose SKU or label starts with it (JSON), for the SKU fields' suggestions. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  requirePage(request, ctx, PICKS_VARIANTS);
  const items = await variantChoices(await ctx.tenant(), pageUrl(request).searchParams.get("q") ?? "");
  return Response.json({ items }, { headers: { "cache-control": "private, max-age=30" } });
}
