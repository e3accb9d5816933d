import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, type ControlDb } from "../../../db/client";
import type { Mailer } from "../../integrations/mail/mailer";
import type { Actor } from "../identity/actor";
import { sendInvitation } from "../identity/invitations";
import { ALL_PERMISSIONS, hasPermissions } from "../identity/permissions";
import { DomainError } from "../shared/domain-error";
import { newId } from "../shared/ids";
import { LOCALES } from "../shared/locale";
import { assertPlainText } from "../shared/plain-text";
import { POS_PERMISSIONS } from "./permission-groups";

const { users, memberships } = controlSchema;

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
}

type UserRow = typeof users.$inferSelect;
type MembershipRow = typeof memberships.$inferSelect;

function view(user: UserRow, membership: MembershipRow): UserView {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    display_name: `${user.firstName} ${user.lastName}`.trim(),
    language: user.language,
    timezone: user.timezone,
    phone: user.phone,
    active: user.active && membership.active,
    type: membership.userType,
    is_admin: membership.isAdmin,
    permissions: membership.permissions,
    pos_permissions: membership.posPermissions,
    prevent_negative_inventory: membership.preventNegativeInventory,
    invitation_pending: user.passwordHash === INVITATION_PENDING_HASH,
  };
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

// What only someone holding the settings permission may change, and never on their own account.
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

const PROFILE_KEYS = new Set(["first_name", "last_name", "language", "timezone", "phone", "email"]);

function fieldError(field: string, code: string): DomainError {
  return new DomainError("validation_failed", {}, { [field]: { code } });
}

// A conflict with existing data rather than bad input: its own code (HTTP 409), naming the field.
function conflict(field: string, code: string): DomainError {
  return new DomainError(code, {}, { [field]: { code } });
}

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

/** The company's staff users (B2B users excluded), by name. */
export async function listUsers(control: ControlDb, companyId: string): Promise<UserView[]> {
  const rows = await control
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), isNull(memberships.customerId)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map((r) => view(r.user, r.membership));
}

/** One staff user of the company; `not_found` for anyone else (another company's, or a B2B user). */
export async function getUser(control: ControlDb, companyId: string, userId: string): Promise<UserView> {
  const row = await membershipRow(control, companyId, userId);
  if (!row) throw new DomainError("not_found");
  return view(row.user, row.membership);
}

export interface InviteDeps {
  control: ControlDb;
  mailer: Mailer;
  secret: string;
  baseUrl: string;
}

/**
 * Gives someone access to the actor's company. A new person gets an account without a
 * password and an email with a link to choose one (nothing is kept if that email cannot be
 * sent); someone who already has an account simply gains this company. The actor grants only
 * permissions it holds.
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

  const existing = await deps.control.query.users.findFirst({ where: eq(users.email, input.email) });
  if (existing) {
    const member = await deps.control.query.memberships.findFirst({
      where: and(eq(memberships.userId, existing.id), eq(memberships.companyId, companyId)),
    });
    if (member) throw conflict("email", "user_already_member");
    await deps.control.insert(memberships).values({ userId: existing.id, ...access });
    return { user: await getUser(deps.control, companyId, existing.id), created: false };
  }

  const userId = newId();
  await deps.control.batch([
    deps.control.insert(users).values({
      id: userId,
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      language: input.language,
      timezone: input.timezone,
      phone: input.phone ?? null,
      passwordHash: INVITATION_PENDING_HASH,
      currentCompanyId: companyId,
    }),
    deps.control.insert(memberships).values({ userId, ...access }),
  ]);
  const inviterName = actor.kind === "user" ? `${actor.firstName} ${actor.lastName}`.trim() : actor.company.label;
  try {
    await sendInvitation(deps, { userId, companyLabel: actor.company.label, inviterName });
  } catch (error) {
    // Without the email nobody can use the account: take it back so the invitation can be retried.
    await deps.control.delete(users).where(eq(users.id, userId));
    throw error;
  }
  return { user: await getUser(deps.control, companyId, userId), created: true };
}

/** Sends a pending invitation again (the new link works; so does the old one until used). */
export async function resendInvitation(deps: InviteDeps, actor: Actor, userId: string): Promise<void> {
  const user = await getUser(deps.control, actor.company.id, userId);
  if (!user.invitation_pending) throw new DomainError("invitation_not_pending");
  const inviterName = actor.kind === "user" ? `${actor.firstName} ${actor.lastName}`.trim() : actor.company.label;
  await sendInvitation(deps, { userId, companyLabel: actor.company.label, inviterName });
}

