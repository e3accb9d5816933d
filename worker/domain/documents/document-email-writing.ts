import { eq } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { partyContactRead, type OutputDocument } from "./outputs";
import type { EmailTemplateType } from "../settings/email-templates/email-template-schemas";
import { defaultEmailTemplate } from "../settings/email-templates/email-templates-shared";
import { renderDocumentEmail, type RenderedDocumentEmail } from "../settings/email-templates/render-document-email";
import { pdfSettingsOf, pdfSettingsRead } from "../settings/pdf-settings/pdf-settings-shared";
import { ownsSmtpServer } from "../settings/smtp-settings/smtp-settings-shared";
import { formatDate, formatMoney } from "../shared/format";
import type { Locale } from "../shared/locale";
import { documentCurrency, documentWritingReads, salesDocumentLanguage } from "../sales/document-writing";
import type { MailTransport } from "../sales/platform-mail";

const t = tenantSchema;

/**
 * The reads a document's email is written from, for one batch: the company's settings, the
 * currency's format, the document's party (addresses, language), the SMTP and PDF settings, and
 * the company's templates of the document type's template (one per language at most).
 */
export function documentEmailReads(db: TenantDb, doc: OutputDocument, template: EmailTemplateType) {
  return [
    ...documentWritingReads(db, doc.currency),
    partyContactRead(db, doc.party),
    db.select().from(t.smtpSettings).limit(1),
    pdfSettingsRead(db),
    db.select().from(t.emailTemplates).where(eq(t.emailTemplates.type, template)),
  ] as const;
}

type Settled<T> = { -readonly [K in keyof T]: Awaited<T[K]> };
type Results = Settled<ReturnType<typeof documentEmailReads>>;

/** A document's email as it will go: by which server, in which language, to whom by default, and its text. */
export interface WrittenDocumentEmail {
  company: typeof t.companySettings.$inferSelect;
  transport: MailTransport;
  language: Locale;
  /** The party's addresses (a customer's, a supplier's), the first of which is the default recipient. */
  customerEmails: string[];
  email: RenderedDocumentEmail;
}

/**
 * Writes a document's email from the batch's results: in the language asked, else the one its
 * PDF prints in (salesDocumentLanguage); from the company's template of that language, unless
 * `own` subject or body are given and the company sends through its own server.
 */
export function writeDocumentEmail(
  doc: OutputDocument,
  template: EmailTemplateType,
  [[company], [currency], [customer], [smtp], [pdf], templates]: Results,
  asked: { language?: Locale | undefined; subject?: string | undefined; body?: string | undefined },
  fallback: Locale,
): WrittenDocumentEmail {
  const transport: MailTransport = ownsSmtpServer(smtp) ? "company" : "platform";
  const language = asked.language ?? salesDocumentLanguage(pdfSettingsOf(pdf), company!, customer ?? null, fallback);
  const written = templates.find((row) => row.language === language) ?? defaultEmailTemplate(template, language);
  const own = transport === "company";
  const email = renderDocumentEmail(own ? { subject: asked.subject ?? written.subject, body: asked.body ?? written.body } : written, {
    document_number: doc.number,
    customer_name: doc.party.label,
    company_name: company!.label,
    total: formatMoney(doc.total, documentCurrency(currency, doc.currency), company!.numberFormat),
    date: formatDate(doc.date, language),
  });
  return { company: company!, transport, language, customerEmails: customer?.emails ?? [], email };
}
