import { entryStatus } from "../documents/statuses";
import { salesOrderCreatedRow } from "../settings/alerts/alert-watch";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseInput } from "../shared/input";
import { insertSalesDocument } from "./sales-document-writes";
import { SALES_ACCESS, type SalesDocumentView } from "./sales-documents";
import { orderRules } from "./sales-order-rules";
import { CreateSalesOrderInput } from "./sales-schemas";

/**
 * Creates a sales order: numbered, priced for its customer, checked against the customer's minimum
 * order amount and credit limit, and (delivered from its location) reserving its units there in
 * the same batch: a user who may not sell out of stock cannot reserve more than is available.
 */
export async function createSalesOrder(ctx: Ctx, input: unknown): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.sales_order.edit);
  const parsed = parseInput(CreateSalesOrderInput, input);
  const deliveryType = parsed.delivery_type ?? "stock_location";
  return insertSalesDocument(ctx, {
    type: "sales_order",
    customerId: parsed.customer_id,
    locationId: parsed.location_id,
    fields: parsed,
    reserve: deliveryType === "stock_location",
    ...orderRules,
    // The new_sales_order alerts hear of it with the order, or not at all.
    extra: (batch, orderId) => void batch.add(salesOrderCreatedRow(ctx.outbox, orderId, false)),
    values: () => ({
      status: entryStatus("sales_order"),
      paymentStatus: entryStatus("sales_order_payment"),
      shippingStatus: entryStatus("sales_order_shipping"),
      deliveryType,
      shippingDate: parsed.shipping_date ?? null,
    }),
  });
}
