import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { readProductImage } from "../../../worker/domain/products/product-image";
import { requirePage } from "../../../worker/guards";
import { orNotFound } from "../../server/form-page.server";
import type { Route } from "./+types/image";
import { VIEW_PRODUCTS } from "./format";

// Shown for a product without an image: a light frame, so that a list of images keeps its grid.
const PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><rect width="160" height="160" fill="#eef0f3"/><path d="M40 112l28-36 22 26 14-16 16 26z" fill="#c5cad3"/><circle cx="104" cy="56" r="10" fill="#c5cad3"/></svg>`;

/** A product's image, from the files bucket, for the signed-in company's users who may view products. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, VIEW_PRODUCTS);
  const ctx = await ctxFromRequest(rc);
  const image = await orNotFound(() => readProductImage(ctx, { id: params.id }));
  if (!image) return new Response(PLACEHOLDER, { headers: { "content-type": "image/svg+xml", "cache-control": "private, max-age=60" } });
  return new Response(image.body, {
    headers: { "content-type": image.contentType, "cache-control": "private, max-age=86400", "x-content-type-options": "nosniff" },
  });
}
