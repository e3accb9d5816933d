import { tenantSchema } from "../../../../db/client";
import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { LOCALES } from "../../shared/locale";
import { EMAIL_TEMPLATE_TYPES, type EmailTemplateView } from "./email-template-schemas";
import { defaultEmailTemplate } from "./email-templates-shared";

/** Every template, one per document type and language: the company's where it wrote one, else the default. */
export async function listEmailTemplates(ctx: Ctx, _input: Record<string, never> = {}): Promise<EmailTemplateView[]> {
  requireBackOffice(ctx);
  const rows = await ctx.db.select().from(tenantSchema.emailTemplates);
  return EMAIL_TEMPLATE_TYPES.flatMap((type) =>
    LOCALES.map((language) => {
      const row = rows.find((r) => r.type === type && r.language === language);
      return row
        ? { type, language, subject: row.subject, body: row.body, customized: true, updated_at: row.updatedAt }
        : defaultEmailTemplate(type, language);
    }),
  );
}
