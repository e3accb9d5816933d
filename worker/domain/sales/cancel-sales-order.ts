import { assertMove, type StatusOf } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { moveSalesDocument } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";

/** Cancels a sales order: the units it reserved are given back in the same batch (domain spec §4). */
export async function cancelSalesOrder(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.sales_order.edit);
  const saved = await savedSalesDocument(ctx.db, "sales_order", input.id);
  assertMove("sales_order", saved.status as StatusOf<"sales_order">, "cancelled");
  return moveSalesDocument(ctx, saved, { status: "cancelled" }, { release: true });
}
