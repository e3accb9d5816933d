import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { readCompanyLogo } from "../../../worker/domain/settings/company-settings/read-company-logo";
import { requirePage } from "../../../worker/guards";
import type { Route } from "./+types/company-logo";

// Without a logo: an empty image, as a product without one gets its placeholder.
const NONE = `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`;

/** The company's logo from the files bucket, for its signed-in users. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc);
  const logo = await readCompanyLogo(await ctxFromRequest(rc));
  if (!logo) return new Response(NONE, { headers: { "content-type": "image/svg+xml", "cache-control": "private, max-age=60" } });
  return new Response(logo.body, {
    headers: { "content-type": logo.contentType, "cache-control": "private, max-age=86400", "x-content-type-options": "nosniff" },
  });
}
