import { permits, requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { documentActions, type DocumentActions } from "./document-actions";
import { getEstimate } from "./get-estimate";
import { getSalesOrder } from "./get-sales-order";
import { listShippingOrders } from "./list-shipping-orders";
import { documentEmails, type DocumentEmails } from "../documents/document-emails";
import { SALES_ACCESS, type SalesDocumentView } from "./sales-documents";
import { shippingChoices, type ShippingChoiceLine } from "./shipping-choices";

/** A sales order's shipping section: its shipping orders (null without view_shipping_orders) and what a new one may take (null when none may be made). */
export interface OrderShippingView {
  shipments: SalesDocumentView[] | null;
  choices: ShippingChoiceLine[] | null;
}

export interface SalesDocumentDetailView<T extends "estimate" | "sales_order"> {
  doc: SalesDocumentView;
  actions: DocumentActions<T>;
  emails: DocumentEmails;
  /** The estimate an order was made from, for whoever may open it (null when it was deleted since). */
  origin: { id: number; number: string } | null;
  /** Sales orders only. */
  shipping: OrderShippingView | null;
}

/** `null` where the document a link points at is gone. */
async function unlessGone<R>(read: () => Promise<R>): Promise<R | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") return null;
    throw error;
  }
}

/** An estimate's or a sales order's page: the document, what this user may do next, its emails, where it came from, its shipping. */
export async function salesDocumentDetailView<T extends "estimate" | "sales_order">(
  ctx: Ctx,
  input: { type: T; id: unknown },
): Promise<SalesDocumentDetailView<T>> {
  requirePermission(ctx, SALES_ACCESS[input.type].view);
  const doc = await (input.type === "estimate" ? getEstimate : getSalesOrder)(ctx, { id: input.id });
  const fromId = doc.created_from_id;
  const isOrder = input.type === "sales_order";
  const [emails, origin, shipments, choices] = await Promise.all([
    documentEmails(ctx, { type: input.type, id: doc.id }),
    fromId !== null && permits(ctx, SALES_ACCESS.estimate.view)
      ? unlessGone(async () => ({ id: fromId, number: (await getEstimate(ctx, { id: fromId })).number }))
      : null,
    isOrder && permits(ctx, SALES_ACCESS.shipping_order.view)
      ? listShippingOrders(ctx, { created_from_id: String(doc.id), sort: "id", page_size: "100" }).then((r) => r.items)
      : null,
    isOrder && permits(ctx, SALES_ACCESS.shipping_order.edit) ? shippingChoices(ctx, { id: doc.id }) : null,
  ]);
  return {
    doc,
    actions: documentActions(ctx, input.type, doc),
    emails,
    origin,
    shipping: isOrder ? { shipments, choices: choices?.shippable ? choices.lines : null } : null,
  };
}
