// A sales document's emails are any document's (documents/document-emails.ts), through its type's row in documents/outputs.ts.
export {
  documentEmails as salesDocumentEmails,
  SENT_EMAILS_SHOWN,
  type DocumentEmailDraft,
  type DocumentEmails as SalesDocumentEmails,
  type SentDocumentEmail,
} from "../documents/document-emails";
