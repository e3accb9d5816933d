import { requestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { DOCUMENT_ACCESS } from "../../../../worker/domain/documents/document-types";
import { documentPdf } from "../../../../worker/domain/documents/outputs";
import { pdfResponse } from "../../../../worker/pdf-response";
import { requirePage } from "../../../../worker/guards";
import { orNotFound } from "../../../server/form-page.server";
import type { Route } from "./+types/pdf";

/** /inventory/purchase-orders/{id}/pdf: the order's PDF, for whoever may read it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, DOCUMENT_ACCESS.purchase_order.view);
  const ctx = await ctxFromRequest(rc);
  return pdfResponse(await orNotFound(() => documentPdf(ctx, { type: "purchase_order", id: params.id })));
}
