import { redirect } from "react-router";
import type { RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { canMove, isFinal, isStatusOf } from "../../../worker/domain/documents/statuses";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { acceptEstimate } from "../../../worker/domain/sales/accept-estimate";
import { cancelSalesOrder } from "../../../worker/domain/sales/cancel-sales-order";
import { validateSalesOrder } from "../../../worker/domain/sales/validate-sales-order";
import { validateSalesOrders } from "../../../worker/domain/sales/validate-sales-orders";
import { completeSalesOrder } from "../../../worker/domain/sales/complete-sales-order";
import { createEstimate } from "../../../worker/domain/sales/create-estimate";
import { createSalesOrder } from "../../../worker/domain/sales/create-sales-order";
import { deleteEstimate } from "../../../worker/domain/sales/delete-estimate";
import { deleteSalesOrder } from "../../../worker/domain/sales/delete-sales-order";
import { getEstimate } from "../../../worker/domain/sales/get-estimate";
import { getSalesOrder } from "../../../worker/domain/sales/get-sales-order";
import { listEstimates } from "../../../worker/domain/sales/list-estimates";
import { listSalesOrders } from "../../../worker/domain/sales/list-sales-orders";
import { rejectEstimate } from "../../../worker/domain/sales/reject-estimate";
import { salesDocumentEmails } from "../../../worker/domain/sales/sales-document-emails";
import { salesDocumentLineFacts } from "../../../worker/domain/sales/sales-document-line-facts";
import type { SalesDocumentView } from "../../../worker/domain/sales/sales-documents";
import { salesFormChoices } from "../../../worker/domain/sales/sales-form-choices";
import { transformEstimate } from "../../../worker/domain/sales/transform-estimate";
import { updateEstimate } from "../../../worker/domain/sales/update-estimate";
import { updateSalesOrder } from "../../../worker/domain/sales/update-sales-order";
import type { Ctx } from "../../../worker/domain/shared/ctx";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../worker/guards";
import type { SalesDetailData } from "../../components/sales/sales-document-pages";
import { readSalesForm, salesInput, type SalesFormFailure } from "../../components/sales/sales-document-form";
import { SALES_INTENTS, SALES_KINDS, type SalesIntent, type SalesKind } from "../../components/sales/sales-kinds";
import { tickedAcknowledgements } from "../../components/ui/confirm-delete";
import { formAction, newFormKey, onceForm, orNotFound, recoverFrom } from "../../server/form-page.server";
import { listPageAction, loadListPage } from "../../server/list-page.server";

/** The verbs of each kind, so that one controller serves estimates and sales orders. */
const VERBS = {
  estimate: { list: listEstimates, get: getEstimate, create: createEstimate, update: updateEstimate, remove: deleteEstimate },
  sales_order: { list: listSalesOrders, get: getSalesOrder, create: createSalesOrder, update: updateSalesOrder, remove: deleteSalesOrder },
} satisfies Record<SalesKind, unknown>;

const DETAIL_NOTICES = ["created", "saved", "moved", "emailed"] as const;
const LIST_NOTICES = ["deleted", "validated"] as const;
const EDIT_ORDERS = { allOf: ["edit_sales_orders"] } as const;
const VIEW_ESTIMATES = { allOf: ["view_estimates"] } as const;

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export async function salesListLoader(rc: RequestContext, request: Request, kind: SalesKind) {
  const info = SALES_KINDS[kind];
  const actor = requirePage(request, rc, info.view);
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
    canEdit: hasPermissions(actor.permissions, info.edit),
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

/** The moves the status machine allows from the document's status, among those the user may make. */
function allowedIntents(kind: SalesKind, doc: SalesDocumentView, permissions: readonly string[]): SalesIntent[] {
  if (!hasPermissions(permissions, SALES_KINDS[kind].edit)) return [];
  if (kind === "estimate") {
    if (!isStatusOf("estimate", doc.status)) return [];
    const from = doc.status;
    return [
      ...(canMove("estimate", from, "accepted") ? (["accept"] as const) : []),
      ...(canMove("estimate", from, "rejected") ? (["reject"] as const) : []),
      ...(canMove("estimate", from, "accepted_and_transformed") && hasPermissions(permissions, EDIT_ORDERS)
        ? (["transform"] as const)
        : []),
    ];
  }
  if (!isStatusOf("sales_order", doc.status)) return [];
  const from = doc.status;
  return [
    ...(from === "pending_validation" && canMove("sales_order", from, "pending") ? (["validate"] as const) : []),
    ...(canMove("sales_order", from, "completed_manually") ? (["complete"] as const) : []),
    ...(canMove("sales_order", from, "cancelled") ? (["cancel"] as const) : []),
  ];
}

function editable(kind: SalesKind, doc: SalesDocumentView): boolean {
  const machine = kind === "estimate" ? "estimate" : "sales_order";
  return isStatusOf(machine, doc.status) && !isFinal(machine, doc.status);
}

export async function salesDetailLoader(
  rc: RequestContext,
  request: Request,
  kind: SalesKind,
  id: string | undefined,
): Promise<SalesDetailData> {
  const info = SALES_KINDS[kind];
  const actor = requirePage(request, rc, info.view);
  const ctx = await ctxFromRequest(rc);
  const [doc, emails] = await orNotFound(() => Promise.all([VERBS[kind].get(ctx, { id }), salesDocumentEmails(ctx, { type: kind, id })]));
  const notice = new URL(request.url).searchParams.get("notice");
  // The estimate an order was made from, named by its number, for whoever may open it (it may have been deleted since).
  const fromId = doc.created_from_id;
  const origin =
    fromId !== null && hasPermissions(actor.permissions, VIEW_ESTIMATES)
      ? await recoverFrom(
          ["not_found"],
          async () => ({ href: `${SALES_KINDS.estimate.path}/${fromId}`, number: (await getEstimate(ctx, { id: fromId })).number }),
          () => null,
        )
      : null;
  return {
    doc,
    intents: allowedIntents(kind, doc, actor.permissions),
    canEdit: hasPermissions(actor.permissions, info.edit) && editable(kind, doc),
    canDelete: hasPermissions(actor.permissions, info.edit),
    // Sending a document is the editors' (whatever its status: the draft), its history every reader's.
    emails,
    origin,
    notice: DETAIL_NOTICES.find((n) => n === notice) ?? null,
  };
}

/** What each button of the detail page runs; a transform goes to the order it made. */
async function runIntent(ctx: Ctx, kind: SalesKind, intent: SalesIntent, id: string | undefined): Promise<string> {
  const here = `${SALES_KINDS[kind].path}/${id}?notice=moved`;
  if (kind === "estimate") {
    if (intent === "accept") await acceptEstimate(ctx, { id });
    else if (intent === "reject") await rejectEstimate(ctx, { id });
    else if (intent === "transform") return `${SALES_KINDS.sales_order.path}/${(await transformEstimate(ctx, { id })).id}?notice=created`;
    else throw new DomainError("invalid");
    return here;
  }
  if (intent === "validate") await validateSalesOrder(ctx, { id });
  else if (intent === "complete") await completeSalesOrder(ctx, { id });
  else if (intent === "cancel") await cancelSalesOrder(ctx, { id });
  else throw new DomainError("invalid");
  return here;
}

/** The buttons of the detail page (status moves) and the delete (after the boxes are ticked). */
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
    const known = SALES_INTENTS.find((i) => i === intent);
    if (!known) throw new DomainError("invalid");
    return redirect(await runIntent(ctx, kind, known, id));
  });
}

// ── Create and edit ──────────────────────────────────────────────────────────────────────────

async function formChoices(ctx: Ctx, keep: { keepCustomer?: number; keepLocation?: number } = {}) {
  const { customers, locations } = await salesFormChoices(ctx, keep);
  const option = (c: { id: number; label: string }) => ({ value: String(c.id), label: c.label });
  return { customers: customers.map(option), locations: locations.map(option) };
}

export async function salesCreateLoader(rc: RequestContext, request: Request, kind: SalesKind) {
  requirePage(request, rc, SALES_KINDS[kind].edit);
  return { ...(await formChoices(await ctxFromRequest(rc))), idempotencyKey: newFormKey() };
}

export async function salesEditLoader(rc: RequestContext, request: Request, kind: SalesKind, id: string | undefined) {
  requirePage(request, rc, SALES_KINDS[kind].edit);
  const ctx = await ctxFromRequest(rc);
  const doc = await orNotFound(() => VERBS[kind].get(ctx, { id }));
  const [facts, choices] = await Promise.all([
    salesDocumentLineFacts(ctx, { type: kind, id: doc.id }),
    formChoices(ctx, { keepCustomer: doc.customer_id, keepLocation: doc.location_id }),
  ]);
  return { doc, facts, ...choices };
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
