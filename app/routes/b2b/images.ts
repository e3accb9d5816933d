import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { readStoreImage, STORE_IMAGES } from "../../../worker/domain/store/settings/store-images";
import { storeVisit } from "../../../worker/store-visit";
import type { Route } from "./+types/images";

/**
 * The store's banner and login background, for its buyers and for visitors of its sign-in page
 * (the store named by the host, `?company=` or the last store signed in to). 404 without one.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const image = STORE_IMAGES.find((i) => i === params.image);
  if (!image) throw new Response(null, { status: 404 });
  const ctx = rc.actor?.kind === "user" ? await ctxFromRequest(rc) : (await storeVisit(rc, request))?.ctx;
  const stored = ctx ? await readStoreImage(ctx, { image }) : null;
  if (!stored) throw new Response(null, { status: 404 });
  return new Response(stored.body, {
    headers: { "content-type": stored.contentType, "cache-control": "private, max-age=300", "x-content-type-options": "nosniff" },
  });
}
