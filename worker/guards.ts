import { data, redirect } from "react-router";
import { translate } from "../locales";
import { effectiveStatus, readOnlyReason, type UserActor } from "./domain/identity/actor";
import { pageFlags, under } from "./domain/identity/module-flags";
import { hasPermissions, type PermissionCheck } from "./domain/identity/permissions";
import type { Locale } from "./domain/shared/locale";
import { hasControlCharacters } from "./domain/shared/plain-text";
import { mediaType } from "./media-type";
import { statusForCode } from "./error-status";
import type { RequestContext } from "./context";

/**
 * The page a request is for. Client navigations fetch `<path>.data` (and `/_root.data` for
 * /) with a `_routes` parameter; guards and redirects must see the page's own address.
 */
export function pageUrl(request: Request | URL): URL {
  const url = new URL(request instanceof URL ? request.href : request.url);
  if (url.pathname === "/_root.data") url.pathname = "/";
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  return url;
}

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

const REDIRECT_BASE = "http://x.invalid";

/**
 * A redirect target from input (query, form field) if it is a path of this site, else `fallback`.
 * Browsers drop tabs and newlines and read a backslash as "/", so such text is refused;
 * what is kept comes back percent-encoded, as a Location header needs.
 */
export function safeRedirectTarget(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !/^\/(?![/\\])/.test(value) || value.includes("\\") || hasControlCharacters(value)) return fallback;
  const url = URL.parse(value, REDIRECT_BASE);
  return url?.origin === REDIRECT_BASE ? url.pathname + url.search + url.hash : fallback;
}

/**
 * The guard of every back-office page (platform spec §5 'Redirect rules'), in order:
 * maintenance, signed in, company not frozen, onboarding, B2B users to the store, an ended
 * trial to account settings, then the page's permissions and its module flags (else /dashboard).
 */
export function requirePage(request: Request, ctx: RequestContext, check: PermissionCheck = {}): UserActor {
  const url = pageUrl(request);
  if (ctx.maintenance.on) throw redirect("/maintenance");
  const actor = ctx.actor;
  if (actor?.kind !== "user") throw redirect(signInRedirectTarget(url));
  if (actor.company.frozen) throw data(translate(ctx.locale, "error.access_frozen"), { status: 403 });
  if (actor.sendToWizard && !under(url.pathname, "/setup")) throw redirect("/setup");
  if (actor.customerId && !under(url.pathname, "/b2b")) throw redirect("/b2b");
  if (
    effectiveStatus(actor.company) === "trial_ended" &&
    actor.permissions.includes("account_settings") &&
    !under(url.pathname, "/account-settings") &&
    !under(url.pathname, "/setup")
  )
    throw redirect("/account-settings");
  if (!hasPermissions(actor.permissions, check)) throw redirect("/dashboard");
  if (!hasPermissions(actor.permissions, { allOf: pageFlags(url.pathname) })) throw redirect("/dashboard");
  refuseWriteWhenReadOnly(request, ctx, url, actor);
  return actor;
}

/**
 * Pages whose form posts stay open in a company that may only be read (decision 049): the
 * account's own settings and checkout, the onboarding, the company switch, search, and taking
 * one's data away (exports, PDFs).
 */
const OPEN_WHEN_READ_ONLY = ["/account-settings", "/setup", "/companies/switch", "/search", "/operations/export", "/operations/bulk-pdf"];

/** A form post in a company that may only be read is refused with the reason and what to do, in the user's language. */
function refuseWriteWhenReadOnly(request: Request, ctx: RequestContext, url: URL, actor: UserActor): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  if (OPEN_WHEN_READ_ONLY.some((path) => under(url.pathname, path))) return;
  const reason = readOnlyReason(actor.company);
  if (reason) throw data(translate(ctx.locale, `error.${reason}`), { status: statusForCode(reason) });
}

/** For pages about one user (/settings/users/{id}/edit): one's own id, else the settings permission. */
export function requireSelfOrPermission(request: Request, ctx: RequestContext, userId: string, check: PermissionCheck): UserActor {
  const actor = requirePage(request, ctx);
  if (actor.userId !== userId && !hasPermissions(actor.permissions, check)) throw redirect("/dashboard");
  return actor;
}

/** Form posts must come from this site (a second guard beside SameSite cookies). */
export function assertSameOrigin(request: Request): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(request.url).origin) throw new Response("Cross-site form post refused", { status: 403 });
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Page actions read forms: any other body is refused with 415, and a form that cannot be read
 * (a multipart body without its boundary…) with 400, rather than failing in the action.
 */
export async function assertFormBody(request: Request, locale: Locale): Promise<void> {
  if (request.method === "GET" || request.method === "HEAD") return;
  const unreadable = (status: number) => data(translate(locale, "error.form_unreadable"), { status });
  if (!FORM_TYPES.has(mediaType(request.headers.get("content-type")))) throw unreadable(415);
  await request
    .clone()
    .formData()
    .catch(() => {
      throw unreadable(400);
    });
}

/** A company label as it appears in store addresses: "Maison Durand & Fils" → "maison-durand-fils". */
export function kebabCase(label: string): string {
  return label
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Remembers which store a B2B user signed in to, so a dead session returns to that store's login. */
export const STORE_COOKIE = "store";

/**
 * The guard of the B2B store pages: maintenance, then a signed-in user (else the store's
 * login with the company in kebab-case), who must be a B2B user or staff acting as one.
 */
export function requireStore(request: Request, ctx: RequestContext, storeCookie: string | undefined): UserActor {
  const url = pageUrl(request);
  if (ctx.maintenance.on) throw redirect("/maintenance");
  const actor = ctx.actor;
  if (actor?.kind !== "user") {
    const company = url.searchParams.get("company") ?? storeCookie;
    throw redirect(company ? `/b2b/login?company=${encodeURIComponent(kebabCase(company))}` : "/b2b/login");
  }
  if (actor.company.frozen) throw data(translate(ctx.locale, "error.access_frozen"), { status: 403 });
  refuseWriteWhenReadOnly(request, ctx, url, actor);
  // On a store's own host, a session of another company signs out and comes back to this store's login.
  if (ctx.storeCompanyId && actor.company.id !== ctx.storeCompanyId) throw redirect("/logout");
  if (!actor.customerId) {
    // A store's host serves no back office: staff are told where it is, not sent round /b2b → / → /b2b.
    if (ctx.storeCompanyId) {
      const appUrl = ctx.env.settings.APP_URL;
      throw data(translate(ctx.locale, appUrl ? "error.store_host_staff_at" : "error.store_host_staff", { url: appUrl }), { status: 403 });
    }
    throw redirect("/");
  }
  return actor;
}
