import { assertMove, type StatusOf } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { moveSalesDocument } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";

/**
 * Completes a sales order by hand (domain spec §4): no stock moves (on hand stays as it is); the
 * order no longer waits for goods, so the units it reserved are no longer committed.
 */
export async function completeSalesOrder(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.sales_order.edit);
  const saved = await savedSalesDocument(ctx.db, "sales_order", input.id);
  assertMove("sales_order", saved.status as StatusOf<"sales_order">, "completed_manually");
  return moveSalesDocument(ctx, saved, { status: "completed_manually" }, { release: true });
}
