import { DELETE_ASKS, requireAcknowledged } from "../shared/acknowledgements";
import { requirePermission, type Ctx } from "../shared/ctx";
import { removeSalesDocument } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument } from "./sales-documents";

/** Deletes an estimate and the documents made from it (their reservations given back), once the consequences are acknowledged. */
export async function deleteEstimate(ctx: Ctx, input: { id: unknown; acknowledged?: readonly string[] }): Promise<void> {
  requirePermission(ctx, SALES_ACCESS.estimate.edit);
  const saved = await savedSalesDocument(ctx.db, "estimate", input.id);
  requireAcknowledged(input.acknowledged, DELETE_ASKS.sales_document);
  await removeSalesDocument(ctx, saved);
}
