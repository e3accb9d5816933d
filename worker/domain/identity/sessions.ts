import { and, asc, eq, gt, isNull, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, keptSelect, type ControlDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { newId, randomToken, sha256Hex } from "../shared/ids";
import { membershipForbidsSellingOutOfStock } from "../stock/selling-rule";
import type { UserActor } from "./actor";
import { issueDeviceCookie, trustedDevice } from "./device-cookies";
import { hashPassword, verifyPassword } from "./password";
import { reserveOrRefuse, type AttemptLimiter, type LimitKey } from "./sign-in-limits";

/** Access tokens live an hour; a session (its refresh tokens) 30 days from sign-in. */
export const ACCESS_TOKEN_TTL_S = 3600;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Browsers refresh when fewer than this many seconds remain (platform spec §9). */
export const REFRESH_THRESHOLD_S = 1800;
/**
 * A refresh token presented again within this time after its rotation is refused without
 * ending the session: two tabs refreshing at once. Later, a reuse means theft and ends it.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const ACCESS_PREFIX = "at_";
const REFRESH_PREFIX = "rt_";
const { users, sessions, sessionTokens, memberships, companies } = controlSchema;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  tokenType: "Bearer";
  expiresIn: number;
  /** Milliseconds since the epoch when the access token expires. */
  expiresAt: number;
  sessionId: string;
  userId: string;
}

export interface SignedIn extends TokenPair {
  /** The user's saved language, which the UI switches to. */
  language: "en" | "fr";
}

export interface SignInDeps {
  control: ControlDb;
  pepper: string;
  limiter?: AttemptLimiter;
  /** The caller's network address, counted separately from the account. */
  address?: string | null;
  /** Browsers only: the device cookie presented, and the secret that signs device cookies. */
  device?: { cookie: string | undefined; secret: string };
  now?: number;
}

const signInInput = z.object({ email: z.string().trim().toLowerCase(), password: z.string() });

// Hash of a random password, checked when the email is unknown so both paths take as long.
let decoyHash: Promise<string> | undefined;

async function newTokens(control: ControlDb, sessionId: string, userId: string, now: number, refreshExpiresAt: number) {
  const accessToken = ACCESS_PREFIX + randomToken();
  const refreshToken = REFRESH_PREFIX + randomToken();
  const expiresAt = now + ACCESS_TOKEN_TTL_S * 1000;
  const rows = [
    { id: newId(now), sessionId, kind: "access" as const, tokenHash: await sha256Hex(accessToken), expiresAt, createdAt: now },
    {
      id: newId(now),
      sessionId,
      kind: "refresh" as const,
      tokenHash: await sha256Hex(refreshToken),
      expiresAt: refreshExpiresAt,
      createdAt: now,
    },
  ];
  const pair: TokenPair = { accessToken, refreshToken, tokenType: "Bearer", expiresIn: ACCESS_TOKEN_TTL_S, expiresAt, sessionId, userId };
  return { rows, pair };
}

/** The company a user signs in to: the last one used if still allowed, else the first allowed. */
async function companyForSignIn(control: ControlDb, user: { id: string; currentCompanyId: string | null }) {
  const rows = await control
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, user.id), eq(memberships.active, true)))
    .orderBy(asc(memberships.createdAt));
  if (rows.some((r) => r.companyId === user.currentCompanyId)) return user.currentCompanyId;
  return rows[0]?.companyId ?? null;
}

/** Opens a session for a user already authenticated (signup, password set). */
export async function startSession(control: ControlDb, userId: string, now = Date.now()): Promise<SignedIn> {
  const user = await control.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user || !user.active) throw new DomainError("login_invalid");
  const companyId = await companyForSignIn(control, user);
  if (!companyId) throw new DomainError("login_invalid");
  const sessionId = newId(now);
  const sessionExpiresAt = now + SESSION_TTL_MS;
  const { rows, pair } = await newTokens(control, sessionId, user.id, now, sessionExpiresAt);
  await control.batch([
    control.insert(sessions).values({ id: sessionId, userId: user.id, companyId, expiresAt: sessionExpiresAt, createdAt: now }),
    control.insert(sessionTokens).values(rows),
    control.update(users).set({ currentCompanyId: companyId }).where(eq(users.id, user.id)),
  ]);
  return { ...pair, language: user.language };
}

