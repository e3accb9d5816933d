import { createInvoiceFromOrder } from "../invoices/create-invoice-from-order";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";

/**
 * The invoice of a store order just confirmed, for a store that invoices its orders
 * (`automatically_create_invoice`): everything the order holds, a draft or finalised as the
 * company's invoice settings say. Run by the outbox's consumer, written with the confirmation:
 * once, and a second delivery finds nothing left to invoice (or an order gone or cancelled since),
 * which is done, not an error to retry.
 */
export async function invoiceStoreOrder(ctx: Ctx, orderId: number): Promise<void> {
  try {
    await createInvoiceFromOrder(ctx, { sales_order_id: orderId });
  } catch (error) {
    if (
      error instanceof DomainError &&
      ["nothing_to_invoice", "not_found", "status_move_not_allowed", "validation_failed"].includes(error.code)
    )
      return;
    throw error;
  }
}
