import { requirePermission, type Ctx } from "../shared/ctx";
import { SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";
import { moveShippingOrder } from "./shipping-writes";

/**
 * The customer received the goods. A shipping order not yet shipped is shipped in the same batch
 * (its goods leave then, as shipShippingOrder's would); one already shipped only changes status.
 */
export async function deliverShippingOrder(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.shipping_order.edit);
  const saved = await savedSalesDocument(ctx.db, "shipping_order", input.id);
  return moveShippingOrder(ctx, saved, "delivered");
}
