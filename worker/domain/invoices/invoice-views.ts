import { eq, sql, type SQL } from "drizzle-orm";
import { sqlList } from "../shared/sql-list";
import { keptSelect, tenantSchema, type TenantDb } from "../../../db/client";
import { listDocuments, type DocumentListSource } from "../documents/list-documents";
import {
  readSalesDocumentRow,
  salesDocumentListRegistry,
  summarySelect,
  summaryView,
  type SalesDocumentView,
  type SavedSalesDocument,
  type SummaryRow,
} from "../sales/sales-documents";
import { defineListRegistry } from "../shared/list-query-sql";
import type { ListResult } from "../shared/list-query-sql";
import { currencyDecimals, PRICE_SCALE } from "../shared/money";
import { storedDecimal } from "../shared/stored-figures";
import { todayIn } from "../stock/common";

/** How an invoice reads: a sales document with its number (null for a draft), due date and money left to pay. */

const { salesDocuments, companySettings } = tenantSchema;

export interface InvoiceView extends Omit<SalesDocumentView, "number"> {
  /** Null while a draft: it takes its number when it is finalised. */
  number: string | null;
  due_date: string | null;
  is_deposit: boolean;
  amount_paid: string;
  /** What credit notes took off what remains to pay (decision 042): remaining_to_pay = total − amount_paid − amount_credited. */
  amount_credited: string;
  remaining_to_pay: string;
  remaining_to_credit: string;
  /** When it was finalised (ms), null for a draft. */
  finalized_at: number | null;
  /**
   * Derived, never stored: unpaid or partially paid, due before today in the company's calendar.
   * `shown_status` is then `overdue`, else the stored status.
   */
  overdue: boolean;
  shown_status: string;
  /** Whether its public page answers (the switch: setInvoicePublicLink). */
  public_link: boolean;
  /** The public page's path while the link is on (a draft's answers only once it is finalised), else null. */
  public_url: string | null;
}

/** The path of an invoice's public page (platform spec §2 /public/invoices/{id}): its public id is the whole secret. */
export function publicInvoicePath(publicId: string): string {
  return `/public/invoices/${encodeURIComponent(publicId)}`;
}

/** The statuses in which an invoice still waits for money, and so may be overdue. */
const AWAITING_PAYMENT = ["unpaid", "partially_paid", "partially_credited"];

/** In SQL, of the invoice row in scope: it is overdue on `today` (the same rule as isOverdue). */
export function overdueSql(today: SQL | string): SQL {
  return sql`(${salesDocuments.status} in (${sqlList(AWAITING_PAYMENT)}) and ${salesDocuments.dueDate} < ${today})`;
}

/** Whether an invoice in this status and due date is overdue on `today` (YYYY-MM-DD, the company's). */
export function isOverdue(status: string, due: string | null, today: string): boolean {
  return AWAITING_PAYMENT.includes(status) && due !== null && due < today;
}

/**
 * A draft: an invoice never finalised (a draft, or a draft cancelled with its order, which has no
 * number). It prints "Draft" instead of a number, is not sent by email and has no public page.
 */
export function isDraftInvoice(invoice: { status: string; number: string | null }): boolean {
  return invoice.status === "draft" || invoice.number === null;
}

/** An invoice's view from its sales document view and its row. */
export function invoiceView(view: SalesDocumentView, doc: SavedSalesDocument, today: string): InvoiceView {
  const money = (units: number | string) => storedDecimal(units, PRICE_SCALE).round(currencyDecimals(doc.currency)).toString();
  const overdue = isOverdue(doc.status, doc.dueDate, today);
  return {
    ...view,
    number: doc.number,
    due_date: doc.dueDate,
    is_deposit: doc.isDeposit,
    amount_paid: money(doc.amountPaid),
    amount_credited: money(doc.amountCredited),
    remaining_to_pay: money(doc.remainingToPay),
    remaining_to_credit: money(doc.remainingToCredit),
    finalized_at: doc.finalizedAt,
    overdue,
    shown_status: overdue ? "overdue" : doc.status,
    public_link: doc.publicLink,
    public_url: doc.publicLink && doc.publicId ? publicInvoicePath(doc.publicId) : null,
  };
}

// Built once per isolate (keptSelect): payments, invoices and their pages read it.
const companyTimezone = keptSelect((db: TenantDb) =>
  db.select({ timezone: companySettings.timezone }).from(companySettings).where(eq(companySettings.id, 1)),
);

/** Today in the company's calendar (what overdue is measured against). */
export async function companyToday(db: TenantDb, now: number): Promise<string> {
  const [row] = await companyTimezone(db);
  return todayIn(row?.timezone ?? "UTC", new Date(now));
}

/** One invoice with its lines. */
export async function readInvoice(db: TenantDb, rawId: unknown, now: number): Promise<InvoiceView> {
  const [{ view, doc }, today] = await Promise.all([readSalesDocumentRow(db, "invoice", rawId), companyToday(db, now)]);
  return invoiceView(view, doc, today);
}

/**
 * What the invoice list filters and sorts on: the sales documents' fields, the due date, and the
 * status as shown (`shown_status`: overdue, else the stored status), compared with `today`.
 */
function invoiceListRegistryOn(today: SQL) {
  return defineListRegistry({
    ...salesDocumentListRegistry,
    fields: {
      ...salesDocumentListRegistry.fields,
      due_date: { type: "date", column: salesDocuments.dueDate, sortable: true },
      shown_status: {
        type: "text",
        column: sql`(case when ${overdueSql(today)} then 'overdue' else ${salesDocuments.status} end)`,
      },
    },
  });
}

/** The list's fields as the API describes them (a list is read against the company's today, see listInvoicesOf). */
export const invoiceListRegistry = invoiceListRegistryOn(sql`date('now')`);

/** One page of invoices: the sales documents' filters and sorts, plus due_date and shown_status (overdue in the company's calendar). */
export async function listInvoicesOf(
  db: TenantDb,
  query: URLSearchParams | Record<string, unknown>,
  now: number,
): Promise<ListResult<InvoiceView>> {
  const today = await companyToday(db, now);
  const source: DocumentListSource<SummaryRow, InvoiceView> = {
    registry: invoiceListRegistryOn(sql`${today}`),
    type: salesDocuments.type,
    select: summarySelect,
    view: (row) => invoiceView(summaryView(row), row.doc, today),
  };
  return listDocuments(db, source, "invoice", query);
}
