import { z } from "zod";
import { EMAIL_TEMPLATE_TYPES, type EmailTemplateType } from "../email-templates/email-template-schemas";
import { LOCALES, type Locale } from "../../shared/locale";
import { objectError } from "../common";

/** An email sent with a document (domain spec §3 'Sent emails'). */
export interface SentEmailView {
  id: number;
  type: EmailTemplateType;
  document_id: number | null;
  /** When it was handed to the mail server (ms). */
  date: number;
  language: Locale;
  email_to: string;
  email_object: string;
  email_body: string;
  email_cc: string | null;
  email_bcc: string | null;
  /** Key of the attached PDF in the files bucket. */
  pdf_key: string | null;
  /** The server that carried it: the platform's or the company's own (null: recorded before this was kept). */
  transport: "platform" | "company" | null;
  /** Who asked for it: a user (name and address), an API token or the system (null: recorded before this was kept). */
  sent_by: { kind: "user" | "api_token" | "system"; id: string | null; name: string | null } | null;
}

/** Who may send (and so record) or read the emails of each type of document. */
export const SENT_EMAIL_PERMISSIONS = {
  estimate: { send: "edit_estimates", read: "view_estimates" },
  sales_order: { send: "edit_sales_orders", read: "view_sales_orders" },
  shipping_order: { send: "edit_shipping_orders", read: "view_shipping_orders" },
  invoice: { send: "edit_invoices", read: "view_invoices" },
  // Credit notes and refunds are made and sent by whoever edits invoices.
  credit_note: { send: "edit_invoices", read: "view_credit_notes" },
  refund: { send: "edit_invoices", read: "view_refunds" },
  purchase_order: { send: "edit_purchase_orders", read: "view_purchase_orders" },
  delivery: { send: "edit_deliveries", read: "view_deliveries" },
} as const satisfies Record<EmailTemplateType, { send: string; read: string }>;

// Addresses as they were sent: one or several, comma-separated; blank is none.
const addresses = z
  .string({ error: "invalid" })
  .trim()
  .max(2000, "too_long")
  .nullable()
  .transform((v) => v || null)
  .refine((v) => v === null || v.split(",").every((a) => z.email().safeParse(a.trim()).success), "invalid_email");

export const RecordSentEmailInput = z.strictObject(
  {
    type: z.enum(EMAIL_TEMPLATE_TYPES, { error: "invalid" }),
    document_id: z.int({ error: "invalid" }).positive("invalid").nullable().default(null),
    language: z.enum(LOCALES, { error: "invalid_language" }),
    email_to: addresses.pipe(z.string({ error: "required" })),
    email_object: z.string({ error: "required" }).trim().min(1, "required").max(200, "too_long"),
    email_body: z.string({ error: "required" }).max(20_000, "too_long"),
    email_cc: addresses.default(null),
    email_bcc: addresses.default(null),
    pdf_key: z.string({ error: "invalid" }).max(500, "too_long").nullable().default(null),
    transport: z.enum(["platform", "company"], { error: "invalid" }).nullable().default(null),
    sent_by: z
      .strictObject({
        kind: z.enum(["user", "api_token", "system"], { error: "invalid" }),
        id: z.string({ error: "invalid" }).max(200, "too_long").nullable(),
        name: z.string({ error: "invalid" }).max(400, "too_long").nullable(),
      })
      .nullable()
      .default(null),
  },
  objectError,
);
export type RecordSentEmailInput = z.input<typeof RecordSentEmailInput>;

export const ListSentEmailsInput = z.strictObject(
  { type: z.enum(EMAIL_TEMPLATE_TYPES, { error: "invalid" }), document_id: z.int({ error: "invalid" }).positive("invalid") },
  objectError,
);
