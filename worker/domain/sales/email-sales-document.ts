import { z } from "zod";
import { SENT_EMAIL_PERMISSIONS } from "../settings/sent-emails/sent-email-schemas";
import { requirePermission, type Ctx } from "../shared/ctx";
import { fieldError, parseInput, strictInput } from "../shared/input";
import { LOCALES } from "../shared/locale";
import { documentEmailReads, writeDocumentEmail } from "./document-email-writing";
import {
  checkRecipients,
  mailSender,
  platformDailyLimit,
  queueWithinPlatformQuota,
  senderDisplayName,
  type MailTransport,
} from "./platform-mail";
import { readSalesDocument, type SalesDocumentType } from "./sales-documents";

// One address or several, comma-separated; how many one email may carry in all is the transport's (platform-mail.ts).
const addresses = z
  .union([z.string(), z.array(z.string())], { error: "invalid_email" })
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((a) => a.trim()).filter(Boolean))
  .pipe(z.array(z.email({ error: "invalid_email" })).max(200, "too_long"));

/**
 * Who gets a document's email and, when the template is not to be used as it is, its own subject
 * and body: those are used only over the company's own SMTP server.
 */
export const EmailSalesDocumentInput = strictInput({
  to: addresses.optional(),
  cc: addresses.optional(),
  bcc: addresses.optional(),
  language: z.enum(LOCALES, { error: "invalid_language" }).optional(),
  subject: z.string({ error: "invalid" }).trim().min(1, "required").max(200, "too_long").optional(),
  body: z.string({ error: "invalid" }).max(20_000, "too_long").optional(),
});
export type EmailSalesDocumentInput = z.input<typeof EmailSalesDocumentInput>;

/**
 * Sends a sales document by email with its PDF: the email is written now from the company's
 * template (in the language asked, else the one its PDF prints in: the customer's when the PDF
 * settings say so) and queued through the outbox; the consumer attaches the PDF in the same
 * language, sends it and records it as sent. To the customer's first address unless `to` says
 * otherwise. Over the company's own SMTP server the subject and body given
 * replace the template's; over the platform's (no server of its own) only the template is sent,
 * from the company's name, within a daily quota and fewer recipients (platform-mail.ts).
 */
export async function emailSalesDocument(
  ctx: Ctx,
  input: { type: SalesDocumentType; id: unknown } & Record<string, unknown>,
): Promise<{ queued: true; to: string[]; transport: MailTransport }> {
  const { type, id, ...fields } = input;
  requirePermission(ctx, { allOf: [SENT_EMAIL_PERMISSIONS[type].send] });
  const asked = parseInput(EmailSalesDocumentInput, fields);
  const doc = await readSalesDocument(ctx.db, type, id);
  const { db } = ctx;
  const { company, transport, language, customerEmails, email } = writeDocumentEmail(
    doc,
    await db.batch([...documentEmailReads(db, doc)]),
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
    type,
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
