import { requireBackOffice, type Ctx } from "../../shared/ctx";
import type { EmailTemplateView } from "./email-template-schemas";
import { findEmailTemplate, templateKey } from "./email-templates-shared";

/** The template of a document type in a language (`not_found` for another type or language); any signed-in actor. */
export async function getEmailTemplate(ctx: Ctx, input: { type: string; language: string }): Promise<EmailTemplateView> {
  requireBackOffice(ctx);
  const { type, language } = templateKey(input);
  return findEmailTemplate(ctx.db, type, language);
}
