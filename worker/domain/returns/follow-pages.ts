import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { documentEmails, type DocumentEmails } from "../documents/document-emails";
import { DOCUMENT_ACCESS } from "../documents/document-types";
import { isPrintedSalesType } from "../documents/outputs";
import { canVerbMove, isStatusOf } from "../documents/statuses";
import { CREDITABLE_STATUSES, APPLICABLE_STATUSES } from "../payments/settlement";
import { savedSalesDocument, type SalesDocumentType } from "../sales/sales-documents";
import { permits, requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { currencyDecimals, PRICE_SCALE } from "../shared/money";
import { sqlList } from "../shared/sql-list";
import { storedDecimal } from "../shared/stored-figures";
import { qty } from "../stock/common";
import { applicableCreditNotes, listCredits, type CreditView } from "./credit-notes";
import { readFollow, type FollowView } from "./follow-views";
import type { FollowingType, SourceType } from "./line-limits";
import { readSource } from "./made-from";
import { batchChoices } from "./return-batches";
import { NOT_RETURNED } from "./product-returns";

/**
 * What the pages of product returns, credit notes and refunds show besides the document: where it
 * came from, what was made from it, a credit note's credits and the invoices it may still be
 * applied to, and which buttons the user may press (the status graph and the permissions decide).
 */

const { salesDocuments } = tenantSchema;

export interface LinkedDocument {
  id: number;
  type: SalesDocumentType;
  number: string | null;
  status: string;
  total: string;
}

export interface FollowPage {
  doc: FollowView;
  origin: LinkedDocument | null;
  made: LinkedDocument[];
  credits: CreditView[];
  /** A document that prints (a credit note, a refund): the emails sent with it and the one its email button would send. */
  emails: DocumentEmails | null;
  /** The customer's invoices waiting for money in its currency (a credit note that can still be applied). */
  invoices: { id: number; number: string; remaining_to_pay: string }[];
  actions: {
    receive: boolean;
    refunded: boolean;
    cancel: boolean;
    delete: boolean;
    apply: boolean;
    /** A credit note's credits may be removed one by one. */
    removeCredit: boolean;
    creditNote: boolean;
    refund: boolean;
  };
}

const linked = (r: {
  id: number;
  type: SalesDocumentType;
  number: string | null;
  status: string;
  total: number | string;
  currency: string;
}) => ({
  id: r.id,
  type: r.type,
  number: r.number,
  status: r.status,
  total: storedDecimal(r.total, PRICE_SCALE).round(currencyDecimals(r.currency)).toString(),
});

const linkColumns = {
  id: salesDocuments.id,
  type: salesDocuments.type,
  number: salesDocuments.number,
  status: salesDocuments.status,
  total: salesDocuments.total,
  currency: salesDocuments.currency,
};

export async function followPage(ctx: Ctx, type: FollowingType, id: unknown): Promise<FollowPage> {
  const access = DOCUMENT_ACCESS[type];
  requirePermission(ctx, access.read);
  const doc = await readFollow(ctx.db, type, id);
  const { db } = ctx;
  const [origin, made, credits, invoices, emails] = await Promise.all([
    doc.created_from_id === null ? [] : db.select(linkColumns).from(salesDocuments).where(eq(salesDocuments.id, doc.created_from_id)),
    db
      .select(linkColumns)
      .from(salesDocuments)
      .where(and(eq(salesDocuments.createdFromId, doc.id), inArray(salesDocuments.type, ["credit_note", "refund"])))
      .orderBy(desc(salesDocuments.id))
      .limit(100),
    type === "credit_note" ? listCredits(ctx, { creditNoteId: doc.id }) : [],
    type === "credit_note" && (APPLICABLE_STATUSES as readonly string[]).includes(doc.status)
      ? db
          .select({ id: salesDocuments.id, number: salesDocuments.number, remaining: salesDocuments.remainingToPay })
          .from(salesDocuments)
          .where(
            sql`${salesDocuments.type} = 'invoice' and ${salesDocuments.customerId} = ${doc.customer_id} and ${salesDocuments.currency} = ${doc.currency}
              and ${salesDocuments.status} in (${sqlList(CREDITABLE_STATUSES)}) and ${salesDocuments.remainingToPay} > 0`,
          )
          .orderBy(salesDocuments.dueDate, salesDocuments.id)
          .limit(100)
      : [],
    isPrintedSalesType(type) ? documentEmails(ctx, { type, id: doc.id }) : null,
  ]);
  const edit = permits(ctx, access.edit);
  const can = (to: string) => edit && isStatusOf(type, doc.status) && canVerbMove(type, doc.status as never, to);
  const open = doc.status !== "cancelled";
  return {
    doc,
    origin: origin[0] ? linked(origin[0]) : null,
    made: made.map(linked),
    credits,
    emails,
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number ?? "",
      remaining_to_pay: storedDecimal(i.remaining, PRICE_SCALE).round(currencyDecimals(doc.currency)).toString(),
    })),
    actions: {
      receive: type === "product_return" && can("reverted"),
      refunded: type === "refund" && can("refunded"),
      cancel: can("cancelled"),
      delete: edit,
      apply: type === "credit_note" && edit && Number(doc.remaining_to_credit) > 0 && invoices.length > 0,
      removeCredit: type === "credit_note" && edit && credits.length > 0,
      creditNote: type === "product_return" && open && permits(ctx, DOCUMENT_ACCESS.credit_note.edit),
      refund: type === "product_return" && open && permits(ctx, DOCUMENT_ACCESS.refund.edit),
    },
  };
}

