import { runCascade } from "../documents/cascades";
import { requirePermission, type Ctx } from "../shared/ctx";
import { readSalesDocument, SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";

/**
 * Cancels a sales order (domain spec §4) with its cascade (cascades.ts), in one batch: its
 * shipping orders are cancelled (shipped goods come back into stock) and the units it reserves
 * are given back; a document changed meanwhile fails it with `conflict`, nothing written.
 */
export async function cancelSalesOrder(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.sales_order.edit);
  const saved = await savedSalesDocument(ctx.db, "sales_order", input.id);
  await runCascade(ctx, "sales_order", "cancel", saved);
  return readSalesDocument(ctx.db, "sales_order", saved.id);
}
