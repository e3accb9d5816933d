import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";
import { requirePermission, type Ctx } from "../shared/ctx";
import { removeSalesDocument } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument } from "./sales-documents";

/** Deletes a sales order and the documents made from it (their reservations given back), once the consequences are acknowledged. */
export async function deleteSalesOrder(ctx: Ctx, input: { id: unknown; acknowledged?: readonly string[] }): Promise<void> {
  requirePermission(ctx, SALES_ACCESS.sales_order.edit);
  const saved = await savedSalesDocument(ctx.db, "sales_order", input.id);
  requireAcknowledged(input.acknowledged, DELETE_ASKS.sales_document);
  await removeSalesDocument(ctx, saved);
}
