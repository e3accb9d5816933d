import { claimMove } from "../documents/claims";
import { assertVerbMove, entryStatus, type StatusOf } from "../documents/statuses";
import { salesOrderCreatedRow } from "../settings/alerts/alert-watch";
import { requirePermission, type Ctx } from "../shared/ctx";
import { PRICE_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";
import { insertSalesDocument, lineInputsOf } from "./sales-document-writes";
import { SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";
import { orderRules } from "./sales-order-rules";

const TRANSFORMED: StatusOf<"estimate"> = "accepted_and_transformed";

/**
 * Accepts an estimate and makes a sales order of it (domain spec §4 'accept and transform'): the
 * order takes the estimate's lines at their prices and discounts, its created_from_id points at
 * it, and the estimate becomes accepted_and_transformed in the same batch. The batch claims the
 * estimate as read (its status and updated_at, claims.ts): two transforms of one estimate cannot
 * both succeed, nor can a transform and a reject, whichever writes first.
 */
export async function transformEstimate(ctx: Ctx, input: { id: unknown }): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.estimate.edit);
  requirePermission(ctx, SALES_ACCESS.sales_order.edit);
  const { db } = ctx;
  const estimate = await savedSalesDocument(db, "estimate", input.id);
  // Refused before the pricing reads; the batch checks it again against the estimate as it is then.
  assertVerbMove("estimate", estimate.status, TRANSFORMED);
  const money = (units: number | string) => storedDecimal(units, PRICE_SCALE);
  return insertSalesDocument(ctx, {
    type: "sales_order",
    customerId: estimate.customerId,
    locationId: estimate.locationId,
    fields: {
      label: estimate.label,
      notes: estimate.notes,
      internal_notes: estimate.internalNotes,
      terms: estimate.terms,
      external_reference: estimate.externalReference,
      for_the_attention_of: estimate.forTheAttentionOf,
      global_discount: money(estimate.globalDiscount).toString(),
      global_discount_type: estimate.globalDiscountType,
      shipping_cost: money(estimate.shippingCost),
      lines: await lineInputsOf(db, estimate.id),
    },
    reserve: true,
    ...orderRules,
    values: () => ({
      status: entryStatus("sales_order"),
      paymentStatus: entryStatus("sales_order_payment"),
      shippingStatus: entryStatus("sales_order_shipping"),
      createdFromId: estimate.id,
    }),
    extra: (batch, orderId) => {
      claimMove(db, batch, estimate, "estimate", TRANSFORMED);
      // The new_sales_order alerts hear of the order with it, as of any order made in the back office.
      batch.add(salesOrderCreatedRow(ctx.outbox, orderId, false));
    },
  });
}
