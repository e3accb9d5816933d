import { isDomainError } from "./domain/shared/domain-error";
import { resolveSessionWithShell } from "./domain/identity/session-shell";
import {
  accessTokenHash,
  REFRESH_THRESHOLD_S,
  refreshSession,
  resolveAccessTokenHash,
  SESSION_TTL_MS,
  type TokenPair,
} from "./domain/identity/sessions";
import type { RequestContext } from "./context";

/** `__Host-` needs HTTPS, so the prefix (and Secure) apply in production only. */
export function hostCookieName(ctx: RequestContext, name: string): string {
  return ctx.env.settings.APP_ENV === "production" ? `__Host-${name}` : name;
}

export function sessionCookieName(ctx: RequestContext): string {
  return hostCookieName(ctx, "session");
}

/** A Set-Cookie for a cookie only the server reads (HttpOnly, SameSite=Lax); an empty value clears it. */
export function serverCookie(ctx: RequestContext, name: string, value: string, maxAgeS: number): string {
  const secure = ctx.env.settings.APP_ENV === "production" ? "; Secure" : "";
  return `${hostCookieName(ctx, name)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${value ? maxAgeS : 0}${secure}`;
}

/** A cookie's value as sent, still percent-encoded. */
function rawCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** A cookie's value; one that is not valid percent-encoding is anyone's forgery, ignored as if absent. */
export function readCookie(request: Request, name: string): string | undefined {
  const raw = rawCookie(request, name);
  try {
    return raw === undefined ? undefined : decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** What the browser keeps (platform spec §3 'Auth state'): both tokens and the access expiry. */
export interface CookieTokens {
  accessToken: string;
  refreshToken: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export function parseSessionCookie(value: string | undefined): CookieTokens | null {
  const parts = value?.split(":");
  if (!parts || parts.length !== 4 || parts[0] !== "v1") return null;
  const expiresAt = Number(parts[3]);
  if (!parts[1] || !parts[2] || !Number.isSafeInteger(expiresAt)) return null;
  return { accessToken: parts[1], refreshToken: parts[2], expiresAt };
}

/** The Set-Cookie value holding a token pair, or clearing the cookie when `tokens` is null. */
export function sessionCookie(ctx: RequestContext, tokens: Pick<TokenPair, "accessToken" | "refreshToken" | "expiresAt"> | null): string {
  const value = tokens ? `v1:${tokens.accessToken}:${tokens.refreshToken}:${tokens.expiresAt}` : "";
  return serverCookie(ctx, "session", value, Math.floor(SESSION_TTL_MS / 1000));
}

/**
 * Sets the actor from the session cookie. When fewer than 1800 s remain on the access token
 * it is refreshed first; the returned Set-Cookie (new pair, or clearing a dead session) must
 * be added to the response. A failed refresh keeps using a still-valid access token.
 */
export async function authenticateFromCookie(request: Request, ctx: RequestContext, now = Date.now()): Promise<string | null> {
  const tokens = parseSessionCookie(readCookie(request, sessionCookieName(ctx)));
  ctx.actor = null;
  if (!tokens) return rawCookie(request, sessionCookieName(ctx)) ? sessionCookie(ctx, null) : null;
  let current = tokens;
  let setCookie: string | null = null;
  if (tokens.expiresAt - now < REFRESH_THRESHOLD_S * 1000) {
    try {
      const pair = await refreshSession(ctx.control, tokens.refreshToken, now);
      current = pair;
      setCookie = sessionCookie(ctx, pair);
    } catch (error) {
      if (!isDomainError(error)) throw error;
    }
  }
  const hash = current.expiresAt > now ? await accessTokenHash(current.accessToken) : null;
  if (hash && request.method === "GET") {
    // A page: the layout's companies and invitations come in the session's round trip.
    const { actor, shell } = await resolveSessionWithShell(ctx.control, hash, now);
    ctx.actor = actor;
    if (actor) ctx.shell = shell;
  } else ctx.actor = hash ? await resolveAccessTokenHash(ctx.control, hash, now) : null;
  // A session that ended elsewhere (sign-out, reuse, deactivation) clears the cookie: the 401 rule.
  if (!ctx.actor) return sessionCookie(ctx, null);
  return setCookie;
}
