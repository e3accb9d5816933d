import { requestContext } from "../../../worker/context";
import { publicInvoicePdf } from "../../../worker/domain/invoices/public-invoice";
import { pdfResponse } from "../../../worker/pdf-response";
import { recoverFrom } from "../../server/form-page.server";
import type { Route } from "./+types/invoice-pdf";
import { openPublicCompany, PUBLIC_INVOICE_HEADERS } from "./invoice.server";

/** /public/invoices/{id}/pdf: the invoice's PDF through its public link, without signing in; any other id is the same bare 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  return recoverFrom(
    ["not_found"],
    async () => {
      const response = pdfResponse(await publicInvoicePdf(openPublicCompany(rc), params.id, rc.locale));
      for (const [name, value] of Object.entries(PUBLIC_INVOICE_HEADERS)) response.headers.set(name, value);
      return response;
    },
    () => new Response("Not found", { status: 404, headers: { ...PUBLIC_INVOICE_HEADERS, "content-type": "text/plain; charset=utf-8" } }),
  );
}
