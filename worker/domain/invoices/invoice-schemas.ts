import { z } from "zod";
import { DOCUMENT_TYPES } from "../documents/document-types";
import { strictInput, zCalendarDate, zFlag, zOptionalText } from "../shared/input";
import { zRefIdRequired, zRequiredQuantity } from "../stock/common";
import { documentFields } from "../sales/sales-schemas";
import { zDecimal } from "../shared/money";

/** What the invoice verbs accept (domain spec §3 'Invoice', §5 'Invoice number'). */

/** A typed invoice number: not empty, at most 18 characters ('The invoice number is too long (18 characters max.)'). */
export const zInvoiceNumber = z
  .string({ error: "invalid" })
  .trim()
  .min(1, "required")
  .max(DOCUMENT_TYPES.invoice.numbering.maxLength, "invoice_number_too_long")
  .nullable()
  .optional();

/** What every way of making an invoice may say besides its lines. */
const invoiceFields = {
  number: zInvoiceNumber,
  date: zCalendarDate.optional(),
  // Given, it replaces the one worked out from the payment terms.
  due_date: zCalendarDate.nullable().optional(),
  notes: zOptionalText(5000).optional(),
  // A deposit invoice (titled so). One of a sales order is made with `deposit_percentage`, and deducted by its later invoices.
  is_deposit: zFlag.optional(),
  // Finalised at once (numbered now) rather than a draft, where the company settings allow the choice.
  finalize: zFlag.optional(),
};

/** An invoice made from scratch: a customer, a location and lines, as a sales order takes them. */
export const CreateInvoiceInput = strictInput({
  customer_id: zRefIdRequired("unknown_customer"),
  location_id: zRefIdRequired("unknown_location"),
  ...documentFields,
  ...invoiceFields,
});

/** The lines chosen of the source: its line ids and the quantities billed (else everything that remains to invoice). */
const chosenLines = z
  .array(
    strictInput({
      line_id: zRefIdRequired("unknown_line"),
      quantity: zRequiredQuantity({ positive: true }),
    }),
    { error: "invalid" },
  )
  .max(1000, "too_long")
  .optional();

/** An invoice of a sales order: what remains to invoice of it, or the lines chosen (its line ids, at most what remains). */
export const CreateInvoiceFromOrderInput = strictInput({
  sales_order_id: zRefIdRequired("unknown_sales_order"),
  lines: chosenLines,
  // A deposit invoice of this percentage of the order (decision 043): it takes no line of it.
  deposit_percentage: zDecimal(2, { min: 0.01, max: 100 }).optional(),
  ...invoiceFields,
});

/** An invoice of a shipping order: what it shipped and is not invoiced yet (at most what remains to invoice of the order). */
export const CreateInvoiceFromShippingOrderInput = strictInput({
  shipping_order_id: zRefIdRequired("unknown_shipping_order"),
  ...invoiceFields,
});

/** An invoice of an estimate: all its lines at their prices; the estimate becomes accepted_and_transformed. */
export const CreateInvoiceFromEstimateInput = strictInput({
  estimate_id: zRefIdRequired("unknown_estimate"),
  ...invoiceFields,
});

/** A change of an invoice: a draft's anything; a finalised one's only where the company settings allow it. */
export const UpdateInvoiceInput = strictInput({
  id: z.unknown(),
  customer_id: zRefIdRequired("unknown_customer").optional(),
  location_id: zRefIdRequired("unknown_location").optional(),
  ...documentFields,
  number: zInvoiceNumber,
  due_date: zCalendarDate.nullable().optional(),
  is_deposit: zFlag.optional(),
});

/** What POST /invoices takes: one of the four ways of making an invoice. */
export const AnyCreateInvoiceInput = z.union([
  CreateInvoiceFromOrderInput,
  CreateInvoiceFromShippingOrderInput,
  CreateInvoiceFromEstimateInput,
  CreateInvoiceInput,
]);
