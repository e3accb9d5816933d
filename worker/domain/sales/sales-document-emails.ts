import { and, desc, eq } from "drizzle-orm";
import { tenantSchema } from "../../../db/client";
import { SENT_EMAIL_PERMISSIONS } from "../settings/sent-emails/sent-email-schemas";
import { can, requirePermission, type Ctx } from "../shared/ctx";
import type { Locale } from "../shared/locale";
import { documentEmailReads, writeDocumentEmail } from "./document-email-writing";
import { RECIPIENTS_PER_EMAIL, type MailTransport } from "./platform-mail";
import { readSalesDocument, type SalesDocumentType } from "./sales-documents";

const t = tenantSchema;

/** The emails of a document a page lists: the latest ones. */
export const SENT_EMAILS_SHOWN = 50;

/** The email a document would be sent with now, as emailSalesDocument would write it. */
export interface DocumentEmailDraft {
  /** The default recipients: the customer's first address (none: one must be typed). */
  to: string[];
  language: Locale;
  subject: string;
  body: string;
  transport: MailTransport;
  /** The subject and body may be changed only over the company's own server; the platform's sends the template. */
  editable: boolean;
  /** Recipients one email may carry (to, cc and bcc together) over this transport. */
  max_recipients: number;
}

/** One email sent with the document, as its history lists it. */
export interface SentDocumentEmail {
  id: number;
  /** When it was handed to the mail server (ms). */
  date: number;
  to: string;
  cc: string | null;
  bcc: string | null;
  subject: string;
  language: Locale;
  /** null: recorded before these were kept. */
  transport: MailTransport | null;
  sent_by: { kind: "user" | "api_token" | "system"; name: string | null } | null;
}

export interface SalesDocumentEmails {
  /** null for whoever may not send this document. */
  draft: DocumentEmailDraft | null;
  /** The latest first, at most SENT_EMAILS_SHOWN. */
  sent: SentDocumentEmail[];
}

/**
 * A document's emails, for its page: those sent with it (whoever may read the document), and the
 * one the email button would send now, for whoever may send it (subject and body written from the
 * company's template in the language the email and its PDF would go in).
 */
export async function salesDocumentEmails(ctx: Ctx, input: { type: SalesDocumentType; id: unknown }): Promise<SalesDocumentEmails> {
  const permissions = SENT_EMAIL_PERMISSIONS[input.type];
  requirePermission(ctx, { allOf: [permissions.read] });
  const doc = await readSalesDocument(ctx.db, input.type, input.id);
  const { db } = ctx;
  const sentQuery = db
    .select()
    .from(t.sentEmails)
    .where(and(eq(t.sentEmails.type, doc.type), eq(t.sentEmails.documentId, doc.id)))
    .orderBy(desc(t.sentEmails.id))
    .limit(SENT_EMAILS_SHOWN);
  if (!can(ctx, { allOf: [permissions.send] })) return { draft: null, sent: (await sentQuery).map(sentView) };
  const [rows, ...writing] = await db.batch([sentQuery, ...documentEmailReads(db, doc)]);
  const written = writeDocumentEmail(doc, writing, {}, ctx.locale);
  return {
    draft: {
      to: written.customerEmails.slice(0, 1),
      language: written.language,
      subject: written.email.subject,
      body: written.email.text,
      transport: written.transport,
      editable: written.transport === "company",
      max_recipients: RECIPIENTS_PER_EMAIL[written.transport],
    },
    sent: rows.map(sentView),
  };
}

function sentView(row: typeof t.sentEmails.$inferSelect): SentDocumentEmail {
  return {
    id: row.id,
    date: row.date,
    to: row.emailTo,
    cc: row.emailCc,
    bcc: row.emailBcc,
    subject: row.emailObject,
    language: row.language as Locale,
    transport: row.transport,
    sent_by: row.senderKind ? { kind: row.senderKind, name: row.senderName } : null,
  };
}
