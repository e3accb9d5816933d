import { sql, type SQL } from "drizzle-orm";
import { DOCUMENT_TYPES } from "../documents/document-types";
import { newDocumentNumber, type AllocatedNumber } from "../documents/numbering";
import { entryStatus } from "../documents/statuses";
import { insertSalesDocument } from "../sales/sales-document-writes";
import type { DocumentFields } from "../sales/sales-schemas";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import type { StockBatch } from "../stock/ledger";
import { invoiceDueDate, requireNumberEdit, startsAsDraft, type InvoiceSettings } from "./invoice-settings";
import { readInvoice, type InvoiceView } from "./invoice-views";

/**
 * Saving a new invoice, whichever way it is made: through the sales documents' one writer, as a
 * draft without a number or finalised with the next number of its sequence (or the one typed), in
 * one batch with whatever the way of making it checks (what remains to invoice, an estimate's move).
 */

const MAX_NUMBER = DOCUMENT_TYPES.invoice.numbering.maxLength;

/** An invoice's public id: its company, then 128 random bits (the public link of domain spec §3). */
export function newPublicId(ctx: Pick<Ctx, "actor">): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const token = btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
  return `${ctx.actor.company.id}.${token}`;
}

/** The invoice's id in SQL, by its public id: a draft has no number to find it by. */
export const invoiceIdOf = (publicId: string): SQL => sql`(select id from sales_documents where public_id = ${publicId})`;

/**
 * A guard for the batch: the invoice's number keeps at most 18 characters (a generated one too:
 * the company's prefix and width may make it longer, and its value grows), else nothing is saved.
 */
export function requireNumberFits(batch: StockBatch, id: SQL): StockBatch {
  return batch.requireThat(
    sql`coalesce((select length(number) from sales_documents where id = ${id}), 0) <= ${MAX_NUMBER}`,
    new DomainError("invoice_number_too_long", {}, { number: { code: "invoice_number_too_long" } }),
  );
}

export interface NewInvoice {
  customerId: number;
  locationId: number;
  fields: DocumentFields;
  settings: InvoiceSettings;
  /** The maker asks to finalise it at once (the settings may refuse a draft or force one). */
  finalize: boolean | undefined;
  /** A due date given; else the one of the payment terms from the invoice's date. */
  dueDate: string | null | undefined;
  isDeposit: boolean;
  createdFromId: number | null;
  sourceLineOf?: (lid: string) => number | null;
  /** Rules checked in the batch once the invoice and its lines are written (what remains to invoice). */
  guard?: (batch: StockBatch) => void;
  /** More statements of the same batch (the estimate it was made from moves); `id` names the new invoice in SQL. */
  extra?: (batch: StockBatch, id: SQL) => void;
}

/** Saves a new invoice (draft or finalised, as the settings and its maker say) in one batch, and reads it back. */
export async function insertInvoice(ctx: Ctx, invoice: NewInvoice): Promise<InvoiceView> {
  const { db } = ctx;
  const { settings, fields } = invoice;
  requireNumberEdit(ctx, settings, fields.number);
  const draft = startsAsDraft(settings, invoice.finalize);
  const publicId = newPublicId(ctx);
  const id = invoiceIdOf(publicId);
  const typed = fields.number ?? null;
  // A draft takes its number when it is finalised (unless one was typed): the sequence does not move now.
  const numbered: AllocatedNumber =
    draft && typed === null
      ? { statements: [], number: sql`null`, id }
      : { ...newDocumentNumber(db, "invoice", invoice.locationId, typed), id };
  const finalizedAt = draft ? null : ctx.now();
  const saved = await insertSalesDocument(ctx, {
    type: "invoice",
    customerId: invoice.customerId,
    locationId: invoice.locationId,
    fields,
    reserve: false,
    numbered,
    sourceLineOf: invoice.sourceLineOf,
    values: (priced, date) => ({
      // Finalised with nothing to pay, it is paid already.
      status: entryStatus("invoice", draft ? "default" : (priced.totals.total ?? 0) > 0 ? "finalized" : "settled"),
      dueDate: invoice.dueDate ?? invoiceDueDate(settings, date),
      isDeposit: invoice.isDeposit,
      publicId,
      remainingToPay: priced.totals.total ?? 0,
      createdFromId: invoice.createdFromId,
      finalizedAt,
    }),
    extra: (batch) => invoice.extra?.(batch, id),
    guard: (batch) => {
      invoice.guard?.(batch);
      if (!draft) requireNumberFits(batch, id);
    },
  });
  return readInvoice(db, saved.id, ctx.now());
}
