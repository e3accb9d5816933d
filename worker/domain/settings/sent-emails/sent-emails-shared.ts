import { tenantSchema } from "../../../../db/client";
import type { Locale } from "../../shared/locale";
import type { EmailTemplateType } from "../email-templates/email-template-schemas";
import type { SentEmailView } from "./sent-email-schemas";

export function sentEmailView(row: typeof tenantSchema.sentEmails.$inferSelect): SentEmailView {
  return {
    id: row.id,
    type: row.type as EmailTemplateType,
    document_id: row.documentId,
    date: row.date,
    language: row.language as Locale,
    email_to: row.emailTo,
    email_object: row.emailObject,
    email_body: row.emailBody,
    email_cc: row.emailCc,
    email_bcc: row.emailBcc,
    pdf_key: row.pdfKey,
    transport: row.transport,
    sent_by: row.senderKind ? { kind: row.senderKind, id: row.senderId, name: row.senderName } : null,
  };
}
