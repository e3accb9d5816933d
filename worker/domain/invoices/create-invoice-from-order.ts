import { createI18n } from "../../../locales";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { savedSalesDocument } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { fieldError, parseInput } from "../shared/input";
import {
  allRemaining,
  checkChosen,
  invoiceOfOrder,
  readOrderBilling,
  readShipmentBilling,
  remainingToInvoice,
  requireWithinOrder,
  requireWithinShipment,
  billableLines,
} from "./invoice-sources";
import { readInvoiceSettings } from "./invoice-settings";
import { depositLines, requireDepositsWithin, requireDepositsWithinOrder } from "./deposits";
import { CreateInvoiceFromOrderInput, CreateInvoiceFromShippingOrderInput } from "./invoice-schemas";
import type { InvoiceView } from "./invoice-views";
import { insertInvoice } from "./invoice-writes";

/** Orders in these statuses are not invoiced: one the company has not validated, one cancelled. */
const NOT_INVOICED = ["pending_validation", "cancelled"];

async function savedOf(
  ctx: Ctx,
  type: "sales_order" | "shipping_order",
  id: number,
  field: string,
  code: "unknown_sales_order" | "unknown_shipping_order",
) {
  try {
    return await savedSalesDocument(ctx.db, type, id);
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw fieldError(field, code);
    throw error;
  }
}

/**
 * Invoices a sales order: the lines chosen (order line ids, each at most what remains to invoice
 * of it), else everything that remains. Several partial invoices may bill one order; the batch
 * checks that together they never bill more than it (invoice-sources.ts).
 */
export async function createInvoiceFromOrder(ctx: Ctx, input: unknown): Promise<InvoiceView> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.edit);
  const parsed = parseInput(CreateInvoiceFromOrderInput, input);
  const order = await savedOf(ctx, "sales_order", parsed.sales_order_id, "sales_order_id", "unknown_sales_order");
  if (NOT_INVOICED.includes(order.status)) throw new DomainError("status_move_not_allowed");
  const [billing, settings] = await Promise.all([readOrderBilling(ctx.db, order), readInvoiceSettings(ctx.db, order.customerId)]);
  if (parsed.deposit_percentage !== undefined || parsed.is_deposit) {
    // A deposit of the order is a percentage of it, never some of its lines.
    if (parsed.deposit_percentage === undefined || parsed.lines !== undefined)
      throw fieldError(parsed.lines !== undefined ? "lines" : "deposit_percentage", parsed.lines !== undefined ? "invalid" : "required");
    const i18n = createI18n(ctx.locale);
    const percent = parsed.deposit_percentage.toString().replace(/\.?0+$/, "");
    const label = i18n._("invoice.deposit_line", {
      percent: ctx.locale === "fr" ? percent.replace(".", ",") : percent,
      number: order.number ?? "",
    });
    return insertInvoice(ctx, {
      customerId: order.customerId,
      locationId: order.locationId,
      fields: {
        label: order.label,
        external_reference: order.externalReference,
        for_the_attention_of: order.forTheAttentionOf,
        document_tax_ids: order.documentTaxIds,
        number: parsed.number,
        date: parsed.date,
        ...(parsed.notes !== undefined ? { notes: parsed.notes } : {}),
        lines: depositLines(billing, parsed.deposit_percentage, label),
      },
      settings,
      finalize: parsed.finalize,
      dueDate: parsed.due_date,
      isDeposit: true,
      createdFromId: order.id,
      guard: (batch) => requireDepositsWithinOrder(batch, order.id),
    });
  }
  const taken = checkChosen(billing, parsed.lines ?? allRemaining(billing), parsed.lines !== undefined);
  return insertOrderInvoice(ctx, {
    order,
    billing,
    taken,
    settings,
    parsed,
    createdFromId: order.id,
    guard: (batch) => requireDepositsWithin(requireWithinOrder(batch, order.id), order.id),
  });
}

/**
 * Invoices a shipping order: what it shipped of each order line and no invoice made from it billed
 * yet, at most what remains to invoice of the order; the invoice is made from the shipping order
 * (cancelling it cancels the invoice), at its sales order's prices.
 */
export async function createInvoiceFromShippingOrder(ctx: Ctx, input: unknown): Promise<InvoiceView> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.edit);
  const parsed = parseInput(CreateInvoiceFromShippingOrderInput, input);
  const shipment = await savedOf(ctx, "shipping_order", parsed.shipping_order_id, "shipping_order_id", "unknown_shipping_order");
  if (shipment.status === "cancelled" || shipment.createdFromId === null) throw new DomainError("status_move_not_allowed");
  // A deposit is a percentage of the order (made from the order), never what a shipment sent.
  if (parsed.is_deposit) throw fieldError("is_deposit", "invalid");
  const order = await savedSalesDocument(ctx.db, "sales_order", shipment.createdFromId);
  if (NOT_INVOICED.includes(order.status)) throw new DomainError("status_move_not_allowed");
  const [billing, shipmentBilling, settings] = await Promise.all([
    readOrderBilling(ctx.db, order),
    readShipmentBilling(ctx.db, shipment.id),
    readInvoiceSettings(ctx.db, order.customerId),
  ]);
  const chosen = billableLines(billing).flatMap((line) => {
    const left = (shipmentBilling.shipped.get(line.id) ?? 0) - (shipmentBilling.billed.get(line.id) ?? 0);
    const quantity = Math.min(left, remainingToInvoice(billing, line));
    return quantity > 0 ? [{ line_id: line.id, quantity }] : [];
  });
  const taken = checkChosen(billing, chosen, false);
  return insertOrderInvoice(ctx, {
    order,
    billing,
    taken,
    settings,
    parsed,
    createdFromId: shipment.id,
    guard: (batch) => requireDepositsWithin(requireWithinShipment(requireWithinOrder(batch, order.id), shipment.id), order.id),
  });
}

/** The invoice of what was taken from a sales order's lines, made from the order or one of its shipping orders. */
function insertOrderInvoice(
  ctx: Ctx,
  made: {
    order: { customerId: number; locationId: number; id: number };
    billing: Parameters<typeof invoiceOfOrder>[0];
    taken: Parameters<typeof invoiceOfOrder>[1];
    settings: Awaited<ReturnType<typeof readInvoiceSettings>>;
    parsed: {
      number?: string | null;
      date?: string;
      notes?: string | null;
      finalize?: boolean;
      due_date?: string | null;
      is_deposit?: boolean;
    };
    createdFromId: number;
    guard: Parameters<typeof insertInvoice>[1]["guard"];
  },
): Promise<InvoiceView> {
  const { order, parsed } = made;
  const i18n = createI18n(ctx.locale);
  const { fields, sourceLineOf } = invoiceOfOrder(made.billing, made.taken, (number) => i18n._("invoice.deposit_deduction", { number }));
  return insertInvoice(ctx, {
    customerId: order.customerId,
    locationId: order.locationId,
    fields: { ...fields, number: parsed.number, date: parsed.date, ...(parsed.notes !== undefined ? { notes: parsed.notes } : {}) },
    settings: made.settings,
    finalize: parsed.finalize,
    dueDate: parsed.due_date,
    isDeposit: false,
    createdFromId: made.createdFromId,
    sourceLineOf,
    guard: made.guard,
  });
}
