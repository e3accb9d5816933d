import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "./domain/shared/locale";
import type { SignedIn } from "./domain/identity/sessions";
import { signInThrottle } from "./durable-objects/sign-in-throttle";
import type { SignInThrottle } from "./domain/identity/sign-in-limits";
import type { RequestContext } from "./context";
import { readCookie, sessionCookie } from "./session-cookie";

/** The caller's address as Cloudflare reports it; absent locally. */
export function clientAddress(request: Request): string | null {
  return request.headers.get("cf-connecting-ip");
}

export function throttleFor(ctx: RequestContext): SignInThrottle {
  return signInThrottle(ctx.env.bindings.SIGN_IN_THROTTLE);
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
