import { redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { emailSalesDocument } from "../../../worker/domain/sales/email-sales-document";
import { SALES_ACCESS, type SalesDocumentType } from "../../../worker/domain/sales/sales-documents";
import { requirePage } from "../../../worker/guards";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/document-email";

const TYPES: Record<string, SalesDocumentType> = {
  estimates: "estimate",
  "sales-orders": "sales_order",
  "shipping-orders": "shipping_order",
};

function typeOf(request: Request): { type: SalesDocumentType; path: string } {
  const segment = new URL(request.url).pathname.split("/")[2] ?? "";
  return { type: TYPES[segment]!, path: `/sales/${segment}` };
}

/**
 * POST /sales/{estimates|sales-orders|shipping-orders}/{id}/email {to, cc, subject, body}: the
 * document's email is queued, then its page says so; a refusal comes back to the form that posted.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { type, path } = typeOf(request);
  const rc = context.get(requestContext);
  requirePage(request, rc, SALES_ACCESS[type].edit);
  const form = await request.formData();
  const field = (name: string) => {
    const value = String(form.get(name) ?? "").trim();
    return value ? { [name]: value } : {};
  };
  return formAction(async () => {
    await emailSalesDocument(await ctxFromRequest(rc), {
      type,
      id: params.id,
      ...field("to"),
      ...field("cc"),
      ...field("subject"),
      ...field("body"),
    });
    return redirect(`${path}/${params.id}?notice=emailed`);
  });
}

export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(`${typeOf(request).path}/${params.id}`);
}
