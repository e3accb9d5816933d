import { and, eq, lte } from "drizzle-orm";
import type { z } from "zod";
import { controlSchema } from "../../../db/client";
import { passwordLinkTtl } from "../identity/password-link";
import { requirePermission, type Ctx } from "../shared/ctx";
import { conflict, isUniqueViolation, parseInput } from "../shared/input";
import { assertGrantable, INVITATION_PENDING_HASH, invitationEmail, inviterNameOf, MANAGE_USERS, staffUser } from "./staff";
import type { EmailLinkInput, Profile, UserView } from "./staff";
import { InviteUserInput } from "./users-schemas";

const { users, memberships, invitations } = controlSchema;

type Invite = z.output<typeof InviteUserInput>;
type InvitedAccess = Pick<
  typeof invitations.$inferInsert,
  "companyId" | "permissions" | "userType" | "posPermissions" | "preventNegativeInventory"
>;

/**
 * Invites someone to the actor's company. A new person gets an account without a password and
 * an email with a link to choose one; someone who already has an account gets an invitation
 * they accept or decline once signed in, and is no member until then. The email goes through
 * the outbox, written with the account or invitation (decisions/013): the queue retries it
 * until the mail server takes it. The actor grants only permissions it holds.
 */
export async function inviteUser(
  ctx: Ctx,
  { baseUrl, ...raw }: EmailLinkInput & Record<string, unknown>,
): Promise<{ user: UserView; created: boolean }> {
  requirePermission(ctx, MANAGE_USERS);
  const input = parseInput(InviteUserInput, raw);
  assertGrantable(ctx.actor, input.permissions);
  const { control } = ctx;
  const companyId = ctx.actor.company.id;
  const access: InvitedAccess = {
    companyId,
    permissions: input.permissions,
    userType: input.type,
    posPermissions: input.pos_permissions,
    preventNegativeInventory: input.prevent_negative_inventory,
  };

  const existing = await control.query.users.findFirst({ where: eq(users.email, input.email) });
  if (existing) {
    const member = await control.query.memberships.findFirst({
      where: and(eq(memberships.userId, existing.id), eq(memberships.companyId, companyId)),
    });
    if (member) throw conflict("user_already_member", "email");
    return { user: await inviteExistingAccount(ctx, { userId: existing.id, input, access, baseUrl }), created: false };
  }

  const userId = ctx.newId();
  await control.batch([
    control.insert(users).values({
      id: userId,
      ...typedProfile(input),
      passwordHash: INVITATION_PENDING_HASH,
      currentCompanyId: companyId,
    }),
    control.insert(memberships).values({ userId, ...access }),
    invitationEmail(ctx, "member", { userId, baseUrl }),
  ]);
  return { user: await staffUser(ctx, userId), created: true };
}

// The profile the inviter typed: a new account's first one, or what the company sees of an invitee.
const typedProfile = (input: Invite): Profile => ({
  email: input.email,
  firstName: input.first_name,
  lastName: input.last_name,
  language: input.language,
  timezone: input.timezone,
  phone: input.phone ?? null,
});

async function inviteExistingAccount(
  ctx: Ctx,
  { userId, input, access, baseUrl }: { userId: string; input: Invite; access: InvitedAccess; baseUrl: string },
): Promise<UserView> {
  const { control } = ctx;
  const now = ctx.now();
  // An expired invitation gives way to the new one; a live one is refused (it can be sent again).
  await control
    .delete(invitations)
    .where(and(eq(invitations.userId, userId), eq(invitations.companyId, access.companyId), lte(invitations.expiresAt, now)));
  try {
    await control.batch([
      control.insert(invitations).values({
        ...access,
        ...typedProfile(input),
        inviterName: inviterNameOf(ctx.actor),
        id: ctx.newId(),
        userId,
        expiresAt: now + passwordLinkTtl("invitation"),
        createdAt: now,
      }),
      invitationEmail(ctx, "invitee", { userId, baseUrl }),
    ]);
  } catch (error) {
    // Two invitations of one person at once: the unique index keeps one.
    if (isUniqueViolation(error, "invitations.user_id")) throw conflict("invitation_already_pending", "email");
    throw error;
  }
  return staffUser(ctx, userId);
}
