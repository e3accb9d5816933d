import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import {
  checkRecipients,
  mailSender,
  platformDailyLimit,
  queueWithinPlatformQuota,
  RECIPIENTS_PER_EMAIL,
  senderDisplayName,
  type MailTransport,
} from "../sales/platform-mail";
import { can, requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { fieldError, parseInput, strictInput } from "../shared/input";
import { LOCALES, type Locale } from "../shared/locale";
import { documentEmailReads, writeDocumentEmail } from "./document-email-writing";
import { documentOutput, type OutputDocumentType } from "./outputs";

const t = tenantSchema;

// One address or several, comma-separated; how many one email may carry in all is the transport's (platform-mail.ts).
const addresses = z
  .union([z.string(), z.array(z.string())], { error: "invalid_email" })
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((a) => a.trim()).filter(Boolean))
  .pipe(z.array(z.email({ error: "invalid_email" })).max(200, "too_long"));

/**
 * Who gets a document's email and, when the template is not to be used as it is, its own subject
 * and body: those are used only over the company's own SMTP server.
 */
export const EmailDocumentInput = strictInput({
  to: addresses.optional(),
  cc: addresses.optional(),
  bcc: addresses.optional(),
  language: z.enum(LOCALES, { error: "invalid_language" }).optional(),
  subject: z.string({ error: "invalid" }).trim().min(1, "required").max(200, "too_long").optional(),
  body: z.string({ error: "invalid" }).max(20_000, "too_long").optional(),
});
export type EmailDocumentInput = z.input<typeof EmailDocumentInput>;

/**
 * Sends a document by email with its PDF, as its type's row says (documents/outputs.ts): the email
 * is written now from the company's template (in the language asked, else the one its PDF prints
 * in: the party's when the PDF settings say so) and queued through the outbox; the consumer
 * attaches the PDF in the same language, sends it and records it as sent. To the party's first
 * address unless `to` says otherwise. Over the company's own SMTP server the subject and body given
 * replace the template's; over the platform's (no server of its own) only the template is sent,
 * from the company's name, within a daily quota and fewer recipients (platform-mail.ts).
 */
export async function emailDocument(
  ctx: Ctx,
  input: { type: OutputDocumentType; id: unknown } & Record<string, unknown>,
): Promise<{ queued: true; to: string[]; transport: MailTransport }> {
  const { type, id, ...fields } = input;
  const output = documentOutput(type);
  requirePermission(ctx, output.email.send);
  const asked = parseInput(EmailDocumentInput, fields);
  const doc = await output.load(ctx.db, id);
  // A draft (an invoice not yet finalised) has no number and is not a document to send.
  if (doc.draft) throw new DomainError("invoice_draft_not_sendable");
  const { db } = ctx;
  const { company, transport, language, customerEmails, email } = writeDocumentEmail(
    doc,
    output.template,
    await db.batch([...documentEmailReads(db, doc, output.template)]),
    asked,
    ctx.locale,
  );
  const to = asked.to?.length ? asked.to : customerEmails.slice(0, 1);
  if (to.length === 0) throw fieldError("to", "required");
  const cc = asked.cc ?? [];
  const bcc = asked.bcc ?? [];
  checkRecipients({ to, cc, bcc }, transport);
  const own = transport === "company";
  // Over the platform's server: the company's name on the platform's address, and answers to the company.
  const replyTo =
    [company.email, ctx.actor.kind === "user" ? ctx.actor.email : null].find((a) => a && z.email().safeParse(a).success) ?? null;
  const row = ctx.outbox.company("email.document", {
    type: doc.type,
    documentId: doc.id,
    to,
    cc,
    bcc,
    language,
    ...email,
    transport,
    ...(own ? {} : { fromName: senderDisplayName(company.label) || null, replyTo }),
    sender: mailSender(ctx.actor),
  });
  if (own) await db.batch([row]);
  else await queueWithinPlatformQuota(db, ctx.now(), platformDailyLimit(ctx.actor.company, ctx.now()), [row]);
  return { queued: true, to, transport };
}

/** The emails of a document a page lists: the latest ones. */
export const SENT_EMAILS_SHOWN = 50;

/** The email a document would be sent with now, as emailDocument would write it. */
export interface DocumentEmailDraft {
  /** The default recipients: the party's first address (none: one must be typed). */
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

export interface DocumentEmails {
  /** null for whoever may not send this document. */
  draft: DocumentEmailDraft | null;
  /** The latest first, at most SENT_EMAILS_SHOWN. */
  sent: SentDocumentEmail[];
}

/**
 * A document's emails, for its page: those sent with it (whoever may read them), and the one the
 * email button would send now, for whoever may send it (subject and body written from the
 * company's template in the language the email and its PDF would go in).
 */
export async function documentEmails(ctx: Ctx, input: { type: OutputDocumentType; id: unknown }): Promise<DocumentEmails> {
  const output = documentOutput(input.type);
  requirePermission(ctx, output.email.read);
  const doc = await output.load(ctx.db, input.id);
  const { db } = ctx;
  const sentQuery = db
    .select()
    .from(t.sentEmails)
    .where(and(eq(t.sentEmails.type, doc.type), eq(t.sentEmails.documentId, doc.id)))
    .orderBy(desc(t.sentEmails.id))
    .limit(SENT_EMAILS_SHOWN);
  // Nothing to send while the document is a draft.
  if (!can(ctx, output.email.send) || doc.draft) return { draft: null, sent: (await sentQuery).map(sentView) };
  const [rows, ...writing] = await db.batch([sentQuery, ...documentEmailReads(db, doc, output.template)]);
  const written = writeDocumentEmail(doc, output.template, writing, {}, ctx.locale);
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
