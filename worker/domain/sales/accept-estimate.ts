import { assertMove, type StatusOf } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { moveSalesDocument } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";

/** The customer accepted the estimate (domain spec §4). */
export async function acceptEstimate(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.estimate.edit);
  const saved = await savedSalesDocument(ctx.db, "estimate", input.id);
  assertMove("estimate", saved.status as StatusOf<"estimate">, "accepted");
  return moveSalesDocument(ctx, saved, { status: "accepted" });
}
