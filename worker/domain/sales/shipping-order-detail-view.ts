import { permits, requirePermission, type Ctx } from "../shared/ctx";
import { documentActions, type DocumentActions } from "./document-actions";
import { getShippingOrder } from "./get-shipping-order";
import { listSalesOrders } from "./list-sales-orders";
import { documentEmails, type DocumentEmails } from "../documents/document-emails";
import { SALES_ACCESS, type SalesDocumentView } from "./sales-documents";

export interface ShippingOrderDetailView {
  doc: SalesDocumentView;
  actions: DocumentActions<"shipping_order">;
  emails: DocumentEmails;
  /** The sales order it ships, for whoever may see sales orders. */
  order: { id: number; number: string } | null;
}

/** A shipping order's page: the document, what this user may do next, its emails and the order it ships. */
export async function shippingOrderDetailView(ctx: Ctx, input: { id: unknown }): Promise<ShippingOrderDetailView> {
  requirePermission(ctx, SALES_ACCESS.shipping_order.view);
  const doc = await getShippingOrder(ctx, { id: input.id });
  const [emails, numbers] = await Promise.all([documentEmails(ctx, { type: "shipping_order", id: doc.id }), salesOrderNumbers(ctx, [doc])]);
  const orderId = doc.created_from_id;
  const number = orderId === null ? undefined : numbers[orderId];
  return {
    doc,
    actions: documentActions(ctx, "shipping_order", doc),
    emails,
    order: orderId !== null && number !== undefined ? { id: orderId, number } : null,
  };
}

/** The numbers of the sales orders some shipping orders came from, for whoever may see sales orders (else none). */
export async function salesOrderNumbers(ctx: Ctx, docs: SalesDocumentView[]): Promise<Record<number, string>> {
  const ids = [...new Set(docs.flatMap((d) => (d.created_from_id === null ? [] : [d.created_from_id])))];
  if (ids.length === 0 || !permits(ctx, SALES_ACCESS.sales_order.view)) return {};
  const orders = await listSalesOrders(ctx, { id__In: ids.join(","), page_size: String(ids.length) });
  return Object.fromEntries(orders.items.map((o) => [o.id, o.number]));
}