/**
 * Changes a user of the actor's company. Anyone may change their own profile (names,
 * language, time zone, phone, email); changing someone else, or access (active, type,
 * permissions, POS options), needs the settings permission, never applies to oneself, and
 * only an administrator may change an administrator. Someone else's email may be corrected
 * only while their invitation is pending and they belong to no other company.
 */
export async function updateUser(control: ControlDb, actor: Actor, userId: string, raw: unknown): Promise<UserView> {
  const self = actor.kind === "user" && actor.userId === userId;
  const canManage = hasPermissions(actor.permissions, { allOf: ["settings"] });
  if (!self && !canManage) throw new DomainError("forbidden");
  const row = await membershipRow(control, actor.company.id, userId);
  if (!row) throw new DomainError("not_found");

  assertPlainText(raw);
  const parsed = UpdateUserInput.safeParse(raw ?? {});
  if (!parsed.success) throw DomainError.fromZod(parsed.error);
  const input = parsed.data;
  const accessKeys = Object.keys(input).filter((k) => !PROFILE_KEYS.has(k) && input[k as keyof typeof input] !== undefined);
  if (self && accessKeys.length) throw fieldError(accessKeys[0]!, "cannot_change_own_access");
  if (row.membership.isAdmin && !(actor.kind === "user" && actor.isAdmin)) throw new DomainError("forbidden");
  if (input.permissions) {
    const before = new Set(row.membership.permissions);
    const after = new Set(input.permissions);
    assertGrantable(actor, [
      ...input.permissions.filter((p) => !before.has(p)),
      ...row.membership.permissions.filter((p) => !after.has(p as never)),
    ]);
  }

  if (input.email !== undefined && input.email !== row.user.email) {
    if (!self) {
      const companies = await control.select({ id: memberships.companyId }).from(memberships).where(eq(memberships.userId, userId));
      if (row.user.passwordHash !== INVITATION_PENDING_HASH || companies.length > 1) throw fieldError("email", "email_not_editable");
    }
    const taken = await control.query.users.findFirst({ where: and(eq(users.email, input.email), ne(users.id, userId)) });
    if (taken) throw conflict("email", "email_taken");
  }

  const userChanges = {
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
    ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
    ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
  };
  const membershipChanges = {
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.type !== undefined ? { userType: input.type } : {}),
    ...(input.permissions !== undefined ? { permissions: input.permissions } : {}),
    ...(input.pos_permissions !== undefined ? { posPermissions: input.pos_permissions } : {}),
    ...(input.prevent_negative_inventory !== undefined ? { preventNegativeInventory: input.prevent_negative_inventory } : {}),
  };
  const writes = [
    ...(Object.keys(userChanges).length ? [control.update(users).set(userChanges).where(eq(users.id, userId))] : []),
    ...(Object.keys(membershipChanges).length
      ? [
          control
            .update(memberships)
            .set(membershipChanges)
            .where(and(eq(memberships.userId, userId), eq(memberships.companyId, actor.company.id))),
        ]
      : []),
  ];
  if (writes.length) {
    try {
      await control.batch(writes as [(typeof writes)[number], ...(typeof writes)[number][]]);
    } catch (error) {
      // Two changes of one email at once: the unique index decides.
      if (String(error).includes("UNIQUE") && input.email) throw conflict("email", "email_taken");
      throw error;
    }
  }
  return getUser(control, actor.company.id, userId);
}
