import { redirect } from "react-router";
import type { RequestContext } from "../../../../worker/context";
import { ctxFromRequest } from "../../../../worker/ctx";
import { DOCUMENT_ACCESS } from "../../../../worker/domain/documents/document-types";
import { listInvoices } from "../../../../worker/domain/invoices/list-invoices";
import type { InvoiceView } from "../../../../worker/domain/invoices/invoice-views";
import { salesDocumentLineFacts } from "../../../../worker/domain/sales/sales-document-line-facts";
import { salesFormChoices } from "../../../../worker/domain/sales/sales-form-choices";
import { permits } from "../../../../worker/domain/shared/ctx";
import { DomainError } from "../../../../worker/domain/shared/domain-error";
import type { ListResult } from "../../../../worker/domain/shared/list-query-sql";
import { cancelSubscription } from "../../../../worker/domain/subscriptions/cancel-subscription";
import { createSubscription } from "../../../../worker/domain/subscriptions/create-subscription";
import { deleteSubscription } from "../../../../worker/domain/subscriptions/delete-subscription";
import { getSubscription } from "../../../../worker/domain/subscriptions/get-subscription";
import { listSubscriptions } from "../../../../worker/domain/subscriptions/list-subscriptions";
import type { SubscriptionView } from "../../../../worker/domain/subscriptions/subscription-views";
import { updateSubscription } from "../../../../worker/domain/subscriptions/update-subscription";
import { requirePage } from "../../../../worker/guards";
import { readSalesForm, salesInput } from "../../../components/sales/sales-document-form";
import { readTermsForm, SUBSCRIPTIONS, termsInput, type SubscriptionFormFailure } from "../../../components/sales/subscription-pages";
import { tickedAcknowledgements } from "../../../components/ui/confirm-delete";
import { formAction, newFormKey, onceForm, orNotFound } from "../../../server/form-page.server";
import { listPageAction, loadListPage } from "../../../server/list-page.server";

/** The subscription screens' loaders and actions: the verbs of worker/domain/subscriptions, behind their permissions. */

const ACCESS = DOCUMENT_ACCESS.subscription;
const option = (c: { id: number; label: string }) => ({ value: String(c.id), label: c.label });
const DETAIL_NOTICES = ["created", "saved", "moved"] as const;

export async function subscriptionListLoader(rc: RequestContext, request: Request) {
  requirePage(request, rc, ACCESS.view);
  const ctx = await ctxFromRequest(rc);
  const list = await loadListPage({
    request,
    rc,
    type: "subscriptions",
    defaultSort: [{ by: "id", direction: "desc" }],
    run: (query): Promise<ListResult<SubscriptionView>> => listSubscriptions(ctx, query),
  });
  const notice = new URL(request.url).searchParams.get("notice");
  return { list, canEdit: permits(ctx, ACCESS.edit), notice: notice === "deleted" ? ("deleted" as const) : null };
}

export async function subscriptionListAction(rc: RequestContext, request: Request) {
  requirePage(request, rc, ACCESS.view);
  return listPageAction({ request, rc, type: "subscriptions" });
}

/** A subscription's page: its terms, lines and the invoices it made (for those who may see invoices). */
export async function subscriptionDetailLoader(rc: RequestContext, request: Request, id: string | undefined) {
  requirePage(request, rc, ACCESS.view);
  const ctx = await ctxFromRequest(rc);
  const doc = await orNotFound(() => getSubscription(ctx, { id }));
  const invoices: InvoiceView[] | null = permits(ctx, DOCUMENT_ACCESS.invoice.view)
    ? (await listInvoices(ctx, { created_from_id: String(doc.id), sort: "-date", page_size: "100" })).items
    : null;
  const editor = permits(ctx, ACCESS.edit);
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    doc,
    invoices,
    canEdit: editor && doc.status === "active",
    canCancel: editor && doc.status === "active",
    canDelete: editor,
    notice: DETAIL_NOTICES.find((n) => n === notice) ?? null,
  };
}

/** The page's cancel button and its delete (after the boxes are ticked). */
export async function subscriptionDetailAction(rc: RequestContext, request: Request, id: string | undefined) {
  requirePage(request, rc, ACCESS.edit);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  return formAction(async () => {
    if (intent === "delete") {
      await deleteSubscription(ctx, { id, acknowledged: tickedAcknowledgements(form) });
      return redirect(`${SUBSCRIPTIONS.path}?notice=deleted`);
    }
    if (intent !== "cancel") throw new DomainError("invalid");
    await cancelSubscription(ctx, { id });
    return redirect(`${SUBSCRIPTIONS.path}/${id}?notice=moved`);
  });
}

export async function subscriptionCreateLoader(rc: RequestContext, request: Request) {
  requirePage(request, rc, ACCESS.edit);
  const ctx = await ctxFromRequest(rc);
  const { customers, locations } = await salesFormChoices(ctx);
  return { customers: customers.map(option), locations: locations.map(option), idempotencyKey: newFormKey() };
}

export async function subscriptionEditLoader(rc: RequestContext, request: Request, id: string | undefined) {
  requirePage(request, rc, ACCESS.edit);
  const ctx = await ctxFromRequest(rc);
  const doc = await orNotFound(() => getSubscription(ctx, { id }));
  const [facts, { customers, locations }] = await Promise.all([
    salesDocumentLineFacts(ctx, { type: "subscription", id: doc.id }),
    salesFormChoices(ctx, { keepCustomer: doc.customer_id, keepLocation: doc.location_id }),
  ]);
  return { doc, facts, customers: customers.map(option), locations: locations.map(option) };
}

/** Saves the form (create, or update of `id`); a refusal comes back with what was typed. */
export async function saveSubscriptionAction(rc: RequestContext, request: Request, id?: string) {
  requirePage(request, rc, ACCESS.edit);
  const form = await request.formData();
  const values = readSalesForm(form);
  const terms = readTermsForm(form);
  const ctx = await ctxFromRequest(rc);
  // The sales documents' fields as an estimate's form posts them, without its expiration date.
  const { expiration_date: _expiration, ...fields } = salesInput("estimate", form, values, id !== undefined);
  const input = { ...fields, ...termsInput(terms) };
  return formAction(
    async () => {
      if (id !== undefined) return redirect(`${SUBSCRIPTIONS.path}/${(await updateSubscription(ctx, { ...input, id })).id}?notice=saved`);
      // Created once per showing of the form: a second post of it goes to the same subscription.
      return redirect(
        await onceForm(rc, request, form, async () => `${SUBSCRIPTIONS.path}/${(await createSubscription(ctx, input)).id}?notice=created`),
      );
    },
    (refusal): SubscriptionFormFailure => ({ ...refusal, values, terms }),
    { notFound: id === undefined ? "refusal" : "page" },
  );
}
