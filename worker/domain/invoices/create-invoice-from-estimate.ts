import { claimMove } from "../documents/claims";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { assertVerbMove, type StatusOf } from "../documents/statuses";
import { lineInputsOf } from "../sales/sales-document-writes";
import { savedSalesDocument } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { fieldError, parseInput } from "../shared/input";
import { PRICE_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";
import { tenantSchema } from "../../../db/client";
import { eq } from "drizzle-orm";
import { readInvoiceSettings } from "./invoice-settings";
import { CreateInvoiceFromEstimateInput } from "./invoice-schemas";
import type { InvoiceView } from "./invoice-views";
import { insertInvoice } from "./invoice-writes";

const TRANSFORMED: StatusOf<"estimate"> = "accepted_and_transformed";

/**
 * Invoices an estimate (domain spec §4 'accept and transform'): all its lines at their prices and
 * discounts; the estimate becomes accepted_and_transformed in the same batch, claimed as read, so
 * that it is invoiced or transformed once.
 */
export async function createInvoiceFromEstimate(ctx: Ctx, input: unknown): Promise<InvoiceView> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.edit);
  requirePermission(ctx, DOCUMENT_ACCESS.estimate.edit);
  const parsed = parseInput(CreateInvoiceFromEstimateInput, input);
  const { db } = ctx;
  const estimate = await savedSalesDocument(db, "estimate", parsed.estimate_id).catch((error: unknown) => {
    throw error instanceof DomainError && error.code === "not_found" ? fieldError("estimate_id", "unknown_estimate") : error;
  });
  assertVerbMove("estimate", estimate.status, TRANSFORMED);
  const { salesDocumentLines } = tenantSchema;
  const [settings, lines, sources] = await Promise.all([
    readInvoiceSettings(db, estimate.customerId),
    lineInputsOf(db, estimate.id),
    db
      .select({ id: salesDocumentLines.id, lid: salesDocumentLines.lid })
      .from(salesDocumentLines)
      .where(eq(salesDocumentLines.documentId, estimate.id)),
  ]);
  const byLid = new Map(sources.map((l) => [l.lid, l.id]));
  const money = (units: number | string) => storedDecimal(units, PRICE_SCALE);
  return insertInvoice(ctx, {
    customerId: estimate.customerId,
    locationId: estimate.locationId,
    fields: {
      number: parsed.number,
      date: parsed.date,
      label: estimate.label,
      notes: parsed.notes !== undefined ? parsed.notes : estimate.notes,
      internal_notes: estimate.internalNotes,
      terms: estimate.terms,
      external_reference: estimate.externalReference,
      for_the_attention_of: estimate.forTheAttentionOf,
      document_tax_ids: estimate.documentTaxIds,
      global_discount: money(estimate.globalDiscount).toString(),
      global_discount_type: estimate.globalDiscountType,
      shipping_cost: money(estimate.shippingCost),
      lines,
    },
    settings,
    finalize: parsed.finalize,
    dueDate: parsed.due_date,
    isDeposit: parsed.is_deposit ?? false,
    createdFromId: estimate.id,
    sourceLineOf: (lid) => byLid.get(lid) ?? null,
    extra: (batch) => claimMove(db, batch, estimate, "estimate", TRANSFORMED),
  });
}
