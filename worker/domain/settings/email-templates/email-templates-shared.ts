import { and, eq } from "drizzle-orm";
import { createI18n } from "../../../../locales";
import { tenantSchema, type TenantDb } from "../../../../db/client";
import { DomainError } from "../../shared/domain-error";
import type { Locale } from "../../shared/locale";
import { EmailTemplateKey, EMAIL_PLACEHOLDERS, type EmailTemplateType, type EmailTemplateView } from "./email-template-schemas";

const { emailTemplates } = tenantSchema;

// The catalogs read `{name}` as their own placeholders: each is given back as typed.
const AS_TYPED = Object.fromEntries(EMAIL_PLACEHOLDERS.map((name) => [name, `{${name}}`]));

/** The default template of a type in a language, from the catalogs. */
export function defaultEmailTemplate(type: EmailTemplateType, language: Locale): EmailTemplateView {
  const i18n = createI18n(language);
  return {
    type,
    language,
    subject: i18n._(`email_template.${type}.subject`, AS_TYPED),
    body: i18n._(`email_template.${type}.body`, AS_TYPED),
    customized: false,
    updated_at: null,
  };
}

/** A template's type and language from a path or an input: `not_found` when there is no such template. */
export function templateKey(raw: unknown): { type: EmailTemplateType; language: Locale } {
  const parsed = EmailTemplateKey.safeParse(raw);
  if (!parsed.success) throw new DomainError("not_found");
  return parsed.data;
}

/** The company's template of this type and language, else the default one. */
export async function findEmailTemplate(db: TenantDb, type: EmailTemplateType, language: Locale): Promise<EmailTemplateView> {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.type, type), eq(emailTemplates.language, language)));
  if (!row) return defaultEmailTemplate(type, language);
  return { type, language, subject: row.subject, body: row.body, customized: true, updated_at: row.updatedAt };
}
