import { eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { claimMove } from "../documents/claims";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { newDocumentNumber } from "../documents/numbering";
import { savedSalesDocument } from "../sales/sales-documents";
import { requirePermission, type Ctx } from "../shared/ctx";
import { StockBatch } from "../stock/ledger";
import { invoiceDueDate, invoiceToday, readInvoiceSettings } from "./invoice-settings";
import { readInvoice, type InvoiceView } from "./invoice-views";
import { requireNumberFits } from "./invoice-writes";

const { salesDocuments } = tenantSchema;

/**
 * Finalises a draft invoice: it takes the next number of the invoice sequence (unless one was
 * typed) in the same batch that moves it to unpaid (paid when there is nothing to pay), so a
 * failed finalisation takes no number and numbers have no gap. A draft dated before today is
 * dated today, as numbers follow dates, and its due date follows from its terms.
 */
export async function finalizeInvoice(ctx: Ctx, input: { id: unknown }): Promise<InvoiceView> {
  requirePermission(ctx, DOCUMENT_ACCESS.invoice.edit);
  const { db } = ctx;
  const saved = await savedSalesDocument(db, "invoice", input.id);
  const settings = await readInvoiceSettings(db, saved.customerId);
  const total = Number(saved.total);
  const batch = claimMove(db, new StockBatch(ctx), saved, "invoice", total > 0 ? "unpaid" : "paid");
  const today = invoiceToday(ctx, settings);
  const redated = saved.date < today;
  const date = redated ? today : saved.date;
  const numbered = saved.number === null ? newDocumentNumber(db, "invoice", saved.locationId) : null;
  if (numbered) batch.add(...numbered.statements);
  batch.add(
    db
      .update(salesDocuments)
      .set({
        ...(numbered ? { number: numbered.number as unknown as string } : {}),
        date,
        dueDate: redated || saved.dueDate === null ? invoiceDueDate(settings, date) : saved.dueDate,
        finalizedAt: ctx.now(),
        remainingToPay: Math.max(0, total - Number(saved.amountPaid)),
      })
      .where(eq(salesDocuments.id, saved.id)),
  );
  requireNumberFits(batch, sql`${saved.id}`);
  await batch.run();
  return readInvoice(db, saved.id, ctx.now());
}
