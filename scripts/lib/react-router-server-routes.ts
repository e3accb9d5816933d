import type { Plugin } from "vite";
import { dependencyRewrite, withoutSourceMap } from "./dependency-rewrite";

/**
 * React Router's `ServerRouter` builds the route tree again for each page it renders
 * (`createServerRoutes`: a route object per route of the app, 177 of them, their components looked up
 * in the route modules), though the tree depends only on the build. This plugin rewrites
 * `createServerRoutes` at build time to keep the tree it built, per build manifest, and to give it
 * back while the route modules, `future` and the SPA flag are the ones it was built from. The tree
 * is only read afterwards: `createStaticRouter` copies each route before it adds what a request
 * needs. The recursive calls (children) are not kept, only the whole tree. The build fails when
 * React Router's source no longer holds the function it wraps
 * (tests/unit/react-router-server-routes.test.ts compares the kept tree with a fresh one).
 */
export const REACT_ROUTER_ROUTES_FILE = /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]ssr[\\/]routes\.js$/;

const ORIGINAL_HEAD = "function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = ";

const KEPT = `
const keptServerRoutes = new WeakMap();
/** The whole tree, kept per manifest while its modules, future and SPA flag are the same (scripts/lib/react-router-server-routes.ts). */
function createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest) {
  if (rest.length > 0) return createServerRoutesAnew(manifest, routeModules, future, isSpaMode, ...rest);
  const kept = keptServerRoutes.get(manifest);
  if (kept && kept.future === future && kept.isSpaMode === isSpaMode && (kept.given === routeModules || sameModules(kept.routeModules, routeModules)))
    return kept.routes;
  const routes = createServerRoutesAnew(manifest, routeModules, future, isSpaMode);
  // The modules as given (the request handler gives the same object each time, see keptEntryRouteModules) and as they were.
  keptServerRoutes.set(manifest, { future, isSpaMode, given: routeModules, routeModules: { ...routeModules }, routes });
  return routes;
}
function sameModules(kept, given) {
  let count = 0;
  for (const id in given) {
    if (kept[id] !== given[id]) return false;
    count++;
  }
  return count === Object.keys(kept).length;
}
`;

/** React Router's routes.js with the server route tree kept. */
export function keepServerRoutes(source: string): string {
  if (source.split(ORIGINAL_HEAD).length !== 2)
    throw new Error("react-router's routes.js changed: its createServerRoutes is not the one the build wraps");
  // The original keeps its body, under another name; its recursive calls go through the wrapper with all their arguments.
  const renamed = source.replace(ORIGINAL_HEAD, "function createServerRoutesAnew(manifest, routeModules, future, isSpaMode, parentId = ");
  return `${withoutSourceMap(renamed)}\n${KEPT}`;
}

/**
 * `createStaticRouter` (React Router's static router, made for each page) then copies that tree
 * into data routes, each with its id, and a manifest of them. Kept per tree as well: the static
 * router only reads them, and the copies differ from one page to the next only by identity.
 */
export const REACT_ROUTER_SERVER_FILE = /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]server\.js$/;

const STATIC_ROUTES = "\tlet manifest = {};\n\tlet dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, manifest);\n";

const KEPT_DATA_ROUTES = `
const keptDataRouteTrees = new WeakMap();
/** A route tree's data routes and their manifest, made once per tree (scripts/lib/react-router-server-routes.ts). */
function keptDataRoutes(routes) {
  let kept = keptDataRouteTrees.get(routes);
  if (!kept) {
    const manifest = {};
    kept = { dataRoutes: convertRoutesToDataRoutes(routes, void 0, void 0, manifest), manifest };
    keptDataRouteTrees.set(routes, kept);
  }
  return kept;
}
`;

/** React Router's dom/server.js with each tree's data routes kept. */
export function keepStaticDataRoutes(source: string): string {
  if (source.split(STATIC_ROUTES).length !== 2)
    throw new Error("react-router's server.js changed: its createStaticRouter does not make data routes as the build keeps them");
  const kept = source.replace(STATIC_ROUTES, "\tlet { dataRoutes, manifest } = keptDataRoutes(routes);\n");
  return `${withoutSourceMap(kept)}\n${KEPT_DATA_ROUTES}`;
}

