import { redirect } from "react-router";
import type { RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { canMove, isStatusOf } from "../../../worker/domain/documents/statuses";
import { hasPermissions } from "../../../worker/domain/identity/permissions";
import { cancelShippingOrder } from "../../../worker/domain/sales/cancel-shipping-order";
import { createShippingOrder } from "../../../worker/domain/sales/create-shipping-order";
import { deliverShippingOrder } from "../../../worker/domain/sales/deliver-shipping-order";
import { prepareShippingOrder } from "../../../worker/domain/sales/prepare-shipping-order";
import { readyShippingOrder } from "../../../worker/domain/sales/ready-shipping-order";
import { getShippingOrder } from "../../../worker/domain/sales/get-shipping-order";
import { listSalesOrders } from "../../../worker/domain/sales/list-sales-orders";
import { listShippingOrders } from "../../../worker/domain/sales/list-shipping-orders";
import type { SalesDocumentView } from "../../../worker/domain/sales/sales-documents";
import { salesDocumentEmails } from "../../../worker/domain/sales/sales-document-emails";
import { shipShippingOrder } from "../../../worker/domain/sales/ship-shipping-order";
import { shippingChoices } from "../../../worker/domain/sales/shipping-choices";
import type { Ctx } from "../../../worker/domain/shared/ctx";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import { requirePage } from "../../../worker/guards";
import { SALES_KINDS } from "../../components/sales/sales-kinds";
import {
  SHIPPING_INTENTS,
  SHIPPING_ORDERS,
  type OrderShipping,
  type ShippingDetailData,
  type ShippingIntent,
  type ShippingListData,
} from "../../components/sales/shipping-kinds";
import { formAction, newFormKey, onceForm, orNotFound } from "../../server/form-page.server";
import { listPageAction, loadListPage } from "../../server/list-page.server";

const VIEW_ORDERS = SALES_KINDS.sales_order.view;
const MOVES = { prepare: "in_preparation", ready: "ready_to_ship", ship: "shipped", deliver: "delivered", cancel: "cancelled" } as const;
const VERBS = {
  prepare: prepareShippingOrder,
  ready: readyShippingOrder,
  ship: shipShippingOrder,
  deliver: deliverShippingOrder,
  cancel: cancelShippingOrder,
} as const;

/** The numbers of the sales orders some shipping orders came from, for whoever may see sales orders. */
async function orderNumbers(ctx: Ctx, permissions: readonly string[], docs: SalesDocumentView[]): Promise<Record<number, string>> {
  const ids = [...new Set(docs.flatMap((d) => (d.created_from_id === null ? [] : [d.created_from_id])))];
  if (ids.length === 0 || !hasPermissions(permissions, VIEW_ORDERS)) return {};
  const orders = await listSalesOrders(ctx, { id__In: ids.join(","), page_size: String(ids.length) });
  return Object.fromEntries(orders.items.map((o) => [o.id, o.number]));
}

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export async function shippingListLoader(rc: RequestContext, request: Request): Promise<ShippingListData> {
  const actor = requirePage(request, rc, SHIPPING_ORDERS.view);
  const ctx = await ctxFromRequest(rc);
  const list = await loadListPage({
    request,
    rc,
    type: SHIPPING_ORDERS.listType,
    defaultSort: [{ by: "id", direction: "desc" }],
    run: (query) => listShippingOrders(ctx, query),
  });
  return { list, orders: await orderNumbers(ctx, actor.permissions, list.result.items) };
}

export async function shippingListAction(rc: RequestContext, request: Request) {
  requirePage(request, rc, SHIPPING_ORDERS.view);
  return listPageAction({ request, rc, type: SHIPPING_ORDERS.listType });
}

// ── Detail ───────────────────────────────────────────────────────────────────────────────────

/** The moves of the status machine from the shipping order's status that the buttons offer. */
function allowedIntents(doc: SalesDocumentView, permissions: readonly string[]): ShippingIntent[] {
  if (!hasPermissions(permissions, SHIPPING_ORDERS.edit) || !isStatusOf("shipping_order", doc.status)) return [];
  const from = doc.status;
  return SHIPPING_INTENTS.filter((intent) => canMove("shipping_order", from, MOVES[intent]));
}

export async function shippingDetailLoader(rc: RequestContext, request: Request, id: string | undefined): Promise<ShippingDetailData> {
  const actor = requirePage(request, rc, SHIPPING_ORDERS.view);
  const ctx = await ctxFromRequest(rc);
  const [doc, emails] = await orNotFound(() =>
    Promise.all([getShippingOrder(ctx, { id }), salesDocumentEmails(ctx, { type: "shipping_order", id })]),
  );
  const numbers = await orderNumbers(ctx, actor.permissions, [doc]);
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    doc,
    intents: allowedIntents(doc, actor.permissions),
    order:
      doc.created_from_id !== null && numbers[doc.created_from_id]
        ? { id: doc.created_from_id, number: numbers[doc.created_from_id]! }
        : null,
    emails,
    notice: notice === "created" || notice === "moved" || notice === "not_editable" || notice === "emailed" ? notice : null,
  };
}

