import { Hono } from "hono";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { apiRouter, oauthRouter } from "./api";
import { buildContext, requestContext, type RequestContext } from "./context";
import { LOCALE_COOKIE, resolveLocale } from "./domain/shared/locale";
import { readMaintenance } from "./domain/platform/maintenance";
import { parseEnv, type Bindings } from "./env";
import { consumeJobs } from "./queues/jobs";
import type { OutboxConsumerDeps } from "./queues/outbox";
import { dispatchAfterJobs, dispatchAfterResponse, outboxConsumerDeps, sweepOutboxes } from "./queues/outbox-runtime";
import { billSubscriptions } from "./subscription-billing";
import { authenticateFromCookie, readCookie } from "./session-cookie";
import { OPERATIONS_USER_HEADER } from "./durable-objects/operation-progress";
import { servedOnStoreHost, storeOfHost } from "./store-host";
import { webhooksRouter } from "./webhooks";

export { OperationProgress } from "./durable-objects/operation-progress";
export { SignInThrottle } from "./durable-objects/sign-in-throttle";
export { Cart } from "./durable-objects/cart";

// In development the build is imported again at each request (the dev server swaps it). Built, it is
// imported once and its routes derived once per isolate: handing React Router the import function
// makes it flatten and rank every route again at each request.
const loadBuild = () => import("virtual:react-router/server-build");
let builtHandler: Promise<RequestHandler> | undefined;
const ssr: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : (request, context) =>
      (builtHandler ??= loadBuild().then((build) => createRequestHandler(build, import.meta.env.MODE))).then((handle) =>
        handle(request, context),
      );

type AppEnv = { Bindings: Bindings; Variables: { ctx: RequestContext } };

const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(self), microphone=(), geolocation=()",
  "cross-origin-opener-policy": "same-origin",
};

/** Scripts only from this site or inline with the request's nonce; React sets style attributes inline. */
// Google's tag and where it reports (its documented CSP for Google Analytics 4), for store pages with analytics only.
const ANALYTICS_SCRIPTS = "https://*.googletagmanager.com";
const ANALYTICS_REPORTS = "https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com";

function contentSecurityPolicy(nonce: string, analytics: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${analytics ? ` ${ANALYTICS_SCRIPTS}` : ""}`,
    ...(analytics ? [`connect-src 'self' ${ANALYTICS_REPORTS}`] : []),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${analytics ? ` ${ANALYTICS_REPORTS}` : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

// One regular expression matches a request's routes, where the trie Hono falls back to walks the
// path a segment at a time (about 3 % of an API read's CPU in profiles): a route it refuses (a literal beside a
// parameter, `/batches/unallocated` beside `/batches/:id`) fails every request at once, not silently.
const app = new Hono<AppEnv>({ router: new RegExpRouter() });

app.use(async (c, next) => {
  const env = parseEnv(c.env);
  const locale = resolveLocale(readCookie(c.req.raw, LOCALE_COOKIE), c.req.header("accept-language"));
  const ctx = buildContext(env, c.executionCtx, locale);
  const url = new URL(c.req.url);
  [ctx.maintenance, ctx.storeCompanyId] = await Promise.all([readMaintenance(ctx.control), storeOfHost(ctx.control, url, env.settings)]);
  c.set("ctx", ctx);
  // A store's host serves the store only: the back-office and the API are not there.
  if (ctx.storeCompanyId && !servedOnStoreHost(url.pathname)) {
    if (/^\/(api|oauth2)(\/|$)/.test(url.pathname)) c.res = new Response(null, { status: 404 });
    else c.res = c.redirect(url.pathname.endsWith(".data") ? "/b2b.data" : "/b2b", 302);
  } else await next();
  const roundTrips = ctx.roundTrips.count;
  c.executionCtx.waitUntil(dispatchAfterResponse(ctx));
  if (c.res.status === 101) return;
  const headers = c.res.headers;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (headers.get("content-type")?.startsWith("text/html"))
    headers.set("content-security-policy", contentSecurityPolicy(ctx.cspNonce, ctx.analytics));
  // What a signed-in person or an API caller sees stays out of every cache, unless the answer chose its own (product images).
  if ((ctx.actor || /^\/(api|oauth2)(\/|$)/.test(c.req.path)) && !headers.has("cache-control")) headers.set("cache-control", "no-store");
  if (env.settings.APP_ENV === "production") c.res.headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  // Outside production, the database round trips made before the answer (the bench reads them; a
  // count could tell a known account from an unknown one, so production does not send it).
  else headers.set("server-timing", `db;desc="${roundTrips} round trips"`);
});

app.route("/api/v1", apiRouter());
app.route("/oauth2", oauthRouter());
// Stripe's events about the company subscriptions (signed; no session).
app.route("/webhooks", webhooksRouter());

/**
 * The live channel of the operations menus: a WebSocket to the company's OperationProgress
 * object, for a signed-in staff user of a page of this site only (another origin is refused).
 */
app.get("/operations/live", async (c) => {
  const ctx = c.get("ctx");
  const origin = c.req.header("origin");
  if (origin && origin !== new URL(c.req.url).origin) return c.body(null, 403);
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return c.body(null, 426);
  await authenticateFromCookie(c.req.raw, ctx);
  const actor = ctx.actor;
  if (actor?.kind !== "user" || actor.customerId) return c.body(null, 401);
  const headers = new Headers({ upgrade: "websocket" });
  headers.set(OPERATIONS_USER_HEADER, actor.userId);
  return c.env.OPERATIONS.getByName(actor.company.id).fetch(new Request(c.req.url, { headers }));
});

// Every other path and every method goes to React Router, so form POSTs reach their actions.
// HEAD is answered as GET without its body, so its headers (type, CSP) are the page's own.
app.all("*", async (c) => {
  const context = new RouterContextProvider();
  context.set(requestContext, c.get("ctx"));
  if (c.req.method !== "HEAD") return ssr(c.req.raw, context);
  const response = await ssr(new Request(c.req.raw, { method: "GET" }), context);
  await response.body?.cancel();
  return new Response(null, response);
});

export default {
  fetch: app.fetch,
  async queue(batch, env, _ctx) {
    let deps: OutboxConsumerDeps | undefined;
    await consumeJobs(batch, () => (deps ??= outboxConsumerDeps(parseEnv(env))));
    await dispatchAfterJobs(parseEnv(env), batch);
  },
  async scheduled(controller, env, _ctx) {
    const parsed = parseEnv(env);
    // Each its own work: an outbox that cannot be swept does not stop the subscriptions' invoices.
    const [swept, billed] = await Promise.allSettled([sweepOutboxes(parsed), billSubscriptions(parsed, controller.cron)]);
    if (billed.status === "rejected") console.error("subscriptions not billed", billed.reason);
    if (swept.status === "rejected") throw swept.reason;
  },
} satisfies ExportedHandler<Bindings>;
