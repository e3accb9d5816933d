import { createContext } from "react-router";
import { controlDb, type ControlDb, type RoundTrips, type TenantDb } from "../db/client";
import { localProvisioner, openCompanyDatabase, tursoProvisioner, type DatabaseProvisioner } from "../db/tenants";
import type { Actor } from "./domain/identity/actor";
import type { SessionShell } from "./domain/identity/session-shell";
import type { MaintenanceState } from "./domain/platform/maintenance";
import { DomainError } from "./domain/shared/domain-error";
import type { Locale } from "./domain/shared/locale";
import type { Env } from "./env";

/** Everything a request handler needs, built once per request by the Worker entry. */
export interface RequestContext {
  env: Env;
  executionCtx: { waitUntil(promise: Promise<unknown>): void };
  control: ControlDb;
  provisioner: DatabaseProvisioner;
  locale: Locale;
  /** Set by authentication: a bearer token on the API, the session cookie on pages. */
  actor: Actor | null;
  /** A page's signed-in user's companies and invitations, read with the session (GET requests with a session cookie). */
  shell?: SessionShell;
  /** Read once per request by the Worker entry (cached briefly per isolate). */
  maintenance: MaintenanceState;
  /** The signed-in company's database; throws `unauthenticated` when nobody is signed in. */
  tenant(): Promise<TenantDb>;
  /** The company database this request opened, if it opened one. */
  openedTenant(): { companyId: string; db: Promise<TenantDb> } | undefined;
  /** Work that runs after the answer (`afterResponse`); the outbox is dispatched once it settles. */
  deferred: Promise<unknown>[];
  /** The database round trips this request's handles have made (the entry reports those before the answer, outside production). */
  roundTrips: RoundTrips;
  /** Fresh for each request: the inline scripts of a page carry it, and its Content-Security-Policy names it. */
  cspNonce: string;
  /** The company whose B2B store the request's host is (a store's sub-domain or own domain), else null. */
  storeCompanyId: string | null;
  /** A store page measured by the store's analytics: its Content-Security-Policy lets Google's tag load and report. */
  analytics: boolean;
}

export function provisionerFor(env: Env): DatabaseProvisioner {
  const s = env.settings;
  return s.DB_PROVIDER === "turso"
    ? tursoProvisioner({
        apiUrl: s.TURSO_API_URL,
        org: s.TURSO_ORG!,
        group: s.TURSO_GROUP,
        apiToken: s.TURSO_API_TOKEN!,
        groupToken: s.TURSO_GROUP_TOKEN!,
      })
    : localProvisioner(s.LOCAL_DB_URL!, s.LOCAL_DB_TOKEN);
}

/** A new handle on the control database. */
export function controlFor(env: Env): ControlDb {
  return controlDb({ url: env.settings.CONTROL_DATABASE_URL, authToken: env.settings.CONTROL_DATABASE_TOKEN });
}

export function buildContext(env: Env, executionCtx: RequestContext["executionCtx"], locale: Locale): RequestContext {
  // The handlers of one request start their reads together: each database gets them in one batch.
  const options = { batchReads: true, roundTrips: { count: 0 } };
  const control = controlDb({ url: env.settings.CONTROL_DATABASE_URL, authToken: env.settings.CONTROL_DATABASE_TOKEN }, options);
  const provisioner = provisionerFor(env);
  let tenant: { companyId: string; db: Promise<TenantDb> } | undefined;
  let nonce: string | undefined;
  return {
    env,
    executionCtx,
    control,
    provisioner,
    locale,
    actor: null,
    maintenance: { on: false, message: null },
    // Made when a page first asks for it: an API answer has no inline script to name.
    get cspNonce() {
      return (nonce ??= btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)))));
    },
    storeCompanyId: null,
    analytics: false,
    deferred: [],
    roundTrips: options.roundTrips,
    openedTenant: () => tenant,
    tenant() {
      const company = this.actor?.company;
      if (!company) return Promise.reject(new DomainError("unauthenticated"));
      if (tenant?.companyId !== company.id)
        tenant = { companyId: company.id, db: openCompanyDatabase(control, provisioner, company, options) };
      return tenant.db;
    },
  };
}

/** The React Router context key under which loaders and actions find the request context. */
export const requestContext = createContext<RequestContext>();
