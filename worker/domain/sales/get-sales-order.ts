import { requirePermission, type Ctx } from "../shared/ctx";
import { readSalesDocument, SALES_ACCESS, type SalesDocumentView } from "./sales-documents";

/** One sales order with its lines. */
export async function getSalesOrder(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.sales_order.read);
  return readSalesDocument(ctx.db, "sales_order", input.id);
}
