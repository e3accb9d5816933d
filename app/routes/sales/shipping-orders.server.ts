import { redirect } from "react-router";
import type { RequestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { createShippingOrder } from "../../../worker/domain/sales/create-shipping-order";
import { runDocumentAction } from "../../../worker/domain/sales/document-actions";
import { getShippingOrder } from "../../../worker/domain/sales/get-shipping-order";
import { shippingOrderListView } from "../../../worker/domain/sales/list-shipping-orders";
import { shippingOrderDetailView } from "../../../worker/domain/sales/shipping-order-detail-view";
import { canInvoice, invoiceFrom } from "../../../worker/domain/invoices/invoice-pages";
import { requirePage } from "../../../worker/guards";
import { INVOICES } from "../../components/sales/sales-kinds";
import { SHIPPING_ORDERS, type ShippingDetailData, type ShippingListData } from "../../components/sales/shipping-kinds";
import { formAction, onceForm, orNotFound } from "../../server/form-page.server";
import { listPageAction, loadListPage } from "../../server/list-page.server";

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export async function shippingListLoader(rc: RequestContext, request: Request): Promise<ShippingListData> {
  requirePage(request, rc, SHIPPING_ORDERS.view);
  const ctx = await ctxFromRequest(rc);
  const list = await loadListPage({
    request,
    rc,
    type: SHIPPING_ORDERS.listType,
    defaultSort: [{ by: "id", direction: "desc" }],
    // One view: each row comes with the sales order it ships.
    run: (query) => shippingOrderListView(ctx, query),
  });
  return { list };
}

export async function shippingListAction(rc: RequestContext, request: Request) {
  requirePage(request, rc, SHIPPING_ORDERS.view);
  return listPageAction({ request, rc, type: SHIPPING_ORDERS.listType });
}

// ── Detail ───────────────────────────────────────────────────────────────────────────────────

export async function shippingDetailLoader(rc: RequestContext, request: Request, id: string | undefined): Promise<ShippingDetailData> {
  requirePage(request, rc, SHIPPING_ORDERS.view);
  const ctx = await ctxFromRequest(rc);
  const view = await orNotFound(() => shippingOrderDetailView(ctx, { id }));
  const notice = new URL(request.url).searchParams.get("notice");
  const invoiceable = await canInvoice(ctx, { type: "shipping_order", id: view.doc.id });
  return {
    doc: view.doc,
    intents: [...view.actions.moves, ...(invoiceable ? (["invoice"] as const) : [])],
    order: view.order,
    emails: view.emails,
    notice: notice === "created" || notice === "moved" || notice === "not_editable" || notice === "emailed" ? notice : null,
  };
}

/** The buttons of the detail page: the moves the domain offered, and invoicing what it shipped (edit_invoices). */
export async function shippingDetailAction(rc: RequestContext, request: Request, id: string | undefined) {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  requirePage(request, rc, intent === "invoice" ? INVOICES.edit : SHIPPING_ORDERS.edit);
  const ctx = await ctxFromRequest(rc);
  return formAction(async () => {
    if (intent === "invoice")
      return redirect(`${INVOICES.path}/${(await invoiceFrom(ctx, { type: "shipping_order", id })).id}?notice=created`);
    await runDocumentAction(ctx, { type: "shipping_order", action: intent, id });
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
