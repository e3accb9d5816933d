import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, type ControlDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { newId, randomToken, sha256Hex } from "../shared/ids";
import { companyRef, type Actor } from "./actor";
import { hashPassword, verifyPassword } from "./password";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const { users, sessions, memberships, companies } = controlSchema;

const signInInput = z.object({ email: z.string().trim().toLowerCase(), password: z.string() });

// Hash of a random password, checked when the email is unknown so both paths take as long.
let decoyHash: Promise<string> | undefined;

/** Checks credentials and opens a session; the returned token goes in an HttpOnly cookie. */
export async function signIn(control: ControlDb, raw: unknown, pepper: string, now = Date.now()) {
  const parsed = signInInput.safeParse(raw);
  if (!parsed.success || !parsed.data.email || !parsed.data.password) throw new DomainError("login_required");
  const { email, password } = parsed.data;
  const user = await control.query.users.findFirst({ where: eq(users.email, email) });
  if (!user) {
    decoyHash ??= hashPassword(randomToken(), pepper);
    await verifyPassword(password, await decoyHash, pepper);
    throw new DomainError("login_invalid");
  }
  if (!(await verifyPassword(password, user.passwordHash, pepper)) || !user.active) throw new DomainError("login_invalid");

  const token = randomToken();
  const expiresAt = now + SESSION_TTL_MS;
  await control.insert(sessions).values({
    id: newId(now),
    tokenHash: await sha256Hex(token),
    userId: user.id,
    companyId: user.currentCompanyId,
    expiresAt,
    createdAt: now,
  });
  return { token, expiresAt, userId: user.id };
}

/** The actor behind a session token, or null when the session is unknown, expired or revoked. */
export async function resolveSession(control: ControlDb, token: string, now = Date.now()): Promise<Actor | null> {
  const [row] = await control
    .select({ session: sessions, user: users, membership: memberships, company: companies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.companyId, sessions.companyId)))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(sessions.tokenHash, await sha256Hex(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || !row.user.active) return null;
  return {
    kind: "user",
    sessionId: row.session.id,
    userId: row.user.id,
    email: row.user.email,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    language: row.user.language,
    company: companyRef(row.company),
    permissions: row.membership.permissions,
    isAdmin: row.membership.isAdmin,
  };
}

export async function signOut(control: ControlDb, token: string, now = Date.now()): Promise<void> {
  await control.update(sessions).set({ revokedAt: now }).where(eq(sessions.tokenHash, await sha256Hex(token)));
}
