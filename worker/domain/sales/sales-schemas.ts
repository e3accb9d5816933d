import { z } from "zod";
import { DOCUMENT_TYPES } from "../documents/document-types";
import { discountText } from "../documents/lines/discounts";
import { zMoney } from "../shared/money";
import { strictInput, zCalendarDate, zOptionalText } from "../shared/input";
import { zOptionalId, zRefIdRequired, zRequiredQuantity, zScaledQuantity } from "../stock/common";

/**
 * A discount as typed: anything that is not a non-negative number counts as 0 (domain spec §5), so
 * any text or number passes here; a number past its bound is refused by the pricing (priceDocument).
 */
const zDiscount = z
  .union([z.string(), z.number()], { error: "invalid_number" })
  .meta({ description: "At most 100 as a percentage, 100000000000 as an amount (refused past them); not a number counts as 0" })
  .transform((v) => discountText(v))
  .nullable()
  .optional();
const zDiscountType = z.enum(["percentage", "amount"], { error: "invalid" }).nullable().optional();

/**
 * One line as a user or the API sends it: a variant (by variant_id or sku), a pack (pack_id), a
 * service (service_id) or free text (description alone). A kit's components are added by the
 * server. quantity in units (packs for a pack line); price overrides the catalogue's.
 */
export const SalesLineInput = strictInput({
  lid: z.string({ error: "invalid" }).trim().min(1, "required").max(40, "too_long").optional(),
  variant_id: zOptionalId("unknown_variant").optional(),
  sku: zOptionalText(255).optional(),
  pack_id: zOptionalId("unknown_pack").optional(),
  service_id: zOptionalId("unknown_service").optional(),
  description: zOptionalText(2000).optional(),
  quantity: zScaledQuantity().nullable().optional(),
  price: zMoney({ min: 0 }).nullable().optional(),
  discount: zDiscount,
  discount_type: zDiscountType,
});
export type SalesLineInput = z.output<typeof SalesLineInput>;

/** What estimates, sales orders and invoices share (domain spec §3 'Sales documents (common)'). */
export const documentFields = {
  // Estimates and sales orders keep numbers of the same length (document-types.ts).
  number: zOptionalText(DOCUMENT_TYPES.sales_order.numbering.maxLength).optional(),
  label: zOptionalText(200).optional(),
  date: zCalendarDate.optional(),
  notes: zOptionalText(5000).optional(),
  internal_notes: zOptionalText(5000).optional(),
  terms: zOptionalText(5000).optional(),
  external_reference: zOptionalText(200).optional(),
  for_the_attention_of: zOptionalText(200).optional(),
  global_discount: zDiscount,
  global_discount_type: zDiscountType,
  shipping_cost: zMoney({ min: 0 }).nullable().optional(),
  // The document's taxes (simple taxes or groups): the shipping's, and with tax priority "document" every taxable line's.
  document_tax_ids: z
    .array(z.number({ error: "unknown_tax" }).int("unknown_tax").positive("unknown_tax"), { error: "invalid" })
    .max(20, "too_long")
    .nullable()
    .optional(),
  lines: z.array(SalesLineInput, { error: "invalid" }).max(1000, "too_long").optional(),
};

const required = {
  customer_id: zRefIdRequired("unknown_customer"),
  // Domain spec §5: a document cannot be saved without a location.
  location_id: zRefIdRequired("unknown_location"),
};
const changeable = {
  customer_id: zRefIdRequired("unknown_customer").optional(),
  location_id: zRefIdRequired("unknown_location").optional(),
};

export const CreateEstimateInput = strictInput({ ...required, ...documentFields, expiration_date: zCalendarDate.nullable().optional() });
export const UpdateEstimateInput = strictInput({
  id: z.unknown(),
  ...changeable,
  ...documentFields,
  expiration_date: zCalendarDate.nullable().optional(),
});

const deliveryType = z.enum(["stock_location", "drop_shipping"], { error: "invalid" }).optional();
export const CreateSalesOrderInput = strictInput({
  ...required,
  ...documentFields,
  delivery_type: deliveryType,
  shipping_date: zCalendarDate.nullable().optional(),
});
export const UpdateSalesOrderInput = strictInput({
  id: z.unknown(),
  ...changeable,
  ...documentFields,
  delivery_type: deliveryType,
  shipping_date: zCalendarDate.nullable().optional(),
});

/**
 * A line only the server makes, never one typed (no schema reads it): a deposit invoice's amount,
 * or a deposit deducted on a later invoice of the order (a negative price), at the deposit's taxes.
 */
export interface DepositAmount {
  price: string;
  taxes: readonly { id: number; rate: string }[];
}
export type DocumentLine = SalesLineInput & { deposit?: DepositAmount };
export type DocumentFields = Omit<z.output<z.ZodObject<typeof documentFields>>, "lines"> & { lines?: DocumentLine[] };

/** A shipping order of a sales order: the lines chosen (order line ids, quantities, batches), else all that remains to ship. */
export const CreateShippingOrderInput = strictInput({
  sales_order_id: zRefIdRequired("unknown_sales_order"),
  number: zOptionalText(DOCUMENT_TYPES.shipping_order.numbering.maxLength).optional(),
  date: zCalendarDate.optional(),
  shipping_date: zCalendarDate.nullable().optional(),
  notes: zOptionalText(5000).optional(),
  lines: z
    .array(
      strictInput({
        line_id: zRefIdRequired("unknown_line"),
        quantity: zRequiredQuantity({ positive: true }),
        // Batch-tracked variants: the batch the goods come from (a line sent twice ships from two batches).
        batch_id: zOptionalId("unknown_batch").optional(),
      }),
      { error: "invalid" },
    )
    .max(1000, "too_long")
    .optional(),
});

/** A line editor's lookup: what a typed SKU or name adds, priced for the customer at the location. */
export const SalesLineFactsInput = strictInput({
  customer_id: zRefIdRequired("unknown_customer"),
  location_id: zRefIdRequired("unknown_location"),
  text: z.string({ error: "invalid" }).trim().min(1, "required").max(255, "too_long"),
  lid: z.string({ error: "invalid" }).trim().min(1, "required").max(30, "too_long").optional(),
});
