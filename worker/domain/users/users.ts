import { and, asc, eq, isNull, lte, ne } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, type ControlDb } from "../../../db/client";
import type { Actor } from "../identity/actor";
import { passwordLinkTtl } from "../identity/password-link";
import { ALL_PERMISSIONS, hasPermissions } from "../identity/permissions";
import { conflict, fieldError, isUniqueViolation, parseInput } from "../shared/input";
import { DomainError } from "../shared/domain-error";
import { newId } from "../shared/ids";
import { LOCALES } from "../shared/locale";
import { controlOutboxRow } from "../shared/outbox";
import { assertPlainText } from "../shared/plain-text";
import { liveCompanyInvitations, liveInvitation, type InvitationRow } from "./company-invitations";
import { POS_PERMISSIONS } from "./permission-groups";

const { users, memberships, invitations } = controlSchema;

/**
 * The password of an invited user who has not chosen one yet: no password verifies against
 * it, and choosing one through the invitation link replaces it.
 */
export const INVITATION_PENDING_HASH = "!invitation-pending";

/** A staff user of a company as the API and the screens show it (platform spec §3, domain spec §3). */
export interface UserView {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  language: "en" | "fr";
  timezone: string;
  phone: string | null;
  active: boolean;
  type: "regularUser" | "accountRepresentative";
  is_admin: boolean;
  permissions: string[];
  pos_permissions: string[];
  prevent_negative_inventory: boolean;
  invitation_pending: boolean;
  /** False while someone who already has an account has not accepted the invitation: not a member yet. */
  member: boolean;
}

type UserRow = typeof users.$inferSelect;
type MembershipRow = typeof memberships.$inferSelect;

type Profile = Pick<UserRow, "email" | "firstName" | "lastName" | "language" | "timezone" | "phone">;
type Access = Pick<MembershipRow, "userType" | "permissions" | "posPermissions" | "preventNegativeInventory">;
type State = Pick<UserView, "active" | "is_admin" | "invitation_pending" | "member">;

function staffView(id: string, profile: Profile, access: Access, state: State): UserView {
  return {
    id,
    email: profile.email,
    first_name: profile.firstName,
    last_name: profile.lastName,
    display_name: `${profile.firstName} ${profile.lastName}`.trim(),
    language: profile.language,
    timezone: profile.timezone,
    phone: profile.phone,
    type: access.userType,
    permissions: access.permissions,
    pos_permissions: access.posPermissions,
    prevent_negative_inventory: access.preventNegativeInventory,
    ...state,
  };
}

function view(user: UserRow, membership: MembershipRow): UserView {
  return staffView(user.id, user, membership, {
    active: user.active && membership.active,
    is_admin: membership.isAdmin,
    invitation_pending: user.passwordHash === INVITATION_PENDING_HASH,
    member: true,
  });
}

// Until accepted, the company sees what the inviter typed, never the account's own profile.
function inviteeView(invitation: InvitationRow): UserView {
  return staffView(invitation.userId, invitation, invitation, { active: true, is_admin: false, invitation_pending: true, member: false });
}

/** Whether a time zone name is one the runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const name = z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long");
const email = z.string({ error: "required" }).trim().toLowerCase().min(1, "required").max(320, "too_long").pipe(z.email("invalid_email"));
const permissionList = z
  .array(z.enum(ALL_PERMISSIONS, { error: "unknown_permission" }), { error: "invalid" })
  .max(ALL_PERMISSIONS.length)
  .transform((list) => [...new Set(list)]);
const posPermissionList = z
  .array(z.enum(POS_PERMISSIONS, { error: "unknown_permission" }), { error: "invalid" })
  .max(POS_PERMISSIONS.length)
  .transform((list) => [...new Set(list)]);

// The profile: what a user may change on their own account without the settings permission.
const profileFields = {
  first_name: name,
  last_name: name,
  language: z.enum(LOCALES, { error: "invalid_language" }),
  timezone: z.string({ error: "required" }).trim().min(1, "required").max(64, "too_long").refine(isTimeZone, "invalid_timezone"),
  phone: z
    .string()
    .trim()
    .max(40, "too_long")
    .regex(/^([+0-9 ().-]{6,})?$/, "invalid_phone")
    .nullable()
    .transform((v) => v || null),
};

// What only someone holding the settings permission may change, and only on someone else's account.
const accessFields = {
  active: z.boolean({ error: "invalid" }),
  type: z.enum(["regularUser", "accountRepresentative"], { error: "invalid" }),
  permissions: permissionList,
  pos_permissions: posPermissionList,
  prevent_negative_inventory: z.boolean({ error: "invalid" }),
};

export const InviteUserInput = z.object({
  email,
  first_name: name,
  last_name: name,
  language: profileFields.language.default("en"),
  timezone: profileFields.timezone.default("UTC"),
  phone: profileFields.phone.optional(),
  type: accessFields.type.default("regularUser"),
  permissions: permissionList.default([]),
  pos_permissions: posPermissionList.default([]),
  prevent_negative_inventory: accessFields.prevent_negative_inventory.default(false),
});
export type InviteUserInput = z.input<typeof InviteUserInput>;

export const UpdateUserInput = z.strictObject(
  { email: email.optional(), ...partial(profileFields), ...partial(accessFields) },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "unknown_field" : "invalid") },
);
export type UpdateUserInput = z.input<typeof UpdateUserInput>;

function partial<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };
}

// Personal fields: only the user changes them, on their own account (nobody else, not even an administrator).
const PROFILE_KEYS = new Set(["first_name", "last_name", "language", "timezone", "phone", "email"]);

/** The permissions an actor may grant or take away: only those it holds itself. */
function assertGrantable(actor: Actor, changed: readonly string[]): void {
  if (changed.some((p) => !actor.permissions.includes(p))) throw fieldError("permissions", "permission_not_held");
}

