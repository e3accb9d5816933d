import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { parseInput } from "../common";
import { EMAIL_TEMPLATES, UpdateEmailTemplateInput, type EmailTemplateView } from "./email-template-schemas";
import { findEmailTemplate, templateKey } from "./email-templates-shared";

/** Writes the company's own subject and body for a document type and language. */
export async function updateEmailTemplate(ctx: Ctx, raw: unknown): Promise<EmailTemplateView> {
  requirePermission(ctx, EMAIL_TEMPLATES);
  // A type or language that does not exist is no template (404), not a field to correct.
  templateKey(raw);
  const { type, language, subject, body } = parseInput(UpdateEmailTemplateInput, raw);
  const now = ctx.now();
  const { emailTemplates } = tenantSchema;
  await ctx.db
    .insert(emailTemplates)
    .values({ type, language, subject, body, updatedAt: now })
    .onConflictDoUpdate({ target: [emailTemplates.type, emailTemplates.language], set: { subject, body, updatedAt: now } });
  return findEmailTemplate(ctx.db, type, language);
}
