import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { apiRouter, oauthRouter } from "./api";
import { openCompanyDatabase } from "../db/tenants";
import { buildContext, controlFor, provisionerFor, requestContext, type RequestContext } from "./context";
import { LOCALE_COOKIE, resolveLocale } from "./domain/shared/locale";
import { outboxWritten } from "./domain/shared/outbox";
import { readMaintenance } from "./domain/platform/maintenance";
import { parseEnv, type Bindings, type Env } from "./env";
import { smtpMailer } from "./integrations/mail/smtp-mailer";
import { consumeJobs } from "./queues/jobs";
import { companiesToSweep, dispatchCompanyOutbox, dispatchControlOutbox, drainOutbox, type OutboxConsumerDeps } from "./queues/outbox";
import { readCookie } from "./session-cookie";

export { OperationProgress } from "./durable-objects/operation-progress";
export { SignInThrottle } from "./durable-objects/sign-in-throttle";

const ssr = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

type AppEnv = { Bindings: Bindings; Variables: { ctx: RequestContext } };

const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(self), microphone=(), geolocation=()",
  "cross-origin-opener-policy": "same-origin",
};

/** Scripts only from this site or inline with the request's nonce; React sets style attributes inline. */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

const app = new Hono<AppEnv>();

app.use(async (c, next) => {
  const env = parseEnv(c.env);
  const locale = resolveLocale(readCookie(c.req.raw, LOCALE_COOKIE), c.req.header("accept-language"));
  const ctx = buildContext(env, c.executionCtx, locale);
  ctx.maintenance = await readMaintenance(ctx.control);
  c.set("ctx", ctx);
  await next();
  c.executionCtx.waitUntil(dispatchAfterResponse(ctx));
  const headers = c.res.headers;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (headers.get("content-type")?.startsWith("text/html")) headers.set("content-security-policy", contentSecurityPolicy(ctx.cspNonce));
  // What a signed-in person or an API caller sees stays out of every cache, unless the answer chose its own (product images).
  if ((ctx.actor || /^\/(api|oauth2)(\/|$)/.test(c.req.path)) && !headers.has("cache-control")) headers.set("cache-control", "no-store");
  if (env.settings.APP_ENV === "production") c.res.headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
});

app.route("/api/v1", apiRouter());
app.route("/oauth2", oauthRouter());

// Every other path and every method goes to React Router, so form POSTs reach their actions.
app.all("*", (c) => {
  const context = new RouterContextProvider();
  context.set(requestContext, c.get("ctx"));
  return ssr(c.req.raw, context);
});

/**
 * Hands the outbox rows this request wrote to the queue once the answer and its deferred work
 * are done (decisions/013); the cron sweeps whatever this misses.
 */
async function dispatchAfterResponse(ctx: RequestContext): Promise<void> {
  await Promise.allSettled(ctx.deferred);
  const queue = ctx.env.bindings.JOBS;
  const opened = ctx.openedTenant();
  const tenant = opened ? await opened.db.catch(() => undefined) : undefined;
  const own = outboxWritten(ctx.control);
  await Promise.all([
    own ? dispatchControlOutbox(ctx.control, queue, { only: own }) : null,
    opened && tenant && outboxWritten(tenant) ? dispatchCompanyOutbox(opened.companyId, tenant, queue) : null,
  ]).catch((error: unknown) => console.error("outbox dispatch failed, the cron will retry", error));
}

function outboxConsumerDeps(env: Env): OutboxConsumerDeps {
  const control = controlFor(env);
  const provisioner = provisionerFor(env);
  return {
    control,
    mailer: smtpMailer(env.settings),
    secret: env.settings.SESSION_SECRET,
    async openCompany(companyId) {
      const company = await control.query.companies.findFirst({ where: (c, { eq }) => eq(c.id, companyId) });
      if (!company) throw new Error(`no company ${companyId}`);
      return openCompanyDatabase(control, provisioner, company);
    },
  };
}

/** The cron's safety net: every outbox row a request's own dispatch missed goes out within a minute. */
export async function sweepOutboxes(env: Env): Promise<void> {
  const control = controlFor(env);
  const provisioner = provisionerFor(env);
  const queue = env.bindings.JOBS;
  await drainOutbox(() => dispatchControlOutbox(control, queue));
  for (const company of await companiesToSweep(control)) {
    try {
      const db = await openCompanyDatabase(control, provisioner, company);
      await drainOutbox(() => dispatchCompanyOutbox(company.id, db, queue));
    } catch (error) {
      console.error(`outbox of company ${company.id} not swept`, error);
    }
  }
}

export default {
  fetch: app.fetch,
  async queue(batch, env, _ctx) {
    let deps: OutboxConsumerDeps | undefined;
    await consumeJobs(batch, env, () => (deps ??= outboxConsumerDeps(parseEnv(env))));
  },
  async scheduled(_controller, env, _ctx) {
    await sweepOutboxes(parseEnv(env));
  },
} satisfies ExportedHandler<Bindings>;