async function membershipRow(control: ControlDb, companyId: string, userId: string) {
  const [row] = await control
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId), isNull(memberships.customerId)))
    .limit(1);
  return row;
}

type StaffEntry = { kind: "member"; user: UserRow; membership: MembershipRow } | { kind: "invitee"; invitation: InvitationRow };

/** A staff member of the company, or someone invited there who has not accepted yet. */
async function staffEntry(control: ControlDb, companyId: string, userId: string): Promise<StaffEntry | undefined> {
  const row = await membershipRow(control, companyId, userId);
  if (row) return { kind: "member", ...row };
  const invitation = await liveInvitation(control, companyId, userId);
  return invitation ? { kind: "invitee", invitation } : undefined;
}

const entryView = (entry: StaffEntry) => (entry.kind === "member" ? view(entry.user, entry.membership) : inviteeView(entry.invitation));
const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
// The order the database gives members (binary, by last name, first name, id), for the merged list.
const byName = (a: UserView, b: UserView) =>
  compare(a.last_name, b.last_name) || compare(a.first_name, b.first_name) || compare(a.id, b.id);

/** The company's staff users (B2B users excluded) and the people invited who have not accepted yet, by name. */
export async function listUsers(control: ControlDb, companyId: string): Promise<UserView[]> {
  const [rows, pending] = await Promise.all([
    control
      .select({ user: users, membership: memberships })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, companyId), isNull(memberships.customerId)))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    liveCompanyInvitations(control, companyId),
  ]);
  const members = rows.map((r) => view(r.user, r.membership));
  return pending.length ? [...members, ...pending.map(inviteeView)].sort(byName) : members;
}

/** One staff user of the company, or someone invited there; `not_found` for anyone else (another company's, or a B2B user). */
export async function getUser(control: ControlDb, companyId: string, userId: string): Promise<UserView> {
  const entry = await staffEntry(control, companyId, userId);
  if (!entry) throw new DomainError("not_found");
  return entryView(entry);
}

// An API token invites in the company's name.
const inviterNameOf = (actor: Actor) => (actor.kind === "user" ? `${actor.firstName} ${actor.lastName}`.trim() : actor.company.label);

export interface InviteDeps {
  control: ControlDb;
  /** Public address the emailed link starts with: APP_URL, else the request's origin. */
  baseUrl: string;
}

/**
 * Invites someone to the actor's company. A new person gets an account without a password and
 * an email with a link to choose one; someone who already has an account gets an invitation
 * they accept or decline once signed in, and is no member until then. The email goes through
 * the outbox, written with the account or invitation (decisions/013): the queue retries it
 * until the mail server takes it. The actor grants only permissions it holds.
 */
export async function inviteUser(deps: InviteDeps, actor: Actor, raw: unknown): Promise<{ user: UserView; created: boolean }> {
  assertPlainText(raw);
  const parsed = InviteUserInput.safeParse(raw ?? {});
  if (!parsed.success) throw DomainError.fromZod(parsed.error);
  const input = parsed.data;
  assertGrantable(actor, input.permissions);
  const companyId = actor.company.id;
  const access = {
    companyId,
    permissions: input.permissions,
    userType: input.type,
    posPermissions: input.pos_permissions,
    preventNegativeInventory: input.prevent_negative_inventory,
  };
  const inviterName = inviterNameOf(actor);

  const existing = await deps.control.query.users.findFirst({ where: eq(users.email, input.email) });
  if (existing) {
    const member = await deps.control.query.memberships.findFirst({
      where: and(eq(memberships.userId, existing.id), eq(memberships.companyId, companyId)),
    });
    if (member) throw conflict("user_already_member", "email");
    return { user: await inviteExistingAccount(deps, actor, existing.id, input, { ...access, inviterName }), created: false };
  }

  const userId = newId();
  await deps.control.batch([
    deps.control.insert(users).values({
      id: userId,
      ...typedProfile(input),
      passwordHash: INVITATION_PENDING_HASH,
      currentCompanyId: companyId,
    }),
    deps.control.insert(memberships).values({ userId, ...access }),
    invitationEmail(deps, "member", { userId, companyLabel: actor.company.label, inviterName }),
  ]);
  return { user: await getUser(deps.control, companyId, userId), created: true };
}

