import { z } from "zod";
import {
  PDF_TOGGLES,
  PRINTABLE_KINDS,
  type PdfSettings as PdfSettingsView,
  type PdfToggle,
  type PrintableKind,
} from "../../domain/documents/pdf/pdf-settings";
import {
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_TYPES,
  type EmailTemplateView,
} from "../../domain/settings/email-templates/email-template-schemas";
import { SMTP_SECURITIES, type SmtpSettingsView } from "../../domain/settings/smtp-settings/smtp-settings-schemas";
import { LOCALES } from "../../domain/shared/locale";
import { answer, shape, timestamp } from "./common";

export const PdfSettings = answer<PdfSettingsView>()(
  {
    id: "PdfSettings",
    description: "How the company's documents print: paper size, language (null: the customer's), display toggles, titles",
  },
  z.object({
    paper_size: z.enum(["a4", "letter"]),
    language: z.enum(["en", "fr"]).nullable(),
    ...(Object.fromEntries(PDF_TOGGLES.map((toggle) => [toggle, z.boolean()])) as Record<PdfToggle, z.ZodBoolean>),
    titles: z
      .object(
        Object.fromEntries(PRINTABLE_KINDS.map((kind) => [kind, z.string().optional()])) as Record<
          PrintableKind,
          z.ZodOptional<z.ZodString>
        >,
      )
      .meta({ description: "The company's own title per kind of document; a kind left out prints its default title" }),
  }),
);

export const EmailTemplate = answer<EmailTemplateView>()(
  {
    id: "EmailTemplate",
    description:
      "The email sent with a document of one type in one language; placeholders: " + EMAIL_PLACEHOLDERS.map((p) => `{${p}}`).join(", "),
  },
  z.object({
    type: z.enum(EMAIL_TEMPLATE_TYPES),
    language: z.enum(LOCALES),
    subject: z.string(),
    body: z.string(),
    customized: z.boolean().meta({ description: "Whether the company wrote it; false: the default text" }),
    updated_at: timestamp.nullable(),
  }),
);

export const EmailTemplateList = shape(
  { id: "EmailTemplateList", description: "Every template, one per document type and language" },
  z.object({ items: z.array(EmailTemplate) }),
);

export const SmtpSettings = answer<SmtpSettingsView>()(
  {
    id: "SmtpSettings",
    description: "The company's own SMTP server; without a host, the platform's sender sends its emails. The password is never returned.",
  },
  z.object({
    host: z.string().nullable().meta({ description: "null: the platform's sender" }),
    port: z.int(),
    security: z.enum(SMTP_SECURITIES),
    username: z.string().nullable(),
    password_set: z.boolean().meta({ description: "Whether a password is saved (it is write-only)" }),
    from_address: z.string().nullable(),
    from_name: z.string().nullable(),
    updated_at: timestamp.nullable(),
  }),
);

export const SmtpTestEmail = shape(
  { id: "SmtpTestEmail", description: "The test email asked for: it leaves through the outbox" },
  z.object({ to: z.string() }),
);
