import { and, desc, eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { runCascade } from "../documents/cascades";
import { DOCUMENT_ACCESS, DOCUMENT_TYPES } from "../documents/document-types";
import { entryStatus } from "../documents/statuses";
import { companyToday } from "../invoices/invoice-views";
import {
  APPLICABLE_STATUSES,
  CREDITABLE_STATUSES,
  creditNotesAfterCredit,
  invoicesAfterCredit,
  orderOfInvoice,
  orderSettlement,
  removeCredit,
} from "../payments/settlement";
import { insertSalesDocument } from "../sales/sales-document-writes";
import { savedSalesDocument } from "../sales/sales-documents";
import { deleteVerb } from "../sales/sales-verbs";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { fieldError, parseInput, recordId, strictInput, zCalendarDate, zOptionalText } from "../shared/input";
import { currencyDecimals, PRICE_SCALE, zMoney } from "../shared/money";
import { sqlList } from "../shared/sql-list";
import { storedDecimal } from "../shared/stored-figures";
import { StockBatch } from "../stock/ledger";
import { zOptionalId, zRefIdRequired } from "../stock/common";
import { listFollows, readFollow, type FollowView } from "./follow-views";
import { checkChosen, fieldsFromSource, guardSource, readSource } from "./made-from";
import { chosenLines, NOT_RETURNED, sourceOf } from "./product-returns";

/**
 * Credit notes (domain spec §3 'Credit note', §4, decision 042): what the company owes a customer
 * back, made from an invoice (at most what it billed and was not credited, directly or through its
 * returns) or a product return (at most what came back and was not credited), at the source's
 * prices. Its `remaining_to_credit` starts at its total; applying it to an invoice of the same
 * customer and currency takes an amount off both in one batch (invoice_credits), the invoice's
 * status and its order's payment status following. Cancelling it removes its credits (the
 * invoices get their remaining to pay back, a paid one reopens).
 */

const { invoiceCredits, salesDocuments } = tenantSchema;

export const CreateCreditNoteInput = strictInput({
  invoice_id: zOptionalId("unknown_invoice").optional(),
  product_return_id: zOptionalId("unknown_product_return").optional(),
  lines: chosenLines,
  number: zOptionalText(DOCUMENT_TYPES.credit_note.numbering.maxLength).optional(),
  date: zCalendarDate.optional(),
  notes: zOptionalText(5000).optional(),
});

const NOT_CREDITED = { invoice: NOT_RETURNED.invoice, sales_order: [], product_return: ["cancelled"] } as const;

export async function createCreditNote(ctx: Ctx, input: unknown): Promise<FollowView> {
  requirePermission(ctx, DOCUMENT_ACCESS.credit_note.edit);
  const parsed = parseInput(CreateCreditNoteInput, input);
  const { kind, doc } = await sourceOf(
    ctx,
    { invoice: parsed.invoice_id, product_return: parsed.product_return_id },
    { invoice: "invoice_id", product_return: "product_return_id", sales_order: "invoice_id" },
    { invoice: "unknown_invoice", product_return: "unknown_product_return", sales_order: "unknown_invoice" },
    NOT_CREDITED,
  );
  const source = await readSource(ctx.db, "credit_note", doc, kind);
  const taken = checkChosen(source, parsed.lines, "nothing_to_credit");
  const { fields, sourceLineOf } = fieldsFromSource(source, taken);
  const saved = await insertSalesDocument(ctx, {
    type: "credit_note",
    customerId: doc.customerId,
    locationId: doc.locationId,
    fields: { ...fields, number: parsed.number, date: parsed.date, notes: parsed.notes ?? null },
    reserve: false,
    sourceLineOf,
    values: (priced) => ({
      status: entryStatus("credit_note"),
      remainingToCredit: priced.totals.total ?? 0,
      createdFromId: doc.id,
    }),
    guard: guardSource(source),
  });
  return readFollow(ctx.db, "credit_note", saved.id);
}

export const ApplyCreditInput = strictInput({
  invoice_id: zRefIdRequired("unknown_invoice"),
  // At most what remains to credit and what remains to pay; both when left out, the smaller.
  amount: zMoney({ min: 0 })
    .refine((v) => !v.isZero(), "too_small")
    .optional(),
  date: zCalendarDate.optional(),
});

export interface CreditView {
  id: number;
  credit_note_id: number;
  invoice_id: number;
  invoice_number: string | null;
  credit_note_number: string | null;
  amount: string;
  date: string;
}

const creditsQuery = (ctx: Ctx) => {
  const invoice = sql`(select number from sales_documents where id = ${invoiceCredits.invoiceId})`;
  const note = sql`(select number from sales_documents where id = ${invoiceCredits.creditNoteId})`;
  const currency = sql<string>`(select currency from sales_documents where id = ${invoiceCredits.invoiceId})`;
  return ctx.db
    .select({
      id: invoiceCredits.id,
      creditNoteId: invoiceCredits.creditNoteId,
      invoiceId: invoiceCredits.invoiceId,
      invoiceNumber: sql<string | null>`${invoice}`,
      creditNoteNumber: sql<string | null>`${note}`,
      amount: invoiceCredits.amount,
      date: invoiceCredits.date,
      currency,
    })
    .from(invoiceCredits)
    .$dynamic();
};

type CreditRow = Awaited<ReturnType<ReturnType<typeof creditsQuery>["execute"]>>[number];

const creditView = (r: CreditRow): CreditView => ({
  id: r.id,
  credit_note_id: r.creditNoteId,
  invoice_id: r.invoiceId,
  invoice_number: r.invoiceNumber,
  credit_note_number: r.creditNoteNumber,
  amount: storedDecimal(r.amount, PRICE_SCALE).round(currencyDecimals(r.currency)).toString(),
  date: r.date,
});

/**
 * Applies a credit note to an invoice of the same customer and currency (domain spec §4: a credit
 * note pending or partially credited, while something remains to credit; an invoice waiting for
 * money). One batch: its guards (statuses, both remainders, as written by then), the credit, both
 * documents' amounts and statuses, the invoice's order's payment status (and its completion).
 */
export async function applyCreditNote(ctx: Ctx, creditNoteId: unknown, raw: unknown): Promise<CreditView> {
  requirePermission(ctx, DOCUMENT_ACCESS.credit_note.edit);
  const { db } = ctx;
  const input = parseInput(ApplyCreditInput, raw);
  const note = await savedSalesDocument(db, "credit_note", creditNoteId);
  let invoice;
  try {
    invoice = await savedSalesDocument(db, "invoice", input.invoice_id);
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw fieldError("invoice_id", "unknown_invoice");
    throw error;
  }
  if (invoice.customerId !== note.customerId) throw fieldError("invoice_id", "other_customer");
  if (invoice.currency !== note.currency) throw fieldError("invoice_id", "other_currency");
  if (!(APPLICABLE_STATUSES as readonly string[]).includes(note.status)) throw new DomainError("status_move_not_allowed");
  if (!(CREDITABLE_STATUSES as readonly string[]).includes(invoice.status)) throw fieldError("invoice_id", "status_move_not_allowed");
  const decimals = currencyDecimals(note.currency);
  const leftToCredit = BigInt(note.remainingToCredit);
  const leftToPay = BigInt(invoice.remainingToPay);
  const amount = input.amount
    ? BigInt(input.amount.round(decimals).withScale(PRICE_SCALE).units)
    : leftToCredit < leftToPay
      ? leftToCredit
      : leftToPay;
  if (amount <= 0n) throw fieldError("amount", input.amount ? "too_small" : "nothing_to_credit");
  const money = (units: bigint) => storedDecimal(units, PRICE_SCALE).round(decimals).toString();
  const noteId = BigInt(note.id);
  const invoiceId = BigInt(invoice.id);
  const created = sql`(select max(id) from invoice_credits where credit_note_id = ${noteId})`;
  const batch = new StockBatch(ctx)
    .requireThat(
      sql`(select status from sales_documents where id = ${noteId}) in (${sqlList(APPLICABLE_STATUSES)})`,
      new DomainError("status_move_not_allowed"),
    )
    .requireThat(
      sql`(select status from sales_documents where id = ${invoiceId}) in (${sqlList(CREDITABLE_STATUSES)})`,
      fieldError("invoice_id", "status_move_not_allowed"),
    )
    .requireThat(
      sql`(select remaining_to_credit from sales_documents where id = ${noteId}) >= ${amount}`,
      fieldError("amount", "more_than_remaining_to_credit", { remaining: money(leftToCredit) }),
    )
    .requireThat(
      sql`(select remaining_to_pay from sales_documents where id = ${invoiceId}) >= ${amount}`,
      fieldError("amount", "more_than_remaining_to_pay", { remaining: money(leftToPay) }),
    );
  batch
    .add(
      db.insert(invoiceCredits).values({
        creditNoteId: note.id,
        invoiceId: invoice.id,
        amount: Number(amount),
        date: input.date ?? (await companyToday(db, ctx.now())),
        userId: ctx.actor.kind === "user" ? ctx.actor.userId : null,
      }),
      db.run(invoicesAfterCredit(sql`i.id = ${invoiceId}`, sql`${amount}`, 1)),
      db.run(creditNotesAfterCredit(sql`c.id = ${noteId}`, sql`${amount}`, 1)),
      db.run(orderSettlement(orderOfInvoice(invoice.id))),
    )
    .creates({ type: "invoice_credit", id: created });
  const read = batch.size;
  batch.add(creditsQuery(ctx).where(eq(invoiceCredits.id, created)));
  const results = await batch.run();
  const [row] = results[read] as CreditRow[];
  if (!row) throw new DomainError("not_found");
  return creditView(row);
}

/**
 * Removes one credit of a credit note (applied by mistake): the invoice gets back what it took off
 * (a paid one reopens), the credit note what it applied, both statuses and the invoice's order's
 * payment status following, in one batch. Removed once: a second removal of the same credit,
 * racing this one, finds nothing to delete and changes nothing (credit_not_found, a 404), as does
 * a credit of another credit note or one already removed (by cancelling either document).
 */
export async function removeCreditNoteCredit(ctx: Ctx, creditNoteId: unknown, creditId: unknown): Promise<void> {
  requirePermission(ctx, DOCUMENT_ACCESS.credit_note.edit);
  const { db } = ctx;
  const note = await savedSalesDocument(db, "credit_note", creditNoteId);
  const id = recordId(creditId);
  const [credit] = await db
    .select({ invoiceId: invoiceCredits.invoiceId })
    .from(invoiceCredits)
    .where(and(eq(invoiceCredits.id, id), eq(invoiceCredits.creditNoteId, note.id)));
  if (!credit) throw new DomainError("credit_not_found");
  await new StockBatch(ctx)
    .add(...removeCredit(note.id, id).map((statement) => db.run(statement)))
    .requireThat(sql`changes() > 0`, new DomainError("credit_not_found"))
    .add(db.run(orderSettlement(orderOfInvoice(credit.invoiceId))))
    .run();
}

/** The credits a credit note applied, or those applied to an invoice, newest first. */
export async function listCredits(ctx: Ctx, of: { creditNoteId?: number; invoiceId?: number }): Promise<CreditView[]> {
  const where =
    of.creditNoteId !== undefined ? eq(invoiceCredits.creditNoteId, of.creditNoteId) : eq(invoiceCredits.invoiceId, of.invoiceId ?? 0);
  const rows = await creditsQuery(ctx).where(where).orderBy(desc(invoiceCredits.id)).limit(250);
  return rows.map(creditView);
}

export async function listCreditNoteCredits(ctx: Ctx, id: unknown): Promise<{ data: CreditView[] }> {
  requirePermission(ctx, DOCUMENT_ACCESS.credit_note.read);
  const note = await savedSalesDocument(ctx.db, "credit_note", id);
  return { data: await listCredits(ctx, { creditNoteId: note.id }) };
}

/** The customer's credit notes that can still be applied (domain spec §7: pending or partially credited), oldest first. */
export async function applicableCreditNotes(ctx: Ctx, customerId: number, currency: string) {
  const rows = await ctx.db
    .select({
      id: salesDocuments.id,
      number: salesDocuments.number,
      remaining: salesDocuments.remainingToCredit,
      currency: salesDocuments.currency,
    })
    .from(salesDocuments)
    .where(
      sql`${salesDocuments.type} = 'credit_note' and ${salesDocuments.customerId} = ${customerId} and ${salesDocuments.currency} = ${currency}
        and ${salesDocuments.status} in (${sqlList(APPLICABLE_STATUSES)}) and ${salesDocuments.remainingToCredit} > 0`,
    )
    .orderBy(salesDocuments.id)
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    number: r.number ?? "",
    remaining_to_credit: storedDecimal(r.remaining, PRICE_SCALE).round(currencyDecimals(r.currency)).toString(),
  }));
}

export async function cancelCreditNote(ctx: Ctx, input: { id: unknown }): Promise<FollowView> {
  requirePermission(ctx, DOCUMENT_ACCESS.credit_note.edit);
  const saved = await savedSalesDocument(ctx.db, "credit_note", input.id);
  await runCascade(ctx, "credit_note", "cancel", saved);
  return readFollow(ctx.db, "credit_note", saved.id);
}

export const deleteCreditNote = deleteVerb("credit_note");

export async function getCreditNote(ctx: Ctx, input: { id: unknown }): Promise<FollowView> {
  requirePermission(ctx, DOCUMENT_ACCESS.credit_note.read);
  return readFollow(ctx.db, "credit_note", input.id);
}

export async function listCreditNotes(ctx: Ctx, query: URLSearchParams | Record<string, unknown>) {
  requirePermission(ctx, DOCUMENT_ACCESS.credit_note.view);
  return listFollows(ctx.db, "credit_note", query);
}

/** One credit as applying it answered (an idempotent retry reads it back). */
export async function readCredit(ctx: Ctx, id: number): Promise<CreditView> {
  const [row] = await creditsQuery(ctx).where(eq(invoiceCredits.id, id));
  if (!row) throw new DomainError("not_found");
  return creditView(row);
}
