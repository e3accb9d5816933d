import { and, desc, eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { parseInput } from "../common";
import { ListSentEmailsInput, SENT_EMAIL_PERMISSIONS, type SentEmailView } from "./sent-email-schemas";
import { sentEmailView } from "./sent-emails-shared";

/** The emails sent with one document, the latest first; with the permission to see that document. */
export async function listSentEmails(ctx: Ctx, raw: unknown): Promise<SentEmailView[]> {
  const { type, document_id } = parseInput(ListSentEmailsInput, raw);
  requirePermission(ctx, { allOf: [SENT_EMAIL_PERMISSIONS[type].read] });
  const { sentEmails } = tenantSchema;
  const rows = await ctx.db
    .select()
    .from(sentEmails)
    .where(and(eq(sentEmails.type, type), eq(sentEmails.documentId, document_id)))
    .orderBy(desc(sentEmails.id));
  return rows.map(sentEmailView);
}
