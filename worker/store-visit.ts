import { and, eq } from "drizzle-orm";
import { controlSchema, type ControlDb } from "../db/client";
import { resolveAccessToken } from "./domain/identity/sessions";
import type { RequestContext } from "./context";
import { ctxForStoreVisitor } from "./ctx";
import type { Ctx } from "./domain/shared/ctx";
import { storePalette, type StorePalette } from "./domain/store/branding";
import { companyOfStoreSlug, readStoreAddresses } from "./domain/store/settings/store-addresses";
import { readStoreSettings } from "./domain/store/settings/store-settings";
import { STORE_COOKIE } from "./guards";
import { readCookie } from "./session-cookie";

const { memberships, sessions, users } = controlSchema;

/** The store a visitor who is not signed in is looking at: its company, its look and what its login page offers. */
export interface StoreVisit {
  companyId: string;
  label: string;
  slug: string | null;
  open: boolean;
  headline: string | null;
  description: string | null;
  palette: StorePalette;
  accessForm: { enabled: boolean; text: string | null };
  /** The login background's version (its key), when the store has one. */
  loginBackground: string | null;
  ctx: Ctx;
}

/**
 * Finds the store of a request from its host (a store's sub-domain or own domain), else from the
 * `?company=<store url>` query, else from the store the browser last signed in to. Null when
 * none names a store.
 */
export async function storeVisit(rc: RequestContext, request: Request): Promise<StoreVisit | null> {
  const slug = new URL(request.url).searchParams.get("company") ?? readCookie(request, STORE_COOKIE) ?? null;
  const companyId = rc.storeCompanyId ?? (slug && /^[a-z0-9-]{1,63}$/.test(slug) ? await companyOfStoreSlug(rc.control, slug) : null);
  if (!companyId) return null;
  const company = await rc.control.query.companies.findFirst({ where: eq(controlSchema.companies.id, companyId) });
  if (!company) return null;
  const ctx = await ctxForStoreVisitor(rc.env, companyId);
  const [settings, addresses] = await Promise.all([readStoreSettings(ctx.db), readStoreAddresses(rc.control, companyId)]);
  return {
    companyId,
    label: company.label,
    slug: addresses.url,
    open: settings.status,
    headline: settings.login_headline,
    description: settings.login_description,
    palette: storePalette(settings.primary_color, settings.secondary_color),
    accessForm: { enabled: settings.status && settings.access_form_enabled, text: settings.access_form_text },
    loginBackground: settings.login_background_key,
    ctx,
  };
}

/** What a store's login and access pages show of it (never its Ctx). */
export function storeVisitView(visit: StoreVisit | null) {
  if (!visit) return null;
  const { ctx: _ctx, companyId: _id, ...view } = visit;
  return view;
}

/**
 * After signing in at a store's login, the session works in that store's company when the user is
 * one of its buyers (active, ordering for a customer); otherwise it stays where it was.
 */
export async function enterStoreCompany(control: ControlDb, accessToken: string, companyId: string): Promise<void> {
  const actor = await resolveAccessToken(control, accessToken);
  if (!actor || actor.company.id === companyId) return;
  const membership = await control.query.memberships.findFirst({
    where: and(eq(memberships.userId, actor.userId), eq(memberships.companyId, companyId), eq(memberships.active, true)),
  });
  if (!membership?.customerId) return;
  await control.batch([
    control.update(sessions).set({ companyId }).where(eq(sessions.id, actor.sessionId)),
    control.update(users).set({ currentCompanyId: companyId }).where(eq(users.id, actor.userId)),
  ]);
}
