import { requirePermission, type Ctx } from "../shared/ctx";
import { SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";
import { moveShippingOrder } from "./shipping-writes";

/**
 * The goods leave (decision 019: stock leaves at shipped): on hand goes down through the ledger,
 * under the company's and the user's rules on negative stock, and the order's reservation with it;
 * the batch claims the shipping order and refuses when its sales order was cancelled meanwhile.
 */
export async function shipShippingOrder(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.shipping_order.edit);
  const saved = await savedSalesDocument(ctx.db, "shipping_order", input.id);
  return moveShippingOrder(ctx, saved, "shipped");
}
