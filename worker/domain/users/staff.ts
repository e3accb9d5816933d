// What the user verbs share: how a staff member (or someone invited) is found and shown, who may
// see or change whom, and the invitation email each invitation puts in the outbox.
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { controlSchema, keptSelect, type ControlDb } from "../../../db/client";
import type { Actor } from "../identity/actor";
import { grantableBy } from "../identity/permissions";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { fieldError } from "../shared/input";
import { liveCompanyInvitations, liveInvitation, type InvitationRow } from "./company-invitations";

const { users, memberships } = controlSchema;

/**
 * The password of an invited user who has not chosen one yet: no password verifies against
 * it, and choosing one through the invitation link replaces it.
 */
export const INVITATION_PENDING_HASH = "!invitation-pending";

/** Managing the company's users (their list, their access, invitations) needs this. */
export const MANAGE_USERS = { allOf: ["settings"] } as const;

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

export type UserRow = typeof users.$inferSelect;
type MembershipRow = typeof memberships.$inferSelect;

export type Profile = Pick<UserRow, "email" | "firstName" | "lastName" | "language" | "timezone" | "phone">;
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

/** The permissions an actor may grant or take away: only those it holds itself (grantableBy). */
export function assertGrantable(actor: Actor, changed: readonly string[]): void {
  const grantable = grantableBy({ permissions: actor.permissions, isAdmin: actor.kind === "user" && actor.isAdmin });
  if (changed.some((p) => !grantable.includes(p))) throw fieldError("permissions", "permission_not_held");
}

/** One's own record needs no permission; anyone else's needs the settings permission. */
export function requireSelfOrManager(ctx: Pick<Ctx, "actor">, userId: string): { self: boolean } {
  const self = ctx.actor.kind === "user" && ctx.actor.userId === userId;
  if (!self) requirePermission(ctx, MANAGE_USERS);
  return { self };
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

export type StaffEntry = { kind: "member"; user: UserRow; membership: MembershipRow } | { kind: "invitee"; invitation: InvitationRow };

/** A staff member of the actor's company, or someone invited there who has not accepted yet. */
export async function staffEntry(ctx: Ctx, userId: string): Promise<StaffEntry | undefined> {
  const row = await membershipRow(ctx.control, ctx.actor.company.id, userId);
  if (row) return { kind: "member", ...row };
  const invitation = await liveInvitation(ctx.control, ctx.actor.company.id, userId, ctx.now());
  return invitation ? { kind: "invitee", invitation } : undefined;
}

export const entryView = (entry: StaffEntry) =>
  entry.kind === "member" ? view(entry.user, entry.membership) : inviteeView(entry.invitation);

/** The user as shown, after a change; `not_found` for anyone who is not the company's staff or invitee. */
export async function staffUser(ctx: Ctx, userId: string): Promise<UserView> {
  const entry = await staffEntry(ctx, userId);
  if (!entry) throw new DomainError("not_found");
  return entryView(entry);
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
// The order the database gives members (binary, by last name, first name, id), for the merged list.
const byName = (a: UserView, b: UserView) =>
  compare(a.last_name, b.last_name) || compare(a.first_name, b.first_name) || compare(a.id, b.id);

/**
 * A company's staff users (B2B users excluded) and the people invited who have not accepted yet,
 * by name. Not a verb: pages that only name people ("who" columns, the dashboard's count) read it.
 */
export async function companyStaff(control: ControlDb, companyId: string, now = Date.now()): Promise<UserView[]> {
  const [rows, pending] = await Promise.all([
    control
      .select({ user: users, membership: memberships })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, companyId), isNull(memberships.customerId)))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
    liveCompanyInvitations(control, companyId, now),
  ]);
  const members = rows.map((r) => view(r.user, r.membership));
  return pending.length ? [...members, ...pending.map(inviteeView)].sort(byName) : members;
}

// The dashboard shows it to administrators at every visit: one count, built once per isolate.
const readActiveStaffCount = keptSelect((control: ControlDb) =>
  control
    .select({ n: sql<number>`count(*)` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.companyId, sql.placeholder("companyId") as unknown as string),
        isNull(memberships.customerId),
        eq(users.active, true),
        eq(memberships.active, true),
        ne(users.passwordHash, INVITATION_PENDING_HASH),
      ),
    ),
);

/**
 * How many of `companyStaff` are active members: their account and membership active, their
 * invitation accepted (neither an account an invitation made and nobody opened yet, nor an
 * existing account invited and not yet answering, counts).
 */
export async function activeStaffCount(control: ControlDb, companyId: string): Promise<number> {
  const [row] = await readActiveStaffCount(control, { companyId });
  return Number(row?.n ?? 0);
}

// An API token invites in the company's name.
export const inviterNameOf = (actor: Actor) =>
  actor.kind === "user" ? `${actor.firstName} ${actor.lastName}`.trim() : actor.company.label;

/** Where the emailed link starts: APP_URL, else the request's origin (the caller knows it). */
export interface EmailLinkInput {
  baseUrl: string;
}

/** The outbox row of an invitation email: a password link for a new account, else the invitations page. */
export function invitationEmail(ctx: Ctx, kind: StaffEntry["kind"], input: { userId: string; baseUrl: string; message?: string | null }) {
  return ctx.outbox.control(kind === "member" ? "email.invitation" : "email.company_invitation", {
    ...input,
    companyLabel: ctx.actor.company.label,
    inviterName: inviterNameOf(ctx.actor),
  });
}
