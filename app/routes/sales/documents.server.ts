import { redirect } from "react-router";
import type { RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
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
import { SALES_ACCESS } from "../../../worker/domain/sales/sales-documents";
import { salesFormChoices } from "../../../worker/domain/sales/sales-form-choices";
import { permits } from "../../../worker/domain/shared/ctx";
import { updateEstimate } from "../../../worker/domain/sales/update-estimate";
import { updateSalesOrder } from "../../../worker/domain/sales/update-sales-order";
import { requirePage } from "../../../worker/guards";
import type { SalesDetailData } from "../../components/sales/sales-document-pages";
import { readSalesForm, salesInput, type SalesFormFailure } from "../../components/sales/sales-document-form";
import { SALES_KINDS, type SalesKind } from "../../components/sales/sales-kinds";
import type { OrderShipping } from "../../components/sales/shipping-kinds";
import { tickedAcknowledgements } from "../../components/ui/confirm-delete";
import { formAction, newFormKey, onceForm, orNotFound } from "../../server/form-page.server";
import { listPageAction, loadListPage } from "../../server/list-page.server";

/** The verbs of each kind, so that one controller serves estimates and sales orders. */
const VERBS = {
  estimate: { list: listEstimates, create: createEstimate, update: updateEstimate, remove: deleteEstimate },
  sales_order: { list: listSalesOrders, create: createSalesOrder, update: updateSalesOrder, remove: deleteSalesOrder },
} satisfies Record<SalesKind, unknown>;

const DETAIL_NOTICES = ["created", "saved", "moved", "emailed"] as const;
const LIST_NOTICES = ["deleted", "validated"] as const;

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export async function salesListLoader(rc: RequestContext, request: Request, kind: SalesKind) {
  const info = SALES_KINDS[kind];
  requirePage(request, rc, info.view);
  const ctx = await ctxFromRequest(rc);
  const list = await loadListPage({
    request,
    rc,
    type: info.listType,
    defaultSort: [{ by: "id", direction: "desc" }],
    run: (query) => VERBS[kind].list(ctx, query),
  });
  const params = new URL(request.url).searchParams;
  const notice = params.get("notice");
  return {
    list,
    canEdit: permits(ctx, SALES_ACCESS[kind].edit),
    notice: LIST_NOTICES.find((n) => n === notice) ?? null,
    count: Math.max(0, Number.parseInt(params.get("count") ?? "0", 10) || 0),
  };
}

export async function salesListAction(rc: RequestContext, request: Request, kind: SalesKind) {
  const info = SALES_KINDS[kind];
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
): Promise<SalesDetailData & { shipping: OrderShipping | null }> {
  requirePage(request, rc, SALES_KINDS[kind].view);
  const ctx = await ctxFromRequest(rc);
  const view = await orNotFound(() => salesDocumentDetailView(ctx, { type: kind, id }));
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    doc: view.doc,
    intents: view.actions.moves,
    canEdit: view.actions.edit,
    canDelete: view.actions.delete,
    // Sending a document is the editors' (whatever its status: the draft), its history every reader's.
    emails: view.emails,
    origin: view.origin && { href: `${SALES_KINDS.estimate.path}/${view.origin.id}`, number: view.origin.number },
    // The ship form is shown once per key: a second post of it goes to the same shipping order.
    shipping: view.shipping && { ...view.shipping, idempotencyKey: newFormKey() },
    notice: DETAIL_NOTICES.find((n) => n === notice) ?? null,
  };
}

/** The buttons of the detail page (status moves, a transform going to the order it made) and the delete (after the boxes are ticked). */
export async function salesDetailAction(rc: RequestContext, request: Request, kind: SalesKind, id: string | undefined) {
  const info = SALES_KINDS[kind];
  requirePage(request, rc, info.edit);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  return formAction(async () => {
    if (intent === "delete") {
      await VERBS[kind].remove(ctx, { id, acknowledged: tickedAcknowledgements(form) });
      return redirect(`${info.path}?notice=deleted`);
    }
    const moved = await runDocumentAction(ctx, { type: kind, action: intent, id });
    if (moved.type !== kind) return redirect(`${SALES_KINDS.sales_order.path}/${moved.id}?notice=created`);
    return redirect(`${info.path}/${moved.id}?notice=moved`);
  });
}

// ── Create and edit ──────────────────────────────────────────────────────────────────────────

const option = (c: { id: number; label: string }) => ({ value: String(c.id), label: c.label });

export async function salesCreateLoader(rc: RequestContext, request: Request, kind: SalesKind) {
  requirePage(request, rc, SALES_KINDS[kind].edit);
  const { customers, locations } = await salesFormChoices(await ctxFromRequest(rc));
  return { customers: customers.map(option), locations: locations.map(option), idempotencyKey: newFormKey() };
}

export async function salesEditLoader(rc: RequestContext, request: Request, kind: SalesKind, id: string | undefined) {
  requirePage(request, rc, SALES_KINDS[kind].edit);
  const ctx = await ctxFromRequest(rc);
  const { doc, facts, customers, locations } = await orNotFound(() => salesDocumentEditView(ctx, { type: kind, id }));
  return { doc, facts, customers: customers.map(option), locations: locations.map(option) };
}

/** Saves the form (create, or update of `id`); a refusal comes back with what was typed. */
export async function saveSalesAction(rc: RequestContext, request: Request, kind: SalesKind, id?: string) {
  const info = SALES_KINDS[kind];
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
