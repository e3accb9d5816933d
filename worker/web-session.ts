import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "./domain/shared/locale";
import { DEVICE_COOKIE_TTL_MS } from "./domain/identity/device-cookies";
import type { SignedIn } from "./domain/identity/sessions";
import { attemptLimiter } from "./durable-objects/sign-in-throttle";
import type { AttemptLimiter } from "./domain/identity/sign-in-limits";
import type { RequestContext } from "./context";
import { hostCookieName, readCookie, serverCookie, sessionCookie } from "./session-cookie";

/**
 * The caller's address as Cloudflare reports it (workerd under `wrangler dev` sets it too).
 * Absent only when the Worker is called directly (Worker tests): then no address is counted.
 */
function clientAddress(request: Request): string | null {
  return request.headers.get("cf-connecting-ip");
}

/** What the sign-in and the public forms need to count attempts: the limiter and the caller's address. */
export function limitDeps(ctx: RequestContext, request: Request): { limiter: AttemptLimiter; address: string | null } {
  return { limiter: attemptLimiter(ctx.env.bindings.SIGN_IN_THROTTLE), address: clientAddress(request) };
}

/** Runs work after the answer is sent; a failure there has nobody to answer, so it is logged. */
export function afterResponse(ctx: RequestContext): (work: Promise<unknown>) => void {
  return (work) => {
    const settled = work.catch((error: unknown) => console.error(error));
    ctx.deferred.push(settled);
    ctx.executionCtx.waitUntil(settled);
  };
}

const DEVICE_COOKIE = "device";

/** The browser's device cookie (decisions/008) as the sign-in verb takes it. */
export function deviceOf(ctx: RequestContext, request: Request): { cookie: string | undefined; secret: string } {
  return { cookie: readCookie(request, hostCookieName(ctx, DEVICE_COOKIE)), secret: ctx.env.settings.SESSION_SECRET };
}

export function deviceCookie(ctx: RequestContext, value: string): string {
  return serverCookie(ctx, DEVICE_COOKIE, encodeURIComponent(value), Math.floor(DEVICE_COOKIE_TTL_MS / 1000));
}

/**
 * Headers of a response that signs the browser in: the token cookie, and the user's saved
 * language unless this browser already has a chosen one (an explicit choice wins).
 */
export function signedInHeaders(ctx: RequestContext, session: SignedIn, request: Request): Headers {
  const headers = new Headers();
  headers.append("set-cookie", sessionCookie(ctx, session));
  if (!readCookie(request, LOCALE_COOKIE))
    headers.append("set-cookie", `${LOCALE_COOKIE}=${session.language}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`);
  return headers;
}
