import { DOCUMENT_ACCESS } from "../documents/document-types";
import { requirePermission, type Ctx } from "../shared/ctx";
import { readInvoice, type InvoiceView } from "./invoice-views";

/** One invoice with its lines, its due date and what remains to pay. */
export async function getInvoice(ctx: Ctx, input: { id: unknown }): Promise<InvoiceView> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.read);
  return readInvoice(ctx.db, input.id, ctx.now());
}