/** The buttons of the detail page: ship, deliver or cancel. */
export async function shippingDetailAction(rc: RequestContext, request: Request, id: string | undefined) {
  requirePage(request, rc, SHIPPING_ORDERS.edit);
  const ctx = await ctxFromRequest(rc);
  const intent = String((await request.formData()).get("intent") ?? "");
  return formAction(async () => {
    const known = SHIPPING_INTENTS.find((i) => i === intent);
    if (!known) throw new DomainError("invalid");
    await VERBS[known](ctx, { id });
    return redirect(`${SHIPPING_ORDERS.path}/${id}?notice=moved`);
  });
}

/** No verb changes a shipping order's fields: its edit address shows the detail page, which says so. */
export async function shippingEditLoader(rc: RequestContext, request: Request, id: string | undefined): Promise<never> {
  requirePage(request, rc, SHIPPING_ORDERS.edit);
  const doc = await orNotFound(async () => getShippingOrder(await ctxFromRequest(rc), { id }));
  throw redirect(`${SHIPPING_ORDERS.path}/${doc.id}?notice=not_editable`);
}

// ── From a sales order ───────────────────────────────────────────────────────────────────────

/** The sales order page's shipping section: its shipping orders, and what the ship form may take. */
export async function orderShipping(rc: RequestContext, request: Request, orderId: number): Promise<OrderShipping> {
  const actor = requirePage(request, rc);
  const ctx = await ctxFromRequest(rc);
  const [shipments, choices] = await Promise.all([
    hasPermissions(actor.permissions, SHIPPING_ORDERS.view)
      ? listShippingOrders(ctx, { created_from_id: String(orderId), sort: "id", page_size: "100" }).then((r) => r.items)
      : null,
    hasPermissions(actor.permissions, SHIPPING_ORDERS.edit) ? shippingChoices(ctx, { id: orderId }) : null,
  ]);
  return { shipments, choices: choices?.shippable ? choices.lines : null, idempotencyKey: newFormKey() };
}

/** The ship form of a sales order: the chosen lines become a shipping order, whose page opens. */
export async function shipOrderAction(rc: RequestContext, request: Request, form: FormData, orderId: string | undefined) {
  requirePage(request, rc, SHIPPING_ORDERS.edit);
  const ctx = await ctxFromRequest(rc);
  const quantities = form.getAll("quantity").map(String);
  const batchIds = form.getAll("batch_id").map(String);
  // A row left at 0 (or blank) does not ship now; `rows` keeps where each sent line sits in the form.
  const rows = form
    .getAll("line_id")
    .map((lineId, row) => ({ row, line_id: String(lineId), quantity: quantities[row]?.trim() ?? "", batch_id: batchIds[row] || null }))
    .filter((l) => l.quantity !== "" && !/^0*([.,]0*)?$/.test(l.quantity));
  const lines = rows.map(({ row: _row, ...line }) => line);
  return formAction(
    async () =>
      redirect(
        await onceForm(
          rc,
          request,
          form,
          async () => `${SHIPPING_ORDERS.path}/${(await createShippingOrder(ctx, { sales_order_id: orderId, lines })).id}?notice=created`,
        ),
      ),
    (refusal) => ({ ...refusal, fields: atFormRows(refusal.fields, rows), ship: true as const }),
  );
}

/** The verb names `lines.<i>.<field>` by the lines it was sent: the form shows them at their rows. */
function atFormRows<F>(fields: Record<string, F> | undefined, rows: { row: number }[]): Record<string, F> | undefined {
  if (!fields) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name.replace(/^lines\.(\d+)\./, (_, i: string) => `lines.${rows[Number(i)]?.row ?? i}.`),
      field,
    ]),
  );
}
