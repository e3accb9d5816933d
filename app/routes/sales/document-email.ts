import { redirect } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { emailDocument } from "../../../worker/domain/documents/document-emails";
import { SALES_ACCESS } from "../../../worker/domain/sales/sales-documents";
import { readOutputDocument } from "../../../worker/domain/documents/outputs";
import { requirePage } from "../../../worker/guards";
import { formAction, orNotFound } from "../../server/form-page.server";
import type { Route } from "./+types/document-email";
import { salesDocumentOf } from "./document-address";

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
  await orNotFound(() => readOutputDocument(ctx, { type, id: params.id }));
  return redirect(`${path}/${params.id}`);
}