// The profile the inviter typed: a new account's first one, or what the company sees of an invitee.
const typedProfile = (input: z.output<typeof InviteUserInput>): Profile => ({
  email: input.email,
  firstName: input.first_name,
  lastName: input.last_name,
  language: input.language,
  timezone: input.timezone,
  phone: input.phone ?? null,
});

async function inviteExistingAccount(
  deps: InviteDeps,
  actor: Actor,
  userId: string,
  input: z.output<typeof InviteUserInput>,
  access: Pick<
    typeof invitations.$inferInsert,
    "companyId" | "permissions" | "userType" | "posPermissions" | "preventNegativeInventory" | "inviterName"
  >,
): Promise<UserView> {
  const now = Date.now();
  const companyId = actor.company.id;
  // An expired invitation gives way to the new one; a live one is refused (it can be sent again).
  await deps.control
    .delete(invitations)
    .where(and(eq(invitations.userId, userId), eq(invitations.companyId, companyId), lte(invitations.expiresAt, now)));
  const id = newId(now);
  try {
    await deps.control.batch([
      deps.control.insert(invitations).values({
        ...access,
        ...typedProfile(input),
        id,
        userId,
        expiresAt: now + passwordLinkTtl("invitation"),
        createdAt: now,
      }),
      invitationEmail(deps, "invitee", { userId, companyLabel: actor.company.label, inviterName: access.inviterName }),
    ]);
  } catch (error) {
    // Two invitations of one person at once: the unique index keeps one.
    if (isUniqueViolation(error, "invitations.user_id")) throw conflict("invitation_already_pending", "email");
    throw error;
  }
  return getUser(deps.control, companyId, userId);
}

/**
 * Sends a pending invitation again: a new password link to a new account (the old link works
 * too until used), or the invitation of an existing account, whose expiry starts over.
 */
export async function resendInvitation(deps: InviteDeps, actor: Actor, userId: string): Promise<void> {
  const entry = await staffEntry(deps.control, actor.company.id, userId);
  if (!entry) throw new DomainError("not_found");
  if (!entryView(entry).invitation_pending) throw new DomainError("invitation_not_pending");
  const invitation = { userId, companyLabel: actor.company.label, inviterName: inviterNameOf(actor) };
  if (entry.kind === "member") {
    await invitationEmail(deps, "member", invitation);
    return;
  }
  await deps.control.batch([
    deps.control
      .update(invitations)
      .set({ expiresAt: Date.now() + passwordLinkTtl("invitation") })
      .where(eq(invitations.id, entry.invitation.id)),
    invitationEmail(deps, "invitee", invitation),
  ]);
}

/** The outbox row of an invitation email: a password link for a new account, else the invitations page. */
function invitationEmail(deps: InviteDeps, kind: StaffEntry["kind"], input: { userId: string; companyLabel: string; inviterName: string }) {
  return controlOutboxRow(deps.control, kind === "member" ? "email.invitation" : "email.company_invitation", {
    ...input,
    baseUrl: deps.baseUrl,
  });
}

/**
 * Changes a user of the actor's company. Personal fields (names, email, phone, language, time
 * zone) are changed only by the user, on their own account: anyone else sending one is refused
 * with `profile_not_editable`, administrators included. Access (active, type, permissions, POS
 * options) is changed only on someone else, with the settings permission; only an
 * administrator changes an administrator. Someone invited who has not accepted yet has their
 * invitation's access changed (not `active`, which only a member has).
 */
export async function updateUser(control: ControlDb, actor: Actor, userId: string, raw: unknown): Promise<UserView> {
  const self = actor.kind === "user" && actor.userId === userId;
  const canManage = hasPermissions(actor.permissions, { allOf: ["settings"] });
  if (!self && !canManage) throw new DomainError("forbidden");
  const entry = await staffEntry(control, actor.company.id, userId);
  if (!entry) throw new DomainError("not_found");

  const input = parseInput(UpdateUserInput, raw);
  const sent = Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined);
  const accessKeys = sent.filter((k) => !PROFILE_KEYS.has(k));
  if (self && accessKeys.length) throw fieldError(accessKeys[0]!, "cannot_change_own_access");
  const current = entry.kind === "member" ? entry.membership : { ...entry.invitation, isAdmin: false };
  if (current.isAdmin && !(actor.kind === "user" && actor.isAdmin)) throw new DomainError("forbidden");

  if (self) {
    if (entry.kind === "member") await updateOwnProfile(control, entry.user, input);
    return getUser(control, actor.company.id, userId);
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
  return getUser(control, actor.company.id, userId);
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