/** What a new return may take of its source (an invoice or a sales order): each line with what remains to return. */
export async function returnableLines(ctx: Ctx, kind: "invoice" | "sales_order", id: unknown) {
  requirePermission(ctx, DOCUMENT_ACCESS.product_return.edit);
  const doc = await savedSalesDocument(ctx.db, kind, id);
  const source = await readSource(ctx.db, "product_return", doc, kind as SourceType);
  // A batch-tracked line offers its variant's batches, the one it shipped from chosen (return-batches.ts).
  const choices = await batchChoices(ctx.db, source);
  const lines = source.lines
    .filter((l) => source.remaining.has(l.id))
    .map((l) => ({
      id: l.id,
      sku: l.sku,
      description: l.description,
      quantity: qty(Number(l.quantity)),
      remaining: qty(source.remaining.get(l.id) ?? 0),
      batches: choices.get(l.id)?.batches ?? null,
      batch_id: choices.get(l.id)?.shipped ?? null,
    }));
  if (lines.length === 0) throw new DomainError("not_found");
  return { source: { id: doc.id, type: kind, number: doc.number ?? "", customer_id: doc.customerId }, lines };
}

/**
 * What an invoice's or an order's page offers of returns and credit notes: making them, the credits
 * applied to an invoice, and the customer's credit notes that may still be applied to it (domain
 * spec §7: pending or partially credited, something left), when it waits for money.
 */
export async function followActionsOf(
  ctx: Ctx,
  source: { type: "invoice" | "sales_order"; id: number; status: string; customerId: number; currency: string },
) {
  const open = !NOT_RETURNED[source.type].includes(source.status);
  const invoice = source.type === "invoice";
  const applies =
    invoice && (CREDITABLE_STATUSES as readonly string[]).includes(source.status) && permits(ctx, DOCUMENT_ACCESS.credit_note.edit);
  const [credits, notes] = await Promise.all([
    invoice && permits(ctx, DOCUMENT_ACCESS.credit_note.read) ? listCredits(ctx, { invoiceId: source.id }) : [],
    applies ? applicableCreditNotes(ctx, source.customerId, source.currency) : [],
  ]);
  return {
    canReturn: open && permits(ctx, DOCUMENT_ACCESS.product_return.edit),
    canCredit: open && invoice && permits(ctx, DOCUMENT_ACCESS.credit_note.edit),
    credits,
    creditNotes: notes,
  };
}
