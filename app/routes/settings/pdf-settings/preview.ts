import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { previewPdfSettings } from "../../../../worker/domain/settings/pdf-settings/preview-pdf-settings";
import { pageUrl, requirePage } from "../../../../worker/guards";
import type { Route } from "./+types/preview";

/** A sample document printed with the saved PDF settings, for any signed-in user of the company. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc);
  const kind = pageUrl(request).searchParams.get("kind") ?? undefined;
  const bytes = await previewPdfSettings(await ctxFromRequest(rc), kind ? { kind } : {});
  return new Response(bytes, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": 'inline; filename="preview.pdf"',
      "cache-control": "private, no-store",
    },
  });
}
