import { and, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import { controlSchema, type ControlDb } from "../../../db/client";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { conflict, fieldError, isUniqueViolation, parseInput } from "../shared/input";
import { assertGrantable, requireSelfOrManager, staffEntry, staffUser, type UserRow, type UserView } from "./staff";
import { PROFILE_KEYS, UpdateUserInput } from "./users-schemas";

const { users, memberships, invitations } = controlSchema;

/**
 * Changes a user of the actor's company. Personal fields (names, email, phone, language, time
 * zone) are changed only by the user, on their own account: anyone else sending one is refused
 * with `profile_not_editable`, administrators included. Access (active, type, permissions, POS
 * options) is changed only on someone else, with the settings permission; only an
 * administrator changes an administrator, and an API token never changes its creator's
 * (`api_token_creator_access`). Someone invited who has not accepted yet has their
 * invitation's access changed (not `active`, which only a member has).
 */
export async function updateUser(ctx: Ctx, { id: userId, ...raw }: { id: string } & Record<string, unknown>): Promise<UserView> {
  const { actor, control } = ctx;
  const { self } = requireSelfOrManager(ctx, userId);
  const entry = await staffEntry(ctx, userId);
  if (!entry) throw new DomainError("not_found");

  const input = parseInput(UpdateUserInput, raw);
  const sent = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
  const accessKeys = sent.filter((k) => !PROFILE_KEYS.has(k));
  if (self && accessKeys.length) throw fieldError(accessKeys[0]!, "cannot_change_own_access");
  // A token must not restore (or end) the access its own rights come from.
  if (actor.kind === "api_token" && actor.creatorId === userId && accessKeys.length) throw new DomainError("api_token_creator_access");
  const current = entry.kind === "member" ? entry.membership : { ...entry.invitation, isAdmin: false };
  if (current.isAdmin && !(actor.kind === "user" && actor.isAdmin)) throw new DomainError("forbidden");

  if (self) {
    if (entry.kind === "member") await updateOwnProfile(control, entry.user, input);
    return staffUser(ctx, userId);
  }

  const personal = sent.filter((k) => PROFILE_KEYS.has(k));
  if (personal.length)
    throw new DomainError("profile_not_editable", {}, Object.fromEntries(personal.map((k) => [k, { code: "profile_not_editable" }])));
  if (entry.kind === "invitee" && input.active !== undefined) throw fieldError("active", "invitation_not_accepted");
  if (input.permissions) {
    const before = new Set(current.permissions);
    const after = new Set(input.permissions);
    assertGrantable(actor, [
      ...input.permissions.filter((p) => !before.has(p)),
      ...current.permissions.filter((p) => !after.has(p as never)),
    ]);
  }
  const accessChanges = {
    ...(input.type !== undefined ? { userType: input.type } : {}),
    ...(input.permissions !== undefined ? { permissions: input.permissions } : {}),
    ...(input.pos_permissions !== undefined ? { posPermissions: input.pos_permissions } : {}),
    ...(input.prevent_negative_inventory !== undefined ? { preventNegativeInventory: input.prevent_negative_inventory } : {}),
  };
  if (entry.kind === "invitee") {
    if (Object.keys(accessChanges).length)
      await control.update(invitations).set(accessChanges).where(eq(invitations.id, entry.invitation.id));
  } else if (Object.keys(accessChanges).length || input.active !== undefined) {
    await control
      .update(memberships)
      .set({ ...accessChanges, ...(input.active !== undefined ? { active: input.active } : {}) })
      .where(and(eq(memberships.userId, userId), eq(memberships.companyId, actor.company.id)));
  }
  return staffUser(ctx, userId);
}

async function updateOwnProfile(control: ControlDb, user: UserRow, input: z.output<typeof UpdateUserInput>): Promise<void> {
  if (input.email !== undefined && input.email !== user.email) {
    const taken = await control.query.users.findFirst({ where: and(eq(users.email, input.email), ne(users.id, user.id)) });
    if (taken) throw conflict("email_taken", "email");
  }
  const changes = {
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
    ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
    ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
  };
  if (!Object.keys(changes).length) return;
  try {
    await control.update(users).set(changes).where(eq(users.id, user.id));
  } catch (error) {
    // Two changes of one email at once: the unique index decides.
    if (isUniqueViolation(error, "users.email")) throw conflict("email_taken", "email");
    throw error;
  }
}
