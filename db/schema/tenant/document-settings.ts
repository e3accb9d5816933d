// How the company's documents print and leave by email: PDF settings, email templates, its own SMTP server, sent emails.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** One row once the company saves its PDF settings (domain spec §3 'PDF settings'); without it, the defaults. */
export const pdfSettings = sqliteTable(
  "pdf_settings",
  {
    id: integer("id").primaryKey(),
    settings: text("settings", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [check("pdf_settings_single_row", sql`${t.id} = 1`)],
);

// Every document that prints and goes by email (documents/outputs.ts), those to come included: a type here has its default texts.
export const EMAIL_TEMPLATE_TYPES = [
  "estimate",
  "sales_order",
  "shipping_order",
  "invoice",
  "credit_note",
  "refund",
  "purchase_order",
  "delivery",
] as const;

/** The templates a company edited (domain spec §3 'Email template'), per document type and language; the others are the defaults. */
export const emailTemplates = sqliteTable(
  "email_templates",
  {
    type: text("type", { enum: EMAIL_TEMPLATE_TYPES }).notNull(),
    language: text("language").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.type, t.language] })],
);

/** The company's own SMTP server, one row once saved; an empty host means the platform's sender. */
export const smtpSettings = sqliteTable(
  "smtp_settings",
  {
    id: integer("id").primaryKey(),
    host: text("host"),
    port: integer("port").notNull().default(587),
    security: text("security", { enum: ["tls", "starttls", "none"] })
      .notNull()
      .default("starttls"),
    username: text("username"),
    // Write-only: never read back to a page or the API.
    password: text("password"),
    fromAddress: text("from_address"),
    fromName: text("from_name"),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [check("smtp_settings_single_row", sql`${t.id} = 1`)],
);

/** The emails the company sent about its documents (domain spec §3 'Sent emails'). */
export const sentEmails = sqliteTable(
  "sent_emails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    type: text("type").notNull(),
    documentId: integer("document_id"),
    date: integer("date").notNull().default(now),
    language: text("language").notNull(),
    emailTo: text("email_to").notNull(),
    emailObject: text("email_object").notNull(),
    emailBody: text("email_body").notNull(),
    emailCc: text("email_cc"),
    emailBcc: text("email_bcc"),
    // Key of the attached PDF in the files bucket.
    pdfKey: text("pdf_key"),
    // Which server carried it, and who asked for it (none on emails recorded before these were kept).
    transport: text("transport", { enum: ["platform", "company"] }),
    senderKind: text("sender_kind", { enum: ["user", "api_token", "system"] }),
    senderId: text("sender_id"),
    senderName: text("sender_name"),
  },
  (t) => [index("sent_emails_document_idx").on(t.type, t.documentId, t.id)],
);

/**
 * Document emails queued through the platform's own mail server, per UTC day: the counter the
 * daily quota is taken from, by a conditional update in the batch that queues the email.
 */
export const platformMailDays = sqliteTable(
  "platform_mail_days",
  {
    day: text("day").primaryKey(),
    messages: integer("messages").notNull().default(0),
  },
  (t) => [check("platform_mail_days_messages", sql`${t.messages} >= 0`)],
);
