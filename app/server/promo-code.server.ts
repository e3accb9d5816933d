import { redirect } from "react-router";
import { PROMO_COOKIE_SECONDS } from "../../worker/domain/billing/plans";
import { pageUrl, safeRedirectTarget } from "../../worker/guards";
import { readCookie } from "../../worker/session-cookie";

/** The cookie keeping a promotion code from a link until the checkout (platform spec §5, §9: 7 days). */
export const PROMO_COOKIE = "promoCode";
export const PROMO_QUERY = "promo_code";

// Stripe's promotion codes are letters, digits, "-" and "_"; anything else in a link is not one of them.
const PROMO_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A `promo_code` query (on /signup and the account pages) goes into the promoCode cookie, and the
 * page is opened again without it, so the code is not kept in the address or the history.
 * Does nothing when there is no such query.
 */
export function rememberPromoCode(request: Request): void {
  const url = pageUrl(request);
  const code = url.searchParams.get(PROMO_QUERY);
  if (code === null) return;
  url.searchParams.delete(PROMO_QUERY);
  const headers = new Headers();
  const value = code.trim();
  if (PROMO_CODE.test(value)) {
    const secure = url.protocol === "https:" ? "; Secure" : "";
    headers.append(
      "set-cookie",
      `${PROMO_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${PROMO_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  // The same page: never another site, whatever the path looks like ("//host/...").
  throw redirect(safeRedirectTarget(url.pathname + url.search, "/"), { headers });
}

/** The code the promoCode cookie keeps, if it still reads as one. */
export function promoCodeFromCookie(request: Request): string | null {
  const value = readCookie(request, PROMO_COOKIE);
  return value !== undefined && PROMO_CODE.test(value) ? value : null;
}
