import { assertMove, type StatusOf } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { moveSalesDocument } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";
import { moveShippedGoods } from "./shipping-writes";

/** Cancels a shipping order; goods already shipped come back into stock, and back into the order's reservation. */
export async function cancelShippingOrder(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.shipping_order.edit);
  const saved = await savedSalesDocument(ctx.db, "shipping_order", input.id);
  assertMove("shipping_order", saved.status as StatusOf<"shipping_order">, "cancelled");
  if (saved.status === "shipped" || saved.status === "delivered") return moveShippedGoods(ctx, saved, -1, "cancelled");
  return moveSalesDocument(ctx, saved, { status: "cancelled" });
}
