import { assertVerbMove } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { readStoreSettings } from "../store/settings/store-settings";
import { moveSalesDocument } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";

/**
 * Validates an order placed from the store: pending_validation becomes pending (domain spec §4).
 * When the store emails its buyers on confirmation (automatically_send_email_on_confirm), the
 * buyer who placed it is told, through an outbox row written with the move; when it invoices its
 * orders (automatically_create_invoice), the invoice is made by the same means.
 */
export async function validateSalesOrder(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.sales_order.edit);
  const saved = await savedSalesDocument(ctx.db, "sales_order", input.id);
  // The graph's guard: only a store order awaiting validation moves to pending by this verb.
  assertVerbMove("sales_order", saved.status, "pending");
  const settings = await readStoreSettings(ctx.db);
  const tell = settings.automatically_send_email_on_confirm && saved.userId !== null;
  return moveSalesDocument(ctx, saved, "pending", {
    extra: [
      ...(tell ? [ctx.outbox.company("email.store_order_confirmed", { orderId: saved.id, buyerUserId: saved.userId! })] : []),
      ...(settings.automatically_create_invoice ? [ctx.outbox.company("invoice.store_order", { orderId: saved.id })] : []),
    ],
  });
}
