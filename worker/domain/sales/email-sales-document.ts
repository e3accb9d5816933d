// A sales document's email is any document's (documents/document-emails.ts), through its type's row in documents/outputs.ts.
export { emailDocument as emailSalesDocument, EmailDocumentInput as EmailSalesDocumentInput } from "../documents/document-emails";
