import { redirect } from "react-router";
import type { RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { createInvoice } from "../../../worker/domain/invoices/create-invoice";
import { deleteInvoice } from "../../../worker/domain/invoices/delete-invoice";
import type { InvoiceView } from "../../../worker/domain/invoices/invoice-views";
import { deletePayment } from "../../../worker/domain/payments/delete-payment";
import { recordPayment } from "../../../worker/domain/payments/record-payment";
import { orderInvoices, type OrderInvoice } from "../../../worker/domain/invoices/order-invoices";
import { setInvoicePublicLink } from "../../../worker/domain/invoices/set-invoice-public-link";
import {
  canInvoice,
  invoiceDetailView,
  invoiceFormChoices,
  invoiceFrom,
  runInvoiceAction,
  type InvoicePayments,
} from "../../../worker/domain/invoices/invoice-pages";
import { listInvoices } from "../../../worker/domain/invoices/list-invoices";
import { DOCUMENT_ACCESS } from "../../../worker/domain/documents/document-types";
import { applyCreditNote, createCreditNote } from "../../../worker/domain/returns/credit-notes";
import { followActionsOf } from "../../../worker/domain/returns/follow-pages";
import { updateInvoice } from "../../../worker/domain/invoices/update-invoice";
import type { ListResult } from "../../../worker/domain/shared/list-query-sql";
import { validateSalesOrders } from "../../../worker/domain/sales/validate-sales-orders";
import { createEstimate } from "../../../worker/domain/sales/create-estimate";
import { createSalesOrder } from "../../../worker/domain/sales/create-sales-order";
import { deleteEstimate } from "../../../worker/domain/sales/delete-estimate";
import { deleteSalesOrder } from "../../../worker/domain/sales/delete-sales-order";
import { listEstimates } from "../../../worker/domain/sales/list-estimates";
import { listSalesOrders } from "../../../worker/domain/sales/list-sales-orders";
import { runDocumentAction } from "../../../worker/domain/sales/document-actions";
import { salesDocumentDetailView } from "../../../worker/domain/sales/sales-document-detail-view";
import { salesDocumentEditView } from "../../../worker/domain/sales/sales-document-edit-view";
import { SALES_ACCESS, type SalesDocumentType } from "../../../worker/domain/sales/sales-documents";
import { salesFormChoices } from "../../../worker/domain/sales/sales-form-choices";
import { EDITS_SALES_LINES } from "../../../worker/domain/sales/sales-line-facts";
import { permits } from "../../../worker/domain/shared/ctx";
import { updateEstimate } from "../../../worker/domain/sales/update-estimate";
import { updateSalesOrder } from "../../../worker/domain/sales/update-sales-order";
import { requirePage } from "../../../worker/guards";
import type { ListedDocument, SalesDetailData } from "../../components/sales/sales-document-pages";
import type { PaymentFormValues, PaymentRefusal } from "../../components/sales/invoice-pages";
import { typed } from "../../components/documents/line-editor";
import { readSalesForm, salesInput, type SalesFormFailure } from "../../components/sales/sales-document-form";
import { FORM_KINDS, INVOICES, SALES_KINDS, type DocumentFormKind, type SalesKind } from "../../components/sales/sales-kinds";
import { SHIPPING_ORDERS, type OrderShipping } from "../../components/sales/shipping-kinds";
import { tickedAcknowledgements } from "../../components/ui/confirm-delete";
import { formAction, newFormKey, onceForm, orNotFound } from "../../server/form-page.server";
import { listPageAction, loadListPage } from "../../server/list-page.server";

type FollowActions = Awaited<ReturnType<typeof followActionsOf>>;

/** The verbs of each kind, so that one controller serves estimates, sales orders and invoices. */
const VERBS = {
  estimate: { list: listEstimates, create: createEstimate, update: updateEstimate, remove: deleteEstimate },
  sales_order: { list: listSalesOrders, create: createSalesOrder, update: updateSalesOrder, remove: deleteSalesOrder },
  invoice: { list: listInvoices, create: createInvoice, update: updateInvoice, remove: deleteInvoice },
} satisfies Record<DocumentFormKind, unknown>;

const DETAIL_NOTICES = ["created", "saved", "moved", "emailed", "payment_recorded", "payment_deleted"] as const;
const LIST_NOTICES = ["deleted", "validated"] as const;

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export async function salesListLoader(rc: RequestContext, request: Request, kind: DocumentFormKind) {
  const info = FORM_KINDS[kind];
  requirePage(request, rc, info.view);
  const ctx = await ctxFromRequest(rc);
  // The invoice list filters by customer: its choices are the line editors' (the filter is left out for others),
  // read with the list.
  const [list, customers] = await Promise.all([
    loadListPage({
      request,
      rc,
      type: info.listType,
      defaultSort: [{ by: "id", direction: "desc" }],
      run: (query): Promise<ListResult<ListedDocument>> => VERBS[kind].list(ctx, query),
    }),
    kind === "invoice" && permits(ctx, EDITS_SALES_LINES) ? salesFormChoices(ctx).then((c) => c.customers.map(option)) : [],
  ]);
  const params = new URL(request.url).searchParams;
  const notice = params.get("notice");
  return {
    list,
    customers,
    canEdit: permits(ctx, SALES_ACCESS[kind].edit),
    notice: LIST_NOTICES.find((n) => n === notice) ?? null,
    count: Math.max(0, Number.parseInt(params.get("count") ?? "0", 10) || 0),
  };
}

export async function salesListAction(rc: RequestContext, request: Request, kind: DocumentFormKind) {
  const info = FORM_KINDS[kind];
  requirePage(request, rc, info.view);
  const form = await request.clone().formData();
  if (kind === "sales_order" && form.get("intent") === "validate_selected") {
    const ctx = await ctxFromRequest(rc);
    const ids = String(form.get("ids") ?? "")
      .split(",")
      .filter(Boolean);
    return formAction(async () => {
      const { validated } = await validateSalesOrders(ctx, { ids });
      return redirect(`${info.path}?notice=validated&count=${validated}`);
    });
  }
  return listPageAction({ request, rc, type: info.listType });
}

// ── Detail ───────────────────────────────────────────────────────────────────────────────────

/** The page of an estimate or a sales order: the domain's view says what the user may do next. */
export async function salesDetailLoader(
  rc: RequestContext,
  request: Request,
  kind: SalesKind,
  id: string | undefined,
): Promise<SalesDetailData & { shipping: OrderShipping | null; invoices: OrderInvoice[] | null; follow: FollowActions | null }> {
  requirePage(request, rc, SALES_KINDS[kind].view);
  const ctx = await ctxFromRequest(rc);
  const view = await orNotFound(() => salesDocumentDetailView(ctx, { type: kind, id }));
  const notice = new URL(request.url).searchParams.get("notice");
  const [invoiceable, invoices, follow] = await Promise.all([
    canInvoice(ctx, { type: kind, id: view.doc.id }),
    kind === "sales_order" ? orderInvoices(ctx, view.doc.id) : null,
    kind === "sales_order"
      ? followActionsOf(ctx, {
          type: "sales_order",
          id: view.doc.id,
          status: view.doc.status,
          customerId: view.doc.customer_id,
          currency: view.doc.currency,
        })
      : null,
  ]);
  return {
    doc: view.doc,
    intents: [...view.actions.moves, ...(invoiceable ? (["invoice"] as const) : [])],
    canEdit: view.actions.edit,
    canDelete: view.actions.delete,
    // Sending a document is the editors' (whatever its status: the draft), its history every reader's.
    emails: view.emails,
    origin: view.origin && { href: `${SALES_KINDS.estimate.path}/${view.origin.id}`, number: view.origin.number, type: "estimate" },
    // The ship form is shown once per key: a second post of it goes to the same shipping order.
    shipping: view.shipping && { ...view.shipping, idempotencyKey: newFormKey() },
    invoices,
    follow,
    notice: DETAIL_NOTICES.find((n) => n === notice) ?? null,
  };
}

/**
 * The buttons of the detail page (status moves, a transform going to the order it made, invoicing
 * it going to the invoice) and the delete (after the boxes are ticked).
 */
export async function salesDetailAction(rc: RequestContext, request: Request, kind: SalesKind, id: string | undefined) {
  const info = SALES_KINDS[kind];
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  // Invoicing the document asks to make invoices (the verb asks the rest: an estimate's edit permission).
  requirePage(request, rc, intent === "invoice" || intent === "deposit_invoice" ? INVOICES.edit : info.edit);
  const ctx = await ctxFromRequest(rc);
  return formAction(async () => {
    if (intent === "delete") {
      await VERBS[kind].remove(ctx, { id, acknowledged: tickedAcknowledgements(form) });
      return redirect(`${info.path}?notice=deleted`);
    }
    if (intent === "invoice") return redirect(`${INVOICES.path}/${(await invoiceFrom(ctx, { type: kind, id })).id}?notice=created`);
    if (intent === "deposit_invoice") {
      const made = await invoiceFrom(ctx, { type: kind, id, deposit_percentage: form.get("deposit_percentage") });
      return redirect(`${INVOICES.path}/${made.id}?notice=created`);
    }
    const moved = await runDocumentAction(ctx, { type: kind, action: intent, id });
    if (moved.type !== kind) return redirect(`${SALES_KINDS.sales_order.path}/${moved.id}?notice=created`);
    return redirect(`${info.path}/${moved.id}?notice=moved`);
  });
}

// ── Create and edit ──────────────────────────────────────────────────────────────────────────

const option = (c: { id: number; label: string }) => ({ value: String(c.id), label: c.label });

export async function salesCreateLoader(rc: RequestContext, request: Request, kind: DocumentFormKind) {
  requirePage(request, rc, FORM_KINDS[kind].edit);
  const ctx = await ctxFromRequest(rc);
  const [{ customers, locations }, invoice] = await Promise.all([
    salesFormChoices(ctx),
    kind === "invoice" ? invoiceFormChoices(ctx) : null,
  ]);
  return { customers: customers.map(option), locations: locations.map(option), invoice, idempotencyKey: newFormKey() };
}

export async function salesEditLoader(rc: RequestContext, request: Request, kind: DocumentFormKind, id: string | undefined) {
  requirePage(request, rc, FORM_KINDS[kind].edit);
  const ctx = await ctxFromRequest(rc);
  const [{ doc, facts, customers, locations }, invoice] = await Promise.all([
    orNotFound(() => salesDocumentEditView(ctx, { type: kind, id })),
    kind === "invoice" ? invoiceFormChoices(ctx) : null,
  ]);
  return { doc, facts, customers: customers.map(option), locations: locations.map(option), invoice };
}

/** Saves the form (create, or update of `id`); a refusal comes back with what was typed. */
export async function saveSalesAction(rc: RequestContext, request: Request, kind: DocumentFormKind, id?: string) {
  const info = FORM_KINDS[kind];
  requirePage(request, rc, info.edit);
  const form = await request.formData();
  const values = readSalesForm(form);
  const ctx = await ctxFromRequest(rc);
  const input = salesInput(kind, form, values, id !== undefined);
  return formAction(
    async () => {
      if (id !== undefined) return redirect(`${info.path}/${(await VERBS[kind].update(ctx, { ...input, id })).id}?notice=saved`);
      // Created once per showing of the form: a second post of it goes to the same document.
      return redirect(
        await onceForm(rc, request, form, async () => `${info.path}/${(await VERBS[kind].create(ctx, input)).id}?notice=created`),
      );
    },
    (refusal): SalesFormFailure => ({ ...refusal, values }),
    { notFound: id === undefined ? "refusal" : "page" },
  );
}

// ── Invoices ─────────────────────────────────────────────────────────────────────────────────

/** Where each document an invoice may be made from is shown. */
const ORIGIN_PATHS: Partial<Record<SalesDocumentType, string>> = {
  estimate: SALES_KINDS.estimate.path,
  sales_order: SALES_KINDS.sales_order.path,
  shipping_order: SHIPPING_ORDERS.path,
  subscription: "/sales/subscriptions",
};

/** An invoice's page: the domain's view says what the user may do next (finalise, cancel, edit, delete, its payments). */
export async function invoiceDetailLoader(
  rc: RequestContext,
  request: Request,
  id: string | undefined,
): Promise<SalesDetailData & { doc: InvoiceView; payments: InvoicePayments; canShare: boolean; follow: FollowActions }> {
  requirePage(request, rc, INVOICES.view);
  const ctx = await ctxFromRequest(rc);
  const view = await orNotFound(() => invoiceDetailView(ctx, { id }));
  const follow = await followActionsOf(ctx, {
    type: "invoice",
    id: view.doc.id,
    status: view.doc.status,
    customerId: view.doc.customer_id,
    currency: view.doc.currency,
  });
  const notice = new URL(request.url).searchParams.get("notice");
  const from = view.origin;
  const path = from ? ORIGIN_PATHS[from.type] : undefined;
  return {
    doc: view.doc,
    intents: view.moves,
    canEdit: view.edit,
    canDelete: view.delete,
    emails: view.emails,
    origin: from && path ? { href: `${path}/${from.id}`, number: from.number, type: from.type } : null,
    notice: DETAIL_NOTICES.find((n) => n === notice) ?? null,
    payments: view.payments,
    canShare: view.share,
    follow,
  };
}

/** The payment form as posted: the verb's input, and what was typed to show again if it is refused. */
function readPaymentForm(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const typedValues: PaymentFormValues = {
    amount: text("amount"),
    date: text("date"),
    notes: text("notes"),
    payment_method_id: text("payment_method_id"),
  };
  const input = {
    amount: typed(typedValues.amount) ?? typedValues.amount,
    ...(typedValues.date ? { date: typedValues.date } : {}),
    notes: typedValues.notes || null,
    payment_method_id: typedValues.payment_method_id || null,
  };
  return { typedValues, input };
}

/** The buttons of an invoice's page (finalise, cancel) and the delete of a draft (after the boxes are ticked). */
export async function invoiceDetailAction(rc: RequestContext, request: Request, id: string | undefined) {
  const intent0 = String((await request.clone().formData()).get("intent") ?? "");
  // A credit note of the invoice asks what credit notes ask; everything else, editing invoices.
  requirePage(request, rc, intent0 === "credit_note" || intent0 === "apply_credit" ? DOCUMENT_ACCESS.credit_note.edit : INVOICES.edit);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "record_payment") {
    const { typedValues, input } = readPaymentForm(form);
    return formAction(
      async () => {
        await recordPayment(ctx, id, input);
        return redirect(`${INVOICES.path}/${id}?notice=payment_recorded`);
      },
      (refusal): PaymentRefusal => ({ ...refusal, payment: typedValues }),
    );
  }
  return formAction(async () => {
    if (intent === "delete") {
      await deleteInvoice(ctx, { id, acknowledged: tickedAcknowledgements(form) });
      return redirect(`${INVOICES.path}?notice=deleted`);
    }
    if (intent === "public_link") {
      await setInvoicePublicLink(ctx, { id, enabled: form.get("enabled") === "true" });
      return redirect(`${INVOICES.path}/${id}?notice=saved`);
    }
    if (intent === "credit_note") {
      const note = await createCreditNote(ctx, { invoice_id: Number(id) });
      return redirect(`/sales/credit-notes/${note.id}?notice=created`);
    }
    if (intent === "apply_credit") {
      const amount = String(form.get("amount") ?? "").trim();
      await applyCreditNote(ctx, form.get("credit_note_id"), { invoice_id: Number(id), ...(amount ? { amount } : {}) });
      return redirect(`${INVOICES.path}/${id}?notice=saved`);
    }
    if (intent === "delete_payment") {
      await deletePayment(ctx, id, form.get("payment_id"));
      return redirect(`${INVOICES.path}/${id}?notice=payment_deleted`);
    }
    const moved = await runInvoiceAction(ctx, { action: intent, id });
    return redirect(`${INVOICES.path}/${moved.id}?notice=moved`);
  });
}
