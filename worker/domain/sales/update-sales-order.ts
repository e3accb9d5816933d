import { isFinal, type StatusOf } from "../documents/statuses";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { conflict, fieldError, parseInput } from "../shared/input";
import { rewriteSalesDocument } from "./sales-document-writes";
import { hasShipments, SALES_ACCESS, savedSalesDocument, type SalesDocumentView } from "./sales-documents";
import { orderRules } from "./sales-order-rules";
import { UpdateSalesOrderInput } from "./sales-schemas";

/**
 * Changes an open sales order: lines given replace its lines, priced again, and its reservation is
 * given back and taken again in the same batch. Drop shipping, once set, cannot be undone.
 */
export async function updateSalesOrder(ctx: Ctx, input: { id: unknown } & Record<string, unknown>): Promise<SalesDocumentView> {
  requirePermission(ctx, SALES_ACCESS.sales_order.edit);
  const parsed = parseInput(UpdateSalesOrderInput, input);
  const saved = await savedSalesDocument(ctx.db, "sales_order", parsed.id);
  if (isFinal("sales_order", saved.status as StatusOf<"sales_order">)) throw new DomainError("status_move_not_allowed");
  if (saved.deliveryType === "drop_shipping" && parsed.delivery_type === "stock_location")
    throw fieldError("delivery_type", "drop_shipping_irreversible");
  // Shipping orders point at the order's lines: once one exists, the lines stay as they are.
  if (parsed.lines !== undefined && (await hasShipments(ctx.db, saved.id))) throw conflict("in_use", "lines");
  const deliveryType = parsed.delivery_type ?? saved.deliveryType;
  return rewriteSalesDocument(ctx, {
    type: "sales_order",
    saved,
    customerId: parsed.customer_id ?? saved.customerId,
    locationId: parsed.location_id ?? saved.locationId,
    fields: parsed,
    reserve: deliveryType === "stock_location",
    ...orderRules,
    values: () => ({
      deliveryType,
      ...(parsed.shipping_date !== undefined ? { shippingDate: parsed.shipping_date } : {}),
    }),
  });
}