/**
 * Checks credentials and opens a session. Each attempt is reserved in the limiter before the
 * password is checked, per address and per account, or per device when the browser shows a
 * device cookie for this login (then the account's lock of other clients does not hold it).
 * A browser signing in gets a new device cookie.
 */
export async function signIn(deps: SignInDeps, raw: unknown): Promise<SignedIn & { deviceCookie?: string }> {
  const now = deps.now ?? Date.now();
  const parsed = signInInput.safeParse(raw);
  if (!parsed.success || !parsed.data.email || !parsed.data.password) throw new DomainError("login_required");
  const { email, password } = parsed.data;
  const device = deps.device ? await trustedDevice(deps.device.secret, deps.device.cookie, email) : null;
  const counted: LimitKey = device ? { kind: "device", value: device } : { kind: "account", value: email };
  const keys = deps.address ? [counted, { kind: "address" as const, value: deps.address }] : [counted];
  // The reservation counts as a failure unless the password turns out right.
  const reservation = deps.limiter ? await reserveOrRefuse(deps.limiter, keys, "login_rate_limited") : null;

  const user = await deps.control.query.users.findFirst({ where: eq(users.email, email) });
  let valid: boolean;
  if (!user) {
    decoyHash ??= hashPassword(randomToken(), deps.pepper);
    await verifyPassword(password, await decoyHash, deps.pepper);
    valid = false;
  } else valid = (await verifyPassword(password, user.passwordHash, deps.pepper)) && user.active;
  if (!valid || !user) throw new DomainError("login_invalid");
  if (deps.limiter && reservation) await Promise.all([deps.limiter.release(reservation), deps.limiter.clear(counted)]);
  const session = await startSession(deps.control, user.id, now);
  return deps.device ? { ...session, deviceCookie: await issueDeviceCookie(deps.device.secret, email) } : session;
}

/**
 * Exchanges a refresh token for a new pair; the old one is spent. A spent token presented
 * again (after the grace for simultaneous refreshes) ends the whole session.
 */
export async function refreshSession(control: ControlDb, refreshToken: string, now = Date.now()): Promise<TokenPair> {
  if (!refreshToken.startsWith(REFRESH_PREFIX)) throw new DomainError("refresh_invalid");
  const [row] = await control
    .select({ token: sessionTokens, session: sessions })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .where(and(eq(sessionTokens.tokenHash, await sha256Hex(refreshToken)), eq(sessionTokens.kind, "refresh")))
    .limit(1);
  if (!row || row.session.revokedAt !== null || row.session.expiresAt <= now || row.token.expiresAt <= now)
    throw new DomainError("refresh_invalid");
  if (row.token.rotatedAt !== null) {
    if (now - row.token.rotatedAt > REFRESH_REUSE_GRACE_MS) {
      await control.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.session.id));
      throw new DomainError("refresh_reused");
    }
    throw new DomainError("refresh_invalid");
  }
  // Spend the token first; only the request that wins this update gets the new pair.
  const spent = await control
    .update(sessionTokens)
    .set({ rotatedAt: now })
    .where(and(eq(sessionTokens.id, row.token.id), isNull(sessionTokens.rotatedAt)));
  if (spent.rowsAffected !== 1) throw new DomainError("refresh_invalid");
  const { rows, pair } = await newTokens(control, row.session.id, row.session.userId, now, row.session.expiresAt);
  await control.insert(sessionTokens).values(rows);
  return pair;
}

/** The user behind an access token, or null when it is unknown, expired or its session ended. */
export async function resolveAccessToken(control: ControlDb, token: string, now = Date.now()): Promise<UserActor | null> {
  const hash = await accessTokenHash(token);
  return hash ? resolveAccessTokenHash(control, hash, now) : null;
}

