import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { runBatch } from "../../shared/input";
import { parseInput } from "../common";
import { RecordSentEmailInput, SENT_EMAIL_PERMISSIONS, type SentEmailView } from "./sent-email-schemas";
import { sentEmailView } from "./sent-emails-shared";

/**
 * Records an email sent with a document, as it was sent (recipients, subject, body, attached
 * PDF, the server that carried it, who asked for it): whoever may send that document's emails,
 * the queue's consumer among them.
 */
export async function recordSentEmail(ctx: Ctx, raw: unknown): Promise<SentEmailView> {
  const input = parseInput(RecordSentEmailInput, raw);
  requirePermission(ctx, { allOf: [SENT_EMAIL_PERMISSIONS[input.type].send] });
  // Through runBatch: a queue delivery's done mark is saved with the record (batch-marks).
  const insert = ctx.db
    .insert(tenantSchema.sentEmails)
    .values({
      type: input.type,
      documentId: input.document_id,
      date: ctx.now(),
      language: input.language,
      emailTo: input.email_to,
      emailObject: input.email_object,
      emailBody: input.email_body,
      emailCc: input.email_cc,
      emailBcc: input.email_bcc,
      pdfKey: input.pdf_key,
      transport: input.transport,
      senderKind: input.sent_by?.kind ?? null,
      senderId: input.sent_by?.id ?? null,
      senderName: input.sent_by?.name ?? null,
    })
    .returning();
  const [[row]] = (await runBatch(ctx.db, [insert])) as [(typeof tenantSchema.sentEmails.$inferSelect)[]];
  return sentEmailView(row!);
}