/**
 * The request handler gives each page its route modules as a new object made from the build's
 * manifest (`createEntryRouteModules`, a walk of the app's 177 routes). Kept per manifest: nothing
 * on the server writes to it, and the route tree above is then recognised by identity.
 */
export const REACT_ROUTER_ENTRY_FILE = /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]server-runtime[\\/]entry\.js$/;

const ENTRY_HEAD = "function createEntryRouteModules(manifest) {";

const KEPT_ENTRY = `
const keptEntryRouteModules = new WeakMap();
/** The route modules of a build's manifest, made once per manifest (scripts/lib/react-router-server-routes.ts). */
function createEntryRouteModules(manifest) {
  let kept = keptEntryRouteModules.get(manifest);
  if (!kept) keptEntryRouteModules.set(manifest, (kept = createEntryRouteModulesAnew(manifest)));
  return kept;
}
`;

/** React Router's server-runtime/entry.js with the route modules kept per manifest. */
export function keepEntryRouteModules(source: string): string {
  if (source.split(ENTRY_HEAD).length !== 2)
    throw new Error("react-router's entry.js changed: its createEntryRouteModules is not the one the build wraps");
  const renamed = source.replace(ENTRY_HEAD, "function createEntryRouteModulesAnew(manifest) {");
  return `${withoutSourceMap(renamed)}\n${KEPT_ENTRY}`;
}

/**
 * `getBuildTimeHeader` asks, for each request and each loader it runs, whether the process is
 * React Router's own prerendering build (an environment variable of that build): in workerd, a
 * lookup in the environment's object each time. Asked once per isolate.
 */
export const REACT_ROUTER_DEV_FILE = /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]server-runtime[\\/]dev\.js$/;

const BUILD_REQUEST_CHECK =
  'function getBuildTimeHeader(request, headerName) {\n\tif (typeof process !== "undefined") try {\n\t\tif (process.env.hasOwnProperty("IS_RR_BUILD_REQUEST") && process.env.IS_RR_BUILD_REQUEST === "yes") return request.headers.get(headerName);\n\t} catch {}\n\treturn null;\n}';

const KEPT_BUILD_REQUEST_CHECK = `let isBuildRequest;
/** Whether this is React Router's prerendering build, asked once (scripts/lib/react-router-server-routes.ts). */
function getBuildTimeHeader(request, headerName) {
\tif (isBuildRequest === undefined) {
\t\tisBuildRequest = false;
\t\tif (typeof process !== "undefined") try {
\t\t\tisBuildRequest = process.env.hasOwnProperty("IS_RR_BUILD_REQUEST") && process.env.IS_RR_BUILD_REQUEST === "yes";
\t\t} catch {}
\t}
\treturn isBuildRequest ? request.headers.get(headerName) : null;
}`;

/** React Router's server-runtime/dev.js with the prerendering check made once. */
export function keepBuildRequestCheck(source: string): string {
  if (source.split(BUILD_REQUEST_CHECK).length !== 2)
    throw new Error("react-router's dev.js changed: its getBuildTimeHeader is not the one the build replaces");
  return source.replace(BUILD_REQUEST_CHECK, KEPT_BUILD_REQUEST_CHECK);
}

export const reactRouterServerRoutes = (): Plugin[] => [
  dependencyRewrite("react-router-entry-route-modules", REACT_ROUTER_ENTRY_FILE, keepEntryRouteModules),
  dependencyRewrite("react-router-build-request-check", REACT_ROUTER_DEV_FILE, keepBuildRequestCheck),
  dependencyRewrite("react-router-server-routes", REACT_ROUTER_ROUTES_FILE, keepServerRoutes),
  dependencyRewrite("react-router-static-data-routes", REACT_ROUTER_SERVER_FILE, keepStaticDataRoutes),
];
