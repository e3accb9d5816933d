import { DOCUMENT_ACCESS } from "../documents/document-types";
import { requirePermission, type Ctx } from "../shared/ctx";
import { parseInput } from "../shared/input";
import { createInvoiceFromEstimate } from "./create-invoice-from-estimate";
import { createInvoiceFromOrder, createInvoiceFromShippingOrder } from "./create-invoice-from-order";
import { readInvoiceSettings } from "./invoice-settings";
import { CreateInvoiceInput } from "./invoice-schemas";
import type { InvoiceView } from "./invoice-views";
import { insertInvoice } from "./invoice-writes";

/**
 * Makes an invoice (domain spec §3 'Invoice'): of a sales order (`sales_order_id`), a shipping
 * order (`shipping_order_id`) or an estimate (`estimate_id`), else from scratch for a customer at
 * a location, priced like a sales order. A draft or finalised as the company settings and `finalize` say.
 */
export async function createInvoice(ctx: Ctx, input: unknown): Promise<InvoiceView> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.edit);
  const source = input !== null && typeof input === "object" ? (input as Record<string, unknown>) : {};
  if (source.sales_order_id !== undefined) return createInvoiceFromOrder(ctx, input);
  if (source.shipping_order_id !== undefined) return createInvoiceFromShippingOrder(ctx, input);
  if (source.estimate_id !== undefined) return createInvoiceFromEstimate(ctx, input);
  const parsed = parseInput(CreateInvoiceInput, input);
  const settings = await readInvoiceSettings(ctx.db, parsed.customer_id);
  return insertInvoice(ctx, {
    customerId: parsed.customer_id,
    locationId: parsed.location_id,
    fields: parsed,
    settings,
    finalize: parsed.finalize,
    dueDate: parsed.due_date,
    isDeposit: parsed.is_deposit ?? false,
    createdFromId: null,
  });
}