/** What an access token is stored as; null for what cannot be one. */
export async function accessTokenHash(token: string): Promise<string | null> {
  return token.startsWith(ACCESS_PREFIX) ? sha256Hex(token) : null;
}

/** The live access tokens of live sessions with this hash. */
const liveAccess = (hash: string, now: number) =>
  and(
    eq(sessionTokens.tokenHash, hash),
    eq(sessionTokens.kind, "access"),
    gt(sessionTokens.expiresAt, now),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
  );

/**
 * The user id of a live access token, as a subquery: reads about the signed-in user can go in
 * the same round trip as the token's own check (a dead token makes them read nothing).
 */
export function accessTokenUserId(control: ControlDb, hash: string, now: number): SQL {
  const query = control
    .select({ userId: sessions.userId })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .where(liveAccess(hash, now))
    .limit(1);
  return sql`(${query})`;
}

// Every signed-in request reads its session: the statement is built once per isolate, and reads only
// the columns the actor is made of.
const readSession = keptSelect((control: ControlDb) =>
  control
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      timezone: users.timezone,
      userActive: users.active,
      sendToWizard: users.sendToWizard,
      permissions: memberships.permissions,
      isAdmin: memberships.isAdmin,
      membershipActive: memberships.active,
      preventNegativeInventory: memberships.preventNegativeInventory,
      posPermissions: memberships.posPermissions,
      customerId: memberships.customerId,
      companyId: companies.id,
      companyLabel: companies.label,
      companyStatus: companies.status,
      companyFrozen: companies.frozen,
      companyTrialEndsAt: companies.trialEndsAt,
      companyAccessEndsAt: companies.accessEndsAt,
      companyDatabaseUrl: companies.databaseUrl,
      companySchemaVersion: companies.schemaVersion,
    })
    .from(sessionTokens)
    .innerJoin(sessions, eq(sessions.id, sessionTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.companyId, sessions.companyId)))
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(liveAccess(sql.placeholder("hash") as unknown as string, sql.placeholder("now") as unknown as number))
    .limit(1),
);

/** resolveAccessToken once the token's hash is known. */
export async function resolveAccessTokenHash(control: ControlDb, hash: string, now = Date.now()): Promise<UserActor | null> {
  const [row] = await readSession(control, { hash, now });
  if (!row || !row.userActive || !row.membershipActive) return null;
  return {
    kind: "user",
    sessionId: row.sessionId,
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    language: row.language,
    timezone: row.timezone,
    company: {
      id: row.companyId,
      label: row.companyLabel,
      status: row.companyStatus,
      frozen: row.companyFrozen,
      trialEndsAt: row.companyTrialEndsAt ?? null,
      accessEndsAt: row.companyAccessEndsAt ?? null,
      databaseUrl: row.companyDatabaseUrl,
      schemaVersion: row.companySchemaVersion,
    },
    permissions: row.permissions,
    isAdmin: row.isAdmin,
    preventNegativeInventory: membershipForbidsSellingOutOfStock(row),
    sendToWizard: row.sendToWizard,
    customerId: row.customerId,
  };
}

/** Ends one session (every token issued in it). */
export async function endSession(control: ControlDb, sessionId: string, now = Date.now()): Promise<void> {
  await control
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends the session an access token belongs to; unknown tokens are ignored. */
export async function signOut(control: ControlDb, accessToken: string, now = Date.now()): Promise<void> {
  const row = await control.query.sessionTokens.findFirst({ where: eq(sessionTokens.tokenHash, await sha256Hex(accessToken)) });
  if (row) await endSession(control, row.sessionId, now);
}

/** Ends every session of a user but one (after a password change, or on request). */
export async function endOtherSessions(control: ControlDb, userId: string, keepSessionId: string | null, now = Date.now()): Promise<void> {
  const where = keepSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await control.update(sessions).set({ revokedAt: now }).where(where);
}
