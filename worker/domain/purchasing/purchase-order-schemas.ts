import { z } from "zod";
import { DOCUMENT_TYPES } from "../documents/document-types";
import { strictInput, zCalendarDate, zOptionalText } from "../shared/input";
import { zMoney } from "../shared/money";
import { documentFields, SalesLineInput } from "../sales/sales-schemas";
import { zOptionalId, zRefIdRequired, zRequiredQuantity } from "../stock/common";

/** What a purchase order is made of: the supplier, the location the goods go to, the lines (priced for the supplier). */
const orderFields = {
  number: zOptionalText(DOCUMENT_TYPES.purchase_order.numbering.maxLength).optional(),
  label: documentFields.label,
  date: documentFields.date,
  expected_date: zCalendarDate.nullable().optional(),
  supplier_reference: zOptionalText(200).optional(),
  notes: documentFields.notes,
  internal_notes: documentFields.internal_notes,
  global_discount: documentFields.global_discount,
  global_discount_type: documentFields.global_discount_type,
  shipping_cost: zMoney({ min: 0 }).nullable().optional(),
  document_tax_ids: documentFields.document_tax_ids,
  lines: z.array(SalesLineInput, { error: "invalid" }).max(1000, "too_long").optional(),
};

export const CreatePurchaseOrderInput = strictInput({
  supplier_id: zRefIdRequired("unknown_supplier"),
  location_id: zRefIdRequired("unknown_location"),
  ...orderFields,
});
export type PurchaseOrderFields = z.output<typeof CreatePurchaseOrderInput>;

export const UpdatePurchaseOrderInput = strictInput({
  id: z.unknown(),
  supplier_id: zRefIdRequired("unknown_supplier").optional(),
  location_id: zRefIdRequired("unknown_location").optional(),
  ...orderFields,
});

/**
 * A delivery of a purchase order: the lines received (order line ids, quantities in the line's
 * unit), else all that remains; batch-tracked variants name an existing batch or a new one
 * (number and expiration date); unit_cost overrides the order's price for the moving average.
 */
export const CreateDeliveryInput = strictInput({
  purchase_order_id: zRefIdRequired("unknown_purchase_order"),
  // Where the goods are received: the order's location unless another is named.
  location_id: zRefIdRequired("unknown_location").optional(),
  number: zOptionalText(DOCUMENT_TYPES.delivery.numbering.maxLength).optional(),
  date: zCalendarDate.optional(),
  notes: zOptionalText(5000).optional(),
  lines: z
    .array(
      strictInput({
        line_id: zRefIdRequired("unknown_line"),
        quantity: zRequiredQuantity({ positive: true }),
        batch_id: zOptionalId("unknown_batch").optional(),
        batch_number: zOptionalText(100).optional(),
        expiration_date: zCalendarDate.nullable().optional(),
      }),
      { error: "invalid" },
    )
    .min(1, "required")
    .max(1000, "too_long")
    .optional(),
});
