import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { documentPdf } from "../../../worker/domain/documents/outputs";
import { SALES_ACCESS } from "../../../worker/domain/sales/sales-documents";
import { pdfResponse } from "../../../worker/pdf-response";
import { requirePage } from "../../../worker/guards";
import { orNotFound } from "../../server/form-page.server";
import type { Route } from "./+types/document-pdf";
import { salesDocumentOf } from "./document-address";

/** /sales/{estimates|sales-orders|shipping-orders|invoices}/{id}/pdf: the document's PDF, for whoever may read it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { type } = salesDocumentOf(request);
  const rc = context.get(requestContext);
  requirePage(request, rc, SALES_ACCESS[type].read);
  const ctx = await ctxFromRequest(rc);
  return pdfResponse(await orNotFound(() => documentPdf(ctx, { type, id: params.id })));
}
