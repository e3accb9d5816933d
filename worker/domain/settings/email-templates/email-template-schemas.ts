import { z } from "zod";
import { EMAIL_TEMPLATE_TYPES } from "../../../../db/schema/tenant/document-settings";
import { LOCALES, type Locale } from "../../shared/locale";
import { objectError } from "../common";

export { EMAIL_TEMPLATE_TYPES };
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

/** The values a template may name, written `{name}` in its subject and body. */
export const EMAIL_PLACEHOLDERS = ["document_number", "customer_name", "company_name", "total", "date"] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

/** Editing templates is a settings task of the email_templates module (platform spec §6). */
export const EMAIL_TEMPLATES = { allOf: ["settings", "email_templates"] } as const;

/** The email sent with a document of one type in one language (domain spec §3 'Email template'). */
export interface EmailTemplateView {
  type: EmailTemplateType;
  language: Locale;
  subject: string;
  body: string;
  /** Whether the company wrote it; false: the default text. */
  customized: boolean;
  updated_at: number | null;
}

/** Which template: a document type and a language. */
export const EmailTemplateKey = z.object({
  type: z.enum(EMAIL_TEMPLATE_TYPES, { error: "invalid" }),
  language: z.enum(LOCALES, { error: "invalid_language" }),
});

export const UpdateEmailTemplateInput = z.strictObject(
  {
    type: EmailTemplateKey.shape.type,
    language: EmailTemplateKey.shape.language,
    // A subject is one line: a line break would start another header.
    subject: z
      .string({ error: "required" })
      .trim()
      .min(1, "required")
      .max(200, "too_long")
      .regex(/^[^\p{Cc}]*$/u, "single_line"),
    body: z.string({ error: "required" }).trim().min(1, "required").max(10_000, "too_long"),
  },
  objectError,
);
export type UpdateEmailTemplateInput = z.input<typeof UpdateEmailTemplateInput>;
