import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { documentEmails, type DocumentEmails } from "../documents/document-emails";
import { DOCUMENT_OUTPUTS } from "../documents/outputs";
import { canVerbMove, isStatusOf } from "../documents/statuses";
import { savedSalesDocument, SALES_ACCESS, type SalesDocumentType } from "../sales/sales-documents";
import { listInvoicePayments } from "../payments/list-payments";
import type { PaymentView } from "../payments/payment-views";
import { PAYABLE_STATUSES, REFUNDABLE_STATUSES } from "../payments/settlement";
import { allPaymentMethods } from "../settings/payment-methods/list-payment-methods";
import { can, permits, requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { cancelInvoice } from "./cancel-invoice";
import { createInvoice } from "./create-invoice";
import { finalizeInvoice } from "./finalize-invoice";
import { getInvoice } from "./get-invoice";
import { allRemaining, readOrderBilling } from "./invoice-sources";
import { readInvoiceSettings } from "./invoice-settings";
import { companyToday, type InvoiceView } from "./invoice-views";

/**
 * What the invoice screens ask the domain: an invoice's page (what this user may do with it now),
 * the choices its form offers (draft or finalised, a typed number), and whether the page of an
 * order, a shipping order or an estimate offers to invoice it. The pages render these answers;
 * the verbs still decide when a button is pressed.
 */

const { salesDocuments } = tenantSchema;

/** The buttons of an invoice's page that move its status. */
export const INVOICE_ACTIONS = {
  finalize: { to: "unpaid", run: finalizeInvoice },
  cancel: { to: "cancelled", run: cancelInvoice },
} as const;
export type InvoiceAction = keyof typeof INVOICE_ACTIONS;

/** What a new invoice's form offers: a draft only, finalised only, or the choice; and whether its number may be typed. */
export interface InvoiceFormChoices {
  drafts: "choose" | "always" | "never";
  numberEditable: boolean;
}

export interface InvoiceDetailView {
  doc: InvoiceView;
  /** The status moves this user may make now. */
  moves: InvoiceAction[];
  /** A draft, or a finalised invoice the company settings let change (never a cancelled one). */
  edit: boolean;
  /** Only a draft is deleted. */
  delete: boolean;
  /** Whoever edits invoices turns the public link on and off (it is not an edit of the invoice). */
  share: boolean;
  emails: DocumentEmails;
  /** The order, shipping order or estimate it was made from, for whoever may see that type. */
  origin: { type: SalesDocumentType; id: number; number: string } | null;
  payments: InvoicePayments;
}

/** An invoice's payments as its page shows them, and what this user may do with them now. */
export interface InvoicePayments {
  items: PaymentView[];
  /** The form to record one: an editor, an invoice waiting for money; its active payment methods. */
  record: { methods: { id: number; label: string }[]; today: string } | null;
  /** A payment recorded by mistake may be deleted while the invoice holds payments by its status. */
  canDelete: boolean;
}

/** Statuses in which an invoice no longer changes (the update verb's rule). */
const CLOSED = ["cancelled", "voided"];

const NO_EMAILS: DocumentEmails = { draft: null, sent: [] };

/** The choices of the invoice form, from the company settings and who the user is. */
export async function invoiceFormChoices(ctx: Ctx): Promise<InvoiceFormChoices> {
  requirePermission(ctx, SALES_ACCESS.invoice.edit);
  const settings = await readInvoiceSettings(ctx.db, 0);
  const access = settings.invoiceNumberEditAccess;
  return {
    drafts: !settings.useInvoiceDraft ? "never" : settings.invoiceDraftForced ? "always" : "choose",
    numberEditable: access === "everyone" || (access === "admins" && can(ctx, { allOf: ["settings"] })),
  };
}

/** An invoice's page: the invoice, what this user may do next, its emails and where it came from. */
export async function invoiceDetailView(ctx: Ctx, input: { id: unknown }): Promise<InvoiceDetailView> {
  const doc = await getInvoice(ctx, { id: input.id });
  const editor = permits(ctx, SALES_ACCESS.invoice.edit);
  const fromId = doc.created_from_id;
  const payable = editor && (PAYABLE_STATUSES as readonly string[]).includes(doc.status);
  const [settings, emails, [from], payments, methods, today] = await Promise.all([
    readInvoiceSettings(ctx.db, doc.customer_id),
    // The invoice's PDF and email come with its row of the document outputs.
    Object.hasOwn(DOCUMENT_OUTPUTS, "invoice") ? documentEmails(ctx, { type: "invoice", id: doc.id }) : NO_EMAILS,
    fromId === null
      ? Promise.resolve([])
      : ctx.db
          .select({ type: salesDocuments.type, number: salesDocuments.number })
          .from(salesDocuments)
          .where(eq(salesDocuments.id, fromId)),
    doc.status === "draft" ? { items: [] } : listInvoicePayments(ctx, doc.id),
    payable ? allPaymentMethods(ctx) : [],
    companyToday(ctx.db, ctx.now()),
  ]);
  const status = doc.status;
  const moves = editor
    ? (Object.keys(INVOICE_ACTIONS) as InvoiceAction[]).filter(
        (a) => isStatusOf("invoice", status) && canVerbMove("invoice", status, INVOICE_ACTIONS[a].to),
      )
    : [];
  const draft = status === "draft";
  return {
    doc,
    // A finalised invoice is not finalised again (unpaid ↔ paid are the payments' moves).
    moves: moves.filter((a) => a !== "finalize" || draft),
    edit: editor && !CLOSED.includes(status) && (draft || settings.editFinalizedInvoice),
    share: editor,
    delete: editor && draft,
    emails,
    origin:
      fromId !== null && from && from.number !== null && permits(ctx, SALES_ACCESS[from.type].view)
        ? { type: from.type, id: fromId, number: from.number }
        : null,
    payments: {
      items: payments.items,
      record: payable ? { methods: methods.filter((m) => m.active).map((m) => ({ id: m.id, label: m.label })), today } : null,
      canDelete: editor && (REFUNDABLE_STATUSES as readonly string[]).includes(doc.status),
    },
  };
}

/** Runs one of the page's status buttons by its name; the verb refuses what the graph does not allow. */
export async function runInvoiceAction(ctx: Ctx, input: { action: unknown; id: unknown }): Promise<InvoiceView> {
  const action = typeof input.action === "string" && Object.hasOwn(INVOICE_ACTIONS, input.action) ? input.action : null;
  if (action === null) throw new DomainError("invalid");
  return INVOICE_ACTIONS[action as InvoiceAction].run(ctx, { id: input.id });
}

/** The documents an invoice is made from on their page, and the field of the create verb naming each. */
const SOURCE_FIELDS = { sales_order: "sales_order_id", shipping_order: "shipping_order_id", estimate: "estimate_id" } as const;
export type InvoiceSource = keyof typeof SOURCE_FIELDS;

/** Orders in these statuses are not invoiced (the create verb's rule). */
const ORDER_NOT_INVOICED = ["pending_validation", "cancelled"];

/**
 * Whether the page of a document offers to invoice it: the user may make invoices and the document
 * may be invoiced now (an order with something left to invoice, not awaiting validation nor
 * cancelled; a shipping order not cancelled, of such an order; a pending or accepted estimate).
 */
export async function canInvoice(ctx: Ctx, input: { type: InvoiceSource; id: number }): Promise<boolean> {
  if (!permits(ctx, SALES_ACCESS.invoice.edit)) return false;
  const doc = await savedSalesDocument(ctx.db, input.type, input.id);
  if (input.type === "estimate") return permits(ctx, SALES_ACCESS.estimate.edit) && ["pending", "accepted"].includes(doc.status);
  if (input.type === "shipping_order" && (doc.status === "cancelled" || doc.createdFromId === null)) return false;
  const order = input.type === "sales_order" ? doc : await savedSalesDocument(ctx.db, "sales_order", doc.createdFromId);
  if (ORDER_NOT_INVOICED.includes(order.status)) return false;
  return allRemaining(await readOrderBilling(ctx.db, order)).length > 0;
}

/** Invoices a document from its page: what remains of an order (or what a shipping order shipped), all of an estimate. */
export async function invoiceFrom(
  ctx: Ctx,
  input: { type: InvoiceSource; id: unknown; deposit_percentage?: unknown },
): Promise<InvoiceView> {
  const deposit = input.deposit_percentage !== undefined ? { deposit_percentage: input.deposit_percentage } : {};
  return createInvoice(ctx, { [SOURCE_FIELDS[input.type]]: input.id, ...deposit });
}
