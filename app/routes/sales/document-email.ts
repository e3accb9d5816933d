import { redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { emailDocument } from "../../../worker/domain/documents/document-emails";
import { getInvoice } from "../../../worker/domain/invoices/get-invoice";
import { getEstimate } from "../../../worker/domain/sales/get-estimate";
import { getSalesOrder } from "../../../worker/domain/sales/get-sales-order";
import { getShippingOrder } from "../../../worker/domain/sales/get-shipping-order";
import { SALES_ACCESS, type SalesDocumentType } from "../../../worker/domain/sales/sales-documents";
import type { Ctx } from "../../../worker/domain/shared/ctx";
import { requirePage } from "../../../worker/guards";
import { formAction, orNotFound } from "../../server/form-page.server";
import type { Route } from "./+types/document-email";
import { salesDocumentOf } from "./document-address";

const READ: Record<SalesDocumentType, (ctx: Ctx, input: { id: unknown }) => Promise<unknown>> = {
  estimate: getEstimate,
  sales_order: getSalesOrder,
  shipping_order: getShippingOrder,
  invoice: getInvoice,
};

/**
 * POST /sales/{estimates|sales-orders|shipping-orders|invoices}/{id}/email {to, cc, language, subject, body}:
 * the document's email is queued (in the language the form showed it in), then its page says so;
 * a refusal comes back to the form that posted.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { type, path } = salesDocumentOf(request);
  const rc = context.get(requestContext);
  requirePage(request, rc, SALES_ACCESS[type].edit);
  const form = await request.formData();
  const field = (name: string) => {
    const value = String(form.get(name) ?? "").trim();
    return value ? { [name]: value } : {};
  };
  return formAction(async () => {
    await emailDocument(await ctxFromRequest(rc), {
      type,
      id: params.id,
      ...field("to"),
      ...field("cc"),
      ...field("language"),
      ...field("subject"),
      ...field("body"),
    });
    return redirect(`${path}/${params.id}?notice=emailed`);
  });
}

/** A GET goes to the document's page (404 for a document the company does not have). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { type, path } = salesDocumentOf(request);
  const rc = context.get(requestContext);
  requirePage(request, rc, SALES_ACCESS[type].read);
  const ctx = await ctxFromRequest(rc);
  await orNotFound(() => READ[type](ctx, { id: params.id }));
  return redirect(`${path}/${params.id}`);
}
