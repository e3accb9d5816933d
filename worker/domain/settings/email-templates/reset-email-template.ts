import { and, eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { EMAIL_TEMPLATES, type EmailTemplateView } from "./email-template-schemas";
import { defaultEmailTemplate, templateKey } from "./email-templates-shared";

/** Forgets the company's own text of a template: the default one applies again. */
export async function resetEmailTemplate(ctx: Ctx, input: { type: string; language: string }): Promise<EmailTemplateView> {
  requirePermission(ctx, EMAIL_TEMPLATES);
  const { type, language } = templateKey(input);
  const { emailTemplates } = tenantSchema;
  await ctx.db.delete(emailTemplates).where(and(eq(emailTemplates.type, type), eq(emailTemplates.language, language)));
  return defaultEmailTemplate(type, language);
}
