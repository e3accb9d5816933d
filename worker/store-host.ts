import type { ControlDb } from "../db/client";
import { companyOfStoreHost } from "./domain/store/settings/store-addresses";
import type { Settings } from "./env";

/** How long an isolate trusts what it found of a host (a store's address changes rarely). */
const HOST_CACHE_MS = 30_000;
const HOST_CACHE_SIZE = 1_000;
const cache = new Map<string, { at: number; companyId: string | null }>();

/**
 * The company whose store a request's host is (its sub-domain under STORES_DOMAIN, or its own
 * domain), else null. The app's own host (APP_URL), localhost and IP addresses are never a store's,
 * so the back-office pays no lookup.
 */
export async function storeOfHost(
  control: ControlDb,
  url: URL,
  settings: Pick<Settings, "APP_URL" | "STORES_DOMAIN">,
): Promise<string | null> {
  const host = url.hostname.toLowerCase();
  if (
    host === "localhost" ||
    /^[\d.]+$/.test(host) ||
    host.includes(":") ||
    (settings.APP_URL && new URL(settings.APP_URL).hostname === host)
  )
    return null;
  const now = Date.now();
  const known = cache.get(host);
  if (known && now - known.at < HOST_CACHE_MS) return known.companyId;
  const companyId = await companyOfStoreHost(control, host, settings.STORES_DOMAIN);
  if (cache.size >= HOST_CACHE_SIZE) cache.clear();
  cache.set(host, { at: now, companyId });
  return companyId;
}

/** What a store's host serves: the store, its sign-in and access pages, password links and the app's files; anything else goes to the store. */
export function servedOnStoreHost(pathname: string): boolean {
  return /^\/(b2b(\/|\.data$|$)|assets\/|password-reset(\/|\.data$|$)|logout(\.data)?$|locale(\.data)?$|maintenance(\.data)?$|favicon)/.test(
    pathname,
  );
}
