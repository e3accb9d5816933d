import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { operationDownload } from "../../../worker/domain/operations/operations";
import { requirePage } from "../../../worker/guards";
import { orNotFound } from "../../server/form-page.server";
import type { Route } from "./+types/download";

/** The file of one of the user's completed exports, as an attachment. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc);
  const ctx = await ctxFromRequest(rc);
  const file = await orNotFound(() => operationDownload(ctx, params.batchId));
  const object = await ctx.files.get(file.key);
  if (!object) throw new Response(null, { status: 404 });
  return new Response(object.body, {
    headers: {
      "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
