import { resolveSession, SESSION_TTL_MS } from "./domain/identity/sessions";
import type { RequestContext } from "./context";

/** `__Host-` needs HTTPS, so the prefix (and Secure) apply in production only. */
export function sessionCookieName(ctx: RequestContext): string {
  return ctx.env.settings.APP_ENV === "production" ? "__Host-session" : "session";
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function sessionCookie(ctx: RequestContext, token: string | null): string {
  const secure = ctx.env.settings.APP_ENV === "production" ? "; Secure" : "";
  const maxAge = token ? Math.floor(SESSION_TTL_MS / 1000) : 0;
  return `${sessionCookieName(ctx)}=${token ?? ""}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** Sets the actor from the session cookie, if any. */
export async function authenticateFromCookie(request: Request, ctx: RequestContext): Promise<void> {
  const token = readCookie(request, sessionCookieName(ctx));
  ctx.actor = token ? await resolveSession(ctx.control, token) : null;
}
