import { runCascade } from "../documents/cascades";
import { requirePermission, type Ctx } from "../shared/ctx";
import { readSalesDocument, SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";

/**
 * Cancels a shipping order with its cascade (cascades.ts): goods already shipped come back into
 * stock, and back into the order's reservation.
 */
export async function cancelShippingOrder(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.shipping_order.edit);
  const saved = await savedSalesDocument(ctx.db, "shipping_order", input.id);
  await runCascade(ctx, "shipping_order", "cancel", saved);
  return readSalesDocument(ctx.db, "shipping_order", saved.id);
}
