import { requirePermission, type Ctx } from "../shared/ctx";
import { readSalesDocument, SALES_ACCESS, type SalesDocumentView } from "./sales-documents";

/** One estimate with its lines. */
export async function getEstimate(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.estimate.read);
  return readSalesDocument(ctx.db, "estimate", input.id);
}
