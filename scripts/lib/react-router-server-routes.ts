import type { Plugin } from "vite";
import { dependencyRewrite } from "./dependency-rewrite";

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
  if (kept && kept.future === future && kept.isSpaMode === isSpaMode && sameModules(kept.routeModules, routeModules)) return kept.routes;
  const routes = createServerRoutesAnew(manifest, routeModules, future, isSpaMode);
  keptServerRoutes.set(manifest, { future, isSpaMode, routeModules: { ...routeModules }, routes });
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
  return `${renamed.replace(/\n\/\/# sourceMappingURL=.*$/m, "")}\n${KEPT}`;
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
  return `${kept.replace(/\n\/\/# sourceMappingURL=.*$/m, "")}\n${KEPT_DATA_ROUTES}`;
}

export const reactRouterServerRoutes = (): Plugin[] => [
  dependencyRewrite("react-router-server-routes", REACT_ROUTER_ROUTES_FILE, keepServerRoutes),
  dependencyRewrite("react-router-static-data-routes", REACT_ROUTER_SERVER_FILE, keepStaticDataRoutes),
];
