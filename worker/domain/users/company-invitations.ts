import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import { controlSchema, type ControlDb } from "../../../db/client";
import { signedInUser, type UserActor } from "../identity/actor";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";

const { invitations, memberships, companies } = controlSchema;

export type InvitationRow = typeof invitations.$inferSelect;

/** An invitation waiting for the signed-in user, as their invitations page and the API show it. */
export interface InvitationView {
  id: string;
  company: { id: string; label: string };
  inviter_name: string;
  type: "regularUser" | "accountRepresentative";
  permissions: string[];
  expires_at: number;
  created_at: number;
}

const mine = (actor: UserActor, invitationId: string) => and(eq(invitations.id, invitationId), eq(invitations.userId, actor.userId));

/** The invitation of this person to this company, while it can still be accepted. */
export async function liveInvitation(control: ControlDb, companyId: string, userId: string, now = Date.now()) {
  return control.query.invitations.findFirst({
    where: and(eq(invitations.companyId, companyId), eq(invitations.userId, userId), gt(invitations.expiresAt, now)),
  });
}

/** A company's invitations that can still be accepted. */
export async function liveCompanyInvitations(control: ControlDb, companyId: string, now = Date.now()): Promise<InvitationRow[]> {
  return control.query.invitations.findMany({ where: and(eq(invitations.companyId, companyId), gt(invitations.expiresAt, now)) });
}

/** The invitations waiting for the signed-in user (expired ones are left out), oldest first. An API token has none: `forbidden`. */
export async function listMyInvitations(ctx: Ctx): Promise<InvitationView[]> {
  const { control } = ctx;
  const actor = signedInUser(ctx.actor);
  return invitationViews(await invitationsQuery(control, actor.userId, ctx.now()));
}

/** The query of a user's live invitations; the user may be named by a subquery (the session's, see session-shell.ts). */
export function invitationsQuery(control: ControlDb, userId: string | SQL, now: number) {
  return control
    .select({ invitation: invitations, company: { id: companies.id, label: companies.label } })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(and(eq(invitations.userId, userId), gt(invitations.expiresAt, now)))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
}

export function invitationViews(rows: Awaited<ReturnType<typeof invitationsQuery>>): InvitationView[] {
  return rows.map(({ invitation, company }) => ({
    id: invitation.id,
    company,
    inviter_name: invitation.inviterName,
    type: invitation.userType,
    permissions: invitation.permissions,
    expires_at: invitation.expiresAt,
    created_at: invitation.createdAt,
  }));
}

/**
 * Makes the signed-in user a member of the inviting company with the access the inviter
 * chose. Only the invited account may accept (anyone else gets `not_found`); the membership
 * is made from the invitation in the same transaction that spends it, so it happens once.
 */
export async function acceptInvitation(ctx: Ctx, input: { id: string }): Promise<{ companyId: string; companyLabel: string }> {
  const { control } = ctx;
  const actor = signedInUser(ctx.actor);
  const invitationId = input.id;
  const now = ctx.now();
  const [found] = await control
    .select({ invitation: invitations, companyLabel: companies.label })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(mine(actor, invitationId))
    .limit(1);
  if (!found) throw new DomainError("not_found");
  if (found.invitation.expiresAt <= now) throw new DomainError("invitation_expired");

  const live = and(mine(actor, invitationId), gt(invitations.expiresAt, now));
  const [, spent] = await control.batch([
    control
      .insert(memberships)
      .select(
        control
          .select({
            userId: invitations.userId,
            companyId: invitations.companyId,
            permissions: invitations.permissions,
            isAdmin: sql<boolean>`0`.as("is_admin"),
            active: sql<boolean>`1`.as("active"),
            userType: invitations.userType,
            posPermissions: invitations.posPermissions,
            preventNegativeInventory: invitations.preventNegativeInventory,
            customerId: invitations.customerId,
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(invitations)
          .where(live),
      )
      .onConflictDoNothing(),
    control.delete(invitations).where(live),
  ]);
  // Another request accepted or declined it in the meantime.
  if (spent.rowsAffected !== 1) throw new DomainError("not_found");
  return { companyId: found.invitation.companyId, companyLabel: found.companyLabel };
}

/** Refuses an invitation: it is removed, and the company sees it no more. Only the invited account may. */
export async function declineInvitation(ctx: Ctx, input: { id: string }): Promise<void> {
  const removed = await ctx.control.delete(invitations).where(mine(signedInUser(ctx.actor), input.id));
  if (removed.rowsAffected !== 1) throw new DomainError("not_found");
}
