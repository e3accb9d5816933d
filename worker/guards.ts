import { redirect } from "react-router";
import type { Actor } from "./domain/identity/actor";
import type { RequestContext } from "./context";

/**
 * Where a visitor without a session goes (platform spec §5): the B2B login when a `company`
 * query is present or the host has three or more labels, else /login with the wanted path.
 */
export function signInRedirectTarget(url: URL): string {
  const labels = url.hostname.split(".").filter(Boolean);
  const isIp = /^\d+(\.\d+){3}$/.test(url.hostname);
  if (url.searchParams.has("company") || (!isIp && labels.length >= 3)) {
    const company = url.searchParams.get("company");
    return company ? `/b2b/login?company=${encodeURIComponent(company)}` : "/b2b/login";
  }
  return `/login?redirection=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The signed-in user of a page request, or a redirect to sign in. */
export function requireUser(request: Request, ctx: RequestContext): Extract<Actor, { kind: "user" }> {
  const actor = ctx.actor;
  if (actor?.kind !== "user") throw redirect(signInRedirectTarget(new URL(request.url)));
  return actor;
}

/** Form posts must come from this site (a second guard beside SameSite cookies). */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(request.url).origin) throw new Response("Cross-site form post refused", { status: 403 });
}
