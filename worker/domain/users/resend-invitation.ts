import { eq } from "drizzle-orm";
import { controlSchema } from "../../../db/client";
import { passwordLinkTtl } from "../identity/password-link";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { entryView, invitationEmail, MANAGE_USERS, staffEntry, type EmailLinkInput } from "./staff";

const { invitations } = controlSchema;

/**
 * Sends a pending invitation again: a new password link to a new account (the old link works
 * too until used), or the invitation of an existing account, whose expiry starts over.
 */
export async function resendInvitation(ctx: Ctx, input: { id: string } & EmailLinkInput): Promise<void> {
  requirePermission(ctx, MANAGE_USERS);
  const entry = await staffEntry(ctx, input.id);
  if (!entry) throw new DomainError("not_found");
  if (!entryView(entry).invitation_pending) throw new DomainError("invitation_not_pending");
  const email = { userId: input.id, baseUrl: input.baseUrl };
  if (entry.kind === "member") {
    await invitationEmail(ctx, "member", email);
    return;
  }
  await ctx.control.batch([
    ctx.control
      .update(invitations)
      .set({ expiresAt: ctx.now() + passwordLinkTtl("invitation") })
      .where(eq(invitations.id, entry.invitation.id)),
    invitationEmail(ctx, "invitee", email),
  ]);
}
