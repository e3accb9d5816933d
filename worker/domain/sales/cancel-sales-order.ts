import { assertMove, type StatusOf } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { moveSalesDocument } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";
import { cancelShipmentsOf } from "./shipping-writes";

/**
 * Cancels a sales order (domain spec §4): its shipping orders are cancelled (shipped goods come
 * back into stock), then the units it still reserves are given back.
 */
export async function cancelSalesOrder(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.sales_order.edit);
  const saved = await savedSalesDocument(ctx.db, "sales_order", input.id);
  assertMove("sales_order", saved.status as StatusOf<"sales_order">, "cancelled");
  await cancelShipmentsOf(ctx, [saved.id]);
  // Read again: cancelled shipments gave their units back to the order's lines.
  return moveSalesDocument(ctx, await savedSalesDocument(ctx.db, "sales_order", saved.id), { status: "cancelled" }, { release: true });
}
