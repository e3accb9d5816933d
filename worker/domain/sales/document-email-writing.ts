import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { defaultEmailTemplate } from "../settings/email-templates/email-templates-shared";
import { renderDocumentEmail, type RenderedDocumentEmail } from "../settings/email-templates/render-document-email";
import { pdfSettingsOf, pdfSettingsRead } from "../settings/pdf-settings/pdf-settings-shared";
import { ownsSmtpServer } from "../settings/smtp-settings/smtp-settings-shared";
import { formatDate, formatMoney } from "../shared/format";
import type { Locale } from "../shared/locale";
import { documentCurrency, documentWritingReads, salesDocumentLanguage } from "./document-writing";
import type { MailTransport } from "./platform-mail";
import type { SalesDocumentView } from "./sales-documents";

const t = tenantSchema;

/**
 * The reads a document's email is written from, for one batch: the company's settings, the
 * currency's format, the customer (addresses, language), the SMTP and PDF settings, and the
 * company's templates of this type (one per language at most).
 */
export function documentEmailReads(db: TenantDb, doc: SalesDocumentView) {
  return [
    ...documentWritingReads(db, doc.currency),
    db.select({ emails: t.customers.emails, language: t.customers.language }).from(t.customers).where(eq(t.customers.id, doc.customer_id)),
    db.select().from(t.smtpSettings).limit(1),
    pdfSettingsRead(db),
    db.select().from(t.emailTemplates).where(eq(t.emailTemplates.type, doc.type)),
  ] as const;
}

type Settled<T> = { -readonly [K in keyof T]: Awaited<T[K]> };
type Results = Settled<ReturnType<typeof documentEmailReads>>;

/** A document's email as it will go: by which server, in which language, to whom by default, and its text. */
export interface WrittenDocumentEmail {
  company: typeof t.companySettings.$inferSelect;
  transport: MailTransport;
  language: Locale;
  /** The customer's addresses, the first of which is the default recipient. */
  customerEmails: string[];
  email: RenderedDocumentEmail;
}

/**
 * Writes a document's email from the batch's results: in the language asked, else the one its
 * PDF prints in (salesDocumentLanguage); from the company's template of that language, unless
 * `own` subject or body are given and the company sends through its own server.
 */
export function writeDocumentEmail(
  doc: SalesDocumentView,
  [[company], [currency], [customer], [smtp], [pdf], templates]: Results,
  asked: { language?: Locale | undefined; subject?: string | undefined; body?: string | undefined },
  fallback: Locale,
): WrittenDocumentEmail {
  const transport: MailTransport = ownsSmtpServer(smtp) ? "company" : "platform";
  const language = asked.language ?? salesDocumentLanguage(pdfSettingsOf(pdf), company!, customer ?? null, fallback);
  const template = templates.find((row) => row.language === language) ?? defaultEmailTemplate(doc.type, language);
  const own = transport === "company";
  const email = renderDocumentEmail(own ? { subject: asked.subject ?? template.subject, body: asked.body ?? template.body } : template, {
    document_number: doc.number,
    customer_name: doc.customer.label,
    company_name: company!.label,
    total: formatMoney(doc.total, documentCurrency(currency, doc.currency), company!.numberFormat),
    date: formatDate(doc.date, language),
  });
  return { company: company!, transport, language, customerEmails: customer?.emails ?? [], email };
}
