import type { Mailer } from "../../integrations/mail/mailer";
import { recordSentEmail } from "../settings/sent-emails/record-sent-email";
import type { Ctx } from "../shared/ctx";
import type { TopicPayload } from "../shared/outbox";
import { documentPdf } from "../documents/outputs";

/**
 * The queued half of a document's email (emailDocument wrote it): makes the PDF, keeps it
 * in the files bucket, sends the email with it attached (through the `mailer` of the transport
 * chosen when it was queued), and records it as sent, by whom and how. Run once per outbox message
 * by the consumer's claim.
 */
export async function deliverDocumentEmail(ctx: Ctx, email: TopicPayload<"email.document">, mailer: Mailer): Promise<void> {
  // The PDF in the email's language, whatever the settings say now.
  const pdf = await documentPdf(ctx, { type: email.type, id: email.documentId, language: email.language });
  const pdfKey = await ctx.files.put(`sent-emails/${ctx.newId()}/${pdf.filename}`, pdf.bytes, {
    httpMetadata: { contentType: "application/pdf" },
  });
  await mailer.sendComposed({
    to: email.to,
    cc: email.cc,
    bcc: email.bcc,
    subject: email.subject,
    text: email.text,
    html: email.html,
    attachments: [{ filename: pdf.filename, content: base64(pdf.bytes), mimeType: "application/pdf" }],
    ...(email.fromName ? { fromName: email.fromName } : {}),
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
  });
  await recordSentEmail(ctx, {
    type: email.type,
    document_id: email.documentId,
    language: email.language,
    email_to: email.to.join(", "),
    email_object: email.subject,
    email_body: email.text,
    email_cc: email.cc.join(", ") || null,
    email_bcc: email.bcc.join(", ") || null,
    pdf_key: pdfKey,
    transport: email.transport,
    sent_by: email.sender ?? null,
  });
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
