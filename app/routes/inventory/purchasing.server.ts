import { data, redirect } from "react-router";
import type { RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { DOCUMENT_ACCESS } from "../../../worker/domain/documents/document-types";
import { emailDocument } from "../../../worker/domain/documents/document-emails";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { cancelDelivery, createDelivery, getDelivery, listDeliveries } from "../../../worker/domain/purchasing/deliveries";
import {
  listPurchaseOrders,
  purchaseOrderFormChoices,
  purchaseOrderPage,
  getPurchaseOrder,
} from "../../../worker/domain/purchasing/purchase-order-views";
import {
  cancelPurchaseOrder,
  completePurchaseOrder,
  createPurchaseOrder,
  updatePurchaseOrder,
} from "../../../worker/domain/purchasing/purchase-order-writes";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../worker/guards";
import { formAction, newFormKey, onceForm, orNotFound } from "../../server/form-page.server";
import { listPageAction, loadListPage } from "../../server/list-page.server";
import { DELIVERIES_PATH, PURCHASE_ORDERS_PATH } from "../../components/purchasing/paths";
import { MORE_LINES, readPurchaseOrderForm, type PurchaseOrderFormValues } from "../../components/purchasing/purchase-order-form";

/** The purchase order and delivery pages: each loader and action calls one verb or one view of the domain. */

const NOTICES = ["created", "saved", "received", "completed", "cancelled", "emailed", "delivery_cancelled"] as const;
type Notice = (typeof NOTICES)[number];
const noticeOf = (request: Request): Notice | null => NOTICES.find((n) => n === new URL(request.url).searchParams.get("notice")) ?? null;

// ── Purchase orders ─────────────────────────────────────────────────────────────────────────

export async function purchaseOrderListLoader(rc: RequestContext, request: Request) {
  const actor = requirePage(request, rc, DOCUMENT_ACCESS.purchase_order.view);
  const ctx = await ctxFromRequest(rc);
  const list = await loadListPage({
    request,
    rc,
    type: "purchase_orders",
    defaultSort: [{ by: "id", direction: "desc" }],
    run: (query) => listPurchaseOrders(ctx, query),
  });
  return { list, canEdit: hasPermissions(actor.permissions, DOCUMENT_ACCESS.purchase_order.edit) };
}

export async function purchaseOrderListAction(rc: RequestContext, request: Request) {
  requirePage(request, rc, DOCUMENT_ACCESS.purchase_order.view);
  return listPageAction({ request, rc, type: "purchase_orders" });
}

export async function purchaseOrderFormLoader(rc: RequestContext, request: Request, id?: string) {
  requirePage(request, rc, DOCUMENT_ACCESS.purchase_order.edit);
  const ctx = await ctxFromRequest(rc);
  const [choices, order] = await Promise.all([
    purchaseOrderFormChoices(ctx),
    id === undefined ? Promise.resolve(null) : orNotFound(() => getPurchaseOrder(ctx, { id })),
  ]);
  return { ...choices, order, idempotencyKey: newFormKey() };
}

/** The domain input of the typed form: lines name their variant by SKU; a blank price takes the supplier's. */
function orderInput(values: PurchaseOrderFormValues, forUpdate: boolean) {
  return {
    ...(values.number || !forUpdate ? { number: values.number || null } : {}),
    supplier_id: values.supplier_id,
    location_id: values.location_id,
    ...(values.date ? { date: values.date } : {}),
    expected_date: values.expected_date || null,
    supplier_reference: values.supplier_reference || null,
    notes: values.notes.trim() ? values.notes : null,
    lines: values.lines
      .filter((l) => l.sku.trim() || l.quantity.trim())
      .map((l) => ({
        ...(l.lid ? { lid: l.lid } : {}),
        sku: l.sku.trim(),
        quantity: l.quantity.trim(),
        ...(l.price.trim() ? { price: l.price.trim() } : {}),
      })),
  };
}

/** Saves the form (create, or update of `id`); a refusal comes back with what was typed. */
export async function purchaseOrderSaveAction(rc: RequestContext, request: Request, id?: string) {
  requirePage(request, rc, DOCUMENT_ACCESS.purchase_order.edit);
  const form = await request.formData();
  const values = readPurchaseOrderForm(form);
  if (String(form.get("intent") ?? "") === "add_lines")
    return data({ added: true as const, values: { ...values, rows: Math.min(values.rows + MORE_LINES, 1000) } });
  const ctx = await ctxFromRequest(rc);
  const input = orderInput(values, id !== undefined);
  return formAction(
    async () => {
      if (id !== undefined)
        return redirect(`${PURCHASE_ORDERS_PATH}/${(await updatePurchaseOrder(ctx, { ...input, id })).id}?notice=saved`);
      return redirect(
        await onceForm(
          rc,
          request,
          form,
          async () => `${PURCHASE_ORDERS_PATH}/${(await createPurchaseOrder(ctx, input)).id}?notice=created`,
        ),
      );
    },
    (refusal) => ({ ...refusal, values }),
    { notFound: id === undefined ? "refusal" : "page" },
  );
}

export async function purchaseOrderDetailLoader(rc: RequestContext, request: Request, id: string | undefined) {
  const actor = requirePage(request, rc, DOCUMENT_ACCESS.purchase_order.view);
  const ctx = await ctxFromRequest(rc);
  const page = await orNotFound(() => purchaseOrderPage(ctx, { id }));
  return {
    ...page,
    canEdit: hasPermissions(actor.permissions, DOCUMENT_ACCESS.purchase_order.edit),
    canReceive: hasPermissions(actor.permissions, DOCUMENT_ACCESS.delivery.edit),
    notice: noticeOf(request),
    idempotencyKey: newFormKey(),
  };
}

/** Receive (all or the quantities typed), complete, cancel or email the order. */
export async function purchaseOrderDetailAction(rc: RequestContext, request: Request, id: string | undefined) {
  requirePage(request, rc, DOCUMENT_ACCESS.purchase_order.view);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = (notice: Notice) => redirect(`${PURCHASE_ORDERS_PATH}/${id}?notice=${notice}`);
  return formAction(async () => {
    if (intent === "complete") return (await completePurchaseOrder(ctx, { id }), back("completed"));
    if (intent === "cancel") return (await cancelPurchaseOrder(ctx, { id }), back("cancelled"));
    if (intent === "email") {
      const to = String(form.get("to") ?? "").trim();
      await emailDocument(ctx, { type: "purchase_order", id, ...(to ? { to: [to] } : {}) });
      return back("emailed");
    }
    if (intent !== "receive") throw new DomainError("invalid");
    const lineIds = form.getAll("line_id").map(String);
    const lines = lineIds.flatMap((lineId, i) => {
      const quantity = String(form.getAll("quantity")[i] ?? "").trim();
      if (!quantity || Number(quantity) === 0) return [];
      const batch = String(form.getAll("batch_number")[i] ?? "").trim();
      const expiry = String(form.getAll("expiration_date")[i] ?? "").trim();
      return [
        { line_id: Number(lineId), quantity, ...(batch ? { batch_number: batch } : {}), ...(expiry ? { expiration_date: expiry } : {}) },
      ];
    });
    const made = await onceForm(rc, request, form, async () => {
      const delivery = await createDelivery(ctx, {
        purchase_order_id: Number(id),
        ...(lines.length ? { lines } : {}),
        ...(form.get("date") ? { date: String(form.get("date")) } : {}),
      });
      return `${DELIVERIES_PATH}/${delivery.id}?notice=received`;
    });
    return redirect(made);
  });
}

// ── Deliveries ─────────────────────────────────────────────────────────────────────────────

export async function deliveryListLoader(rc: RequestContext, request: Request) {
  requirePage(request, rc, DOCUMENT_ACCESS.delivery.view);
  const ctx = await ctxFromRequest(rc);
  const list = await loadListPage({
    request,
    rc,
    type: "deliveries",
    defaultSort: [{ by: "id", direction: "desc" }],
    run: (query) => listDeliveries(ctx, query),
  });
  return { list };
}

export async function deliveryListAction(rc: RequestContext, request: Request) {
  requirePage(request, rc, DOCUMENT_ACCESS.delivery.view);
  return listPageAction({ request, rc, type: "deliveries" });
}

export async function deliveryDetailLoader(rc: RequestContext, request: Request, id: string | undefined) {
  const actor = requirePage(request, rc, DOCUMENT_ACCESS.delivery.view);
  const ctx = await ctxFromRequest(rc);
  const delivery = await orNotFound(() => getDelivery(ctx, { id }));
  return { delivery, canEdit: hasPermissions(actor.permissions, DOCUMENT_ACCESS.delivery.edit), notice: noticeOf(request) };
}

export async function deliveryDetailAction(rc: RequestContext, request: Request, id: string | undefined) {
  requirePage(request, rc, DOCUMENT_ACCESS.delivery.edit);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  return formAction(async () => {
    if (String(form.get("intent") ?? "") !== "cancel") throw new DomainError("invalid");
    await cancelDelivery(ctx, { id });
    return redirect(`${DELIVERIES_PATH}/${id}?notice=delivery_cancelled`);
  });
}
