import { eq, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { PermissionCheck } from "../identity/permissions";
import type { SalesDocumentType } from "../../../db/schema/tenant/sales";
import { invoicePrintable } from "../invoices/invoice-pdf";
import { withFacturX } from "../invoices/factur-x";
import { isDraftInvoice, readInvoice, type InvoiceView } from "../invoices/invoice-views";
import { readFollow, type FollowView } from "../returns/follow-views";
import { printPurchaseOrder } from "../purchasing/purchase-order-pdf";
import { readPurchaseOrder, type PurchaseOrderView } from "../purchasing/purchase-order-views";
import { printSalesDocument, salesDocumentPrintable } from "../sales/sales-document-pdf";
import { readSalesDocument, SALES_ACCESS, type SalesDocumentView } from "../sales/sales-documents";
import { DOCUMENT_ACCESS } from "./document-types";
import { EMAIL_TEMPLATE_TYPES, type EmailTemplateType } from "../settings/email-templates/email-template-schemas";
import { SENT_EMAIL_PERMISSIONS } from "../settings/sent-emails/sent-email-schemas";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import type { Locale } from "../shared/locale";
import type { PdfSettings } from "./pdf/pdf-settings";
import type { PrintableDocument } from "./pdf/printable-document";
import { renderDocumentPdf } from "./pdf/render-document-pdf";

const t = tenantSchema;

/** The document types a PDF and an email may be made of: those with an email template. */
export const OUTPUT_DOCUMENT_TYPES = EMAIL_TEMPLATE_TYPES;
export type OutputDocumentType = EmailTemplateType;
/** The sales document types that may print and be sent (a product return and a subscription are not). */
export type PrintedSalesType = SalesDocumentType & OutputDocumentType;

/** Who a document goes to: a customer (sales) or a supplier (purchasing). */
export interface DocumentParty {
  kind: "customer" | "supplier";
  id: number;
  label: string;
}

/** A document as its PDF's name and its email read it: the email's placeholders, its recipient, the record of its sending. */
export interface OutputDocument {
  type: OutputDocumentType;
  id: number;
  /** "" for a draft, which has no number yet. */
  number: string;
  /** A draft (an invoice not yet finalised): it prints as "Draft" and is not sent. */
  draft?: boolean;
  /** yyyy-mm-dd */
  date: string;
  total: string;
  currency: string;
  party: DocumentParty;
}

/** What a document's PDF prints, with the settings and the language it prints in. */
export interface PrintedDocument {
  doc: OutputDocument;
  printable: PrintableDocument;
  settings: PdfSettings;
  language: Locale;
  /** What the rendered PDF becomes before it is given out (an invoice of a French company carries its Factur-X XML). */
  finish?: (pdf: Uint8Array) => Promise<Uint8Array>;
}

/**
 * One row per document type: how its outputs load it, print it and send it. A document type that
 * prints and emails is a row here; the PDF renderer, the email's writing, the outbox topic and
 * the consumer are the same for every type.
 */
export interface DocumentOutput {
  /** Who may print the document. */
  print: PermissionCheck;
  /** Who may send it by email, and read the emails sent with it. */
  email: { send: PermissionCheck; read: PermissionCheck };
  /** The template its emails are written from (settings/email-templates). */
  template: EmailTemplateType;
  /** The document (not_found when there is no such document of this type). */
  load(db: TenantDb, id: unknown): Promise<OutputDocument>;
  /** What its PDF prints; `language` (an email's) overrides the document's language rule. */
  printable(ctx: Ctx, id: unknown, language?: Locale): Promise<PrintedDocument>;
}

/** Whether a sales document type prints and is sent (a row of DOCUMENT_OUTPUTS). */
export function isPrintedSalesType(type: SalesDocumentType): type is PrintedSalesType {
  return Object.hasOwn(DOCUMENT_OUTPUTS, type);
}

/** A sales document for its outputs (one of a printed type): its customer is its party. */
export function salesOutputDocument(doc: SalesDocumentView): OutputDocument {
  if (!isPrintedSalesType(doc.type)) throw new DomainError("not_found");
  return {
    type: doc.type,
    id: doc.id,
    number: doc.number,
    date: doc.date,
    total: doc.total,
    currency: doc.currency,
    party: { kind: "customer", id: doc.customer_id, label: doc.customer.label },
  };
}

function salesOutput(type: PrintedSalesType): DocumentOutput {
  return {
    print: SALES_ACCESS[type].read,
    email: { send: { allOf: [SENT_EMAIL_PERMISSIONS[type].send] }, read: { allOf: [SENT_EMAIL_PERMISSIONS[type].read] } },
    template: type,
    load: async (db, id) => salesOutputDocument(await readSalesDocument(db, type, id)),
    printable: async (ctx, id, language) => {
      const { doc, ...printed } = await salesDocumentPrintable(ctx, { type, id, ...(language ? { language } : {}) });
      return { doc: salesOutputDocument(doc), ...printed };
    },
  };
}

/** An invoice for its outputs: a draft has no number yet. */
function invoiceOutputDocument(invoice: InvoiceView): OutputDocument {
  return {
    ...salesOutputDocument({ ...invoice, number: invoice.number ?? "" }),
    draft: isDraftInvoice(invoice),
  };
}

/**
 * An invoice's outputs: printed by whoever reads invoices (a draft prints "Draft" instead of a
 * number), sent by whoever edits them, once it is finalised (emailDocument refuses a draft).
 */
const invoiceOutput: DocumentOutput = {
  print: DOCUMENT_ACCESS.invoice.read,
  email: { send: { allOf: [SENT_EMAIL_PERMISSIONS.invoice.send] }, read: { allOf: [SENT_EMAIL_PERMISSIONS.invoice.read] } },
  template: "invoice",
  load: async (db, id) => invoiceOutputDocument(await readInvoice(db, id, Date.now())),
  printable: async (ctx, id, language) => {
    requirePermission(ctx, DOCUMENT_ACCESS.invoice.read);
    const invoice = await readInvoice(ctx.db, id, ctx.now());
    return {
      doc: invoiceOutputDocument(invoice),
      ...(await invoicePrintable(ctx, invoice, language)),
      finish: (pdf) => withFacturX(ctx.db, invoice, pdf),
    };
  },
};

/**
 * A credit note's outputs: a sales document's, and a French company's carries its Factur-X (type
 * 381) as an invoice does (decision 042).
 */
const creditNoteOutput: DocumentOutput = {
  ...salesOutput("credit_note"),
  printable: async (ctx, id, language) => {
    const { doc, ...printed } = await salesDocumentPrintable(ctx, { type: "credit_note", id, ...(language ? { language } : {}) });
    // What it owes the customer is due at once (EN 16931 BR-CO-25 asks a due date or terms when something is due).
    const asDocument = { ...doc, due_date: doc.date, is_deposit: false };
    return { doc: salesOutputDocument(doc), ...printed, finish: (pdf) => withFacturX(ctx.db, asDocument, pdf, "credit_note") };
  },
};

/** A refund for its outputs: what it pays back (its email's total) is its total with its discrepancy. */
function refundOutputDocument(refund: FollowView): OutputDocument {
  return { ...salesOutputDocument(refund), total: refund.amount };
}

/**
 * A refund's outputs: a sales document's, with its discrepancy and what it pays back in all under
 * its total. No payment terms and no Factur-X: it is money the company pays back, not an invoice.
 */
const refundOutput: DocumentOutput = {
  ...salesOutput("refund"),
  load: async (db, id) => refundOutputDocument(await readFollow(db, "refund", id)),
  printable: async (ctx, id, language) => {
    requirePermission(ctx, SALES_ACCESS.refund.read);
    const refund = await readFollow(ctx.db, "refund", id);
    const { printable, ...printed } = await printSalesDocument(ctx, refund, language);
    return {
      doc: refundOutputDocument(refund),
      printable: { ...printable, refund: { discrepancy: refund.discrepancy, amount: refund.amount } },
      ...printed,
    };
  },
};

/** A purchase order for its outputs: its supplier is its party. */
function purchaseOutputDocument(doc: PurchaseOrderView): OutputDocument {
  return {
    type: "purchase_order",
    id: doc.id,
    number: doc.number,
    date: doc.date,
    total: doc.total,
    currency: doc.currency,
    party: { kind: "supplier", id: doc.supplier_id, label: doc.supplier.label },
  };
}

/** A purchase order's outputs: printed by whoever reads orders, sent to the supplier's address by whoever edits them. */
const purchaseOrderOutput: DocumentOutput = {
  print: DOCUMENT_ACCESS.purchase_order.read,
  email: {
    send: { allOf: [SENT_EMAIL_PERMISSIONS.purchase_order.send] },
    read: { allOf: [SENT_EMAIL_PERMISSIONS.purchase_order.read] },
  },
  template: "purchase_order",
  load: async (db, id) => purchaseOutputDocument(await readPurchaseOrder(db, id)),
  printable: async (ctx, id, language) => {
    requirePermission(ctx, DOCUMENT_ACCESS.purchase_order.read);
    const doc = await readPurchaseOrder(ctx.db, id);
    return { doc: purchaseOutputDocument(doc), ...(await printPurchaseOrder(ctx, doc, language)) };
  },
};

/** The rows: deliveries add theirs with their PDF. */
export const DOCUMENT_OUTPUTS: Partial<Record<OutputDocumentType, DocumentOutput>> = {
  estimate: salesOutput("estimate"),
  sales_order: salesOutput("sales_order"),
  shipping_order: salesOutput("shipping_order"),
  invoice: invoiceOutput,
  credit_note: creditNoteOutput,
  refund: refundOutput,
  purchase_order: purchaseOrderOutput,
};

/** The outputs of a document type: `not_found` for a type that prints nothing yet. */
export function documentOutput(type: unknown): DocumentOutput {
  const output = typeof type === "string" ? DOCUMENT_OUTPUTS[type as OutputDocumentType] : undefined;
  if (!output) throw new DomainError("not_found");
  return output;
}

/** A document of a type that prints, for whoever may print it (not_found when there is no such document). */
export async function readOutputDocument(ctx: Ctx, input: { type: OutputDocumentType; id: unknown }): Promise<OutputDocument> {
  const output = documentOutput(input.type);
  requirePermission(ctx, output.print);
  return output.load(ctx.db, input.id);
}

/** What a PDF of a document is: its bytes and the name it is downloaded under. */
export interface DocumentPdf {
  bytes: Uint8Array;
  filename: string;
}

/**
 * A document as a PDF, as its type prints it (sales-document-pdf.ts for sales documents), and the
 * name it is downloaded under. Whoever may read the document may print it.
 */
export async function documentPdf(ctx: Ctx, input: { type: OutputDocumentType; id: unknown; language?: Locale }): Promise<DocumentPdf> {
  const output = documentOutput(input.type);
  requirePermission(ctx, output.print);
  const { doc, printable, settings, language, finish } = await output.printable(ctx, input.id, input.language);
  const rendered = await renderDocumentPdf(printable, settings, language);
  const bytes = finish ? await finish(rendered) : rendered;
  // A draft has no number to be named after.
  const name = doc.draft ? `${doc.type}-draft-${doc.id}` : doc.number;
  return { bytes, filename: `${name}.pdf`.replace(/[^\w.-]+/g, "_") };
}

/**
 * The read of a document's party's addresses and language, for a batch: a customer's addresses
 * and language, a supplier's one address (suppliers keep no language: the company's applies).
 */
export function partyContactRead(db: TenantDb, party: DocumentParty) {
  if (party.kind === "customer")
    return db.select({ emails: t.customers.emails, language: t.customers.language }).from(t.customers).where(eq(t.customers.id, party.id));
  return db
    .select({
      emails: sql<string[]>`${t.suppliers.email}`.mapWith((email: string | null) => (email ? [email] : [])),
      language: sql<string | null>`null`,
    })
    .from(t.suppliers)
    .where(eq(t.suppliers.id, party.id));
}
