import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { depositLineOf, rewriteSalesDocument } from "../sales/sales-document-writes";
import { savedSalesDocument } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseInput } from "../shared/input";
import type { StockBatch } from "../stock/ledger";
import { requireWithinOrder, requireWithinShipment } from "./invoice-sources";
import { invoiceDueDate, readInvoiceSettings, requireNumberEdit } from "./invoice-settings";
import { UpdateInvoiceInput } from "./invoice-schemas";
import { readInvoice, type InvoiceView } from "./invoice-views";
import { requireNumberFits } from "./invoice-writes";
import { sql } from "drizzle-orm";

const { salesDocuments, salesDocumentLines } = tenantSchema;

/** Statuses in which an invoice no longer changes at all. */
const CLOSED = ["cancelled", "voided"];

/**
 * Changes an invoice: a draft freely; a finalised one only when the company settings allow it
 * (edit_finalized_invoice), never once cancelled. Lines given replace its lines, priced again;
 * lines that bill a sales order keep billing its lines (by lid), and the batch checks again that
 * its order (and shipping order) is not billed past what it holds. A number is typed only by
 * whom the settings allow; a draft's typed number may be cleared (it then takes the sequence's).
 */
export async function updateInvoice(ctx: Ctx, input: { id: unknown } & Record<string, unknown>): Promise<InvoiceView> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.edit);
  const parsed = parseInput(UpdateInvoiceInput, input);
  const { db } = ctx;
  const saved = await savedSalesDocument(db, "invoice", parsed.id);
  if (CLOSED.includes(saved.status)) throw new DomainError("status_move_not_allowed");
  const draft = saved.status === "draft";
  const customerId = parsed.customer_id ?? saved.customerId;
  const [settings, sources, [parent]] = await Promise.all([
    readInvoiceSettings(db, customerId),
    db
      .select({
        lid: salesDocumentLines.lid,
        sourceLineId: salesDocumentLines.sourceLineId,
        kind: salesDocumentLines.kind,
        description: salesDocumentLines.description,
        price: salesDocumentLines.price,
        taxes: salesDocumentLines.taxes,
      })
      .from(salesDocumentLines)
      .where(eq(salesDocumentLines.documentId, saved.id)),
    saved.createdFromId === null
      ? Promise.resolve([])
      : db
          .select({ id: salesDocuments.id, type: salesDocuments.type, createdFromId: salesDocuments.createdFromId })
          .from(salesDocuments)
          .where(eq(salesDocuments.id, saved.createdFromId)),
  ]);
  if (!draft && !settings.editFinalizedInvoice) throw new DomainError("invoice_finalized");
  requireNumberEdit(ctx, settings, parsed.number);
  // A draft's typed number cleared: the draft waits for the sequence's again.
  const clearNumber = draft && parsed.number === null;
  // Deposit lines (a deposit's amount, a deposit deducted) are the server's: lines given keep them as they were.
  const deposits = sources.filter((l) => l.kind === "deposit");
  const lines =
    parsed.lines === undefined
      ? undefined
      : [...parsed.lines.filter((l) => !deposits.some((d) => d.lid === l.lid)), ...deposits.map(depositLineOf)];
  const fields = { ...parsed, lines, number: clearNumber ? undefined : parsed.number };
  const byLid = new Map(sources.map((l) => [l.lid, l.sourceLineId]));
  const guard = (batch: StockBatch) => {
    if (parent?.type === "sales_order") requireWithinOrder(batch, parent.id);
    if (parent?.type === "shipping_order" && parent.createdFromId !== null)
      requireWithinShipment(requireWithinOrder(batch, parent.createdFromId), parent.id);
    requireNumberFits(batch, sql`${saved.id}`);
  };
  await rewriteSalesDocument(ctx, {
    type: "invoice",
    saved,
    customerId,
    locationId: parsed.location_id ?? saved.locationId,
    fields,
    reserve: false,
    sourceLineOf: (lid) => byLid.get(lid) ?? null,
    guard,
    values: (priced) => ({
      ...(clearNumber ? { number: null } : {}),
      ...(parsed.is_deposit !== undefined ? { isDeposit: parsed.is_deposit } : {}),
      dueDate:
        parsed.due_date !== undefined && parsed.due_date !== null
          ? parsed.due_date
          : parsed.due_date === null || (parsed.date !== undefined && parsed.date !== saved.date)
            ? invoiceDueDate(settings, parsed.date ?? saved.date)
            : saved.dueDate,
      remainingToPay: Math.max(0, (priced.totals.total ?? 0) - Number(saved.amountPaid)),
    }),
  });
  return readInvoice(db, saved.id, ctx.now());
}
