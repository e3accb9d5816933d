import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { reactRouterCopy } from "../support/react-router-copy";
import {
  REACT_ROUTER_DEV_FILE,
  REACT_ROUTER_ENTRY_FILE,
  REACT_ROUTER_ROUTES_FILE,
  REACT_ROUTER_SERVER_FILE,
  keepBuildRequestCheck,
  keepEntryRouteModules,
  keepServerRoutes,
  keepStaticDataRoutes,
} from "../../scripts/lib/react-router-server-routes";

// The build keeps React Router's server route tree (scripts/lib/react-router-server-routes.ts). The
// kept tree must be the one React Router builds, and be built again when what it came from changes.

const { production, folder } = reactRouterCopy("routes");
const routesFile = join(production, "lib", "dom", "ssr", "routes.js");

type Create = (manifest: object, modules: object, future: object, isSpaMode: boolean) => Route[];
interface Route {
  id: string;
  path?: string;
  index?: boolean;
  handle?: unknown;
  loader?: unknown;
  Component?: unknown;
  element?: unknown;
  children?: Route[];
}

const serverFile = join(production, "lib", "dom", "server.js");

async function both(): Promise<{ kept: Create; original: Create }> {
  cpSync(production, folder, { recursive: true });
  const copy = join(folder, "lib", "dom", "ssr", "routes.js");
  writeFileSync(copy, keepServerRoutes(readFileSync(routesFile, "utf8")));
  writeFileSync(join(folder, "lib", "dom", "server.js"), keepStaticDataRoutes(readFileSync(serverFile, "utf8")));
  const kept = (await import(/* @vite-ignore */ pathToFileURL(copy).href)) as { createServerRoutes: Create };
  const original = (await import(/* @vite-ignore */ pathToFileURL(routesFile).href)) as { createServerRoutes: Create };
  return { kept: kept.createServerRoutes, original: original.createServerRoutes };
}

const shape = (routes: Route[]): unknown =>
  routes.map((r) => ({
    id: r.id,
    path: r.path,
    index: r.index,
    handle: r.handle,
    loader: typeof r.loader,
    component: typeof r.Component,
    element: r.element ? "element" : null,
    children: r.children ? shape(r.children) : null,
  }));

const manifest = {
  root: { id: "root", path: "", hasLoader: true },
  "routes/list": { id: "routes/list", parentId: "root", path: "list", hasLoader: true },
  "routes/list-index": { id: "routes/list-index", parentId: "routes/list", index: true, hasLoader: false },
  "routes/item": { id: "routes/item", parentId: "root", path: "item/:id", hasLoader: true },
};
const page = (name: string) => ({ default: Object.assign(() => null, { displayName: name }), handle: { name } });
const modules = {
  root: { ...page("root"), Layout: ({ children }: { children: unknown }) => children },
  "routes/list": page("list"),
  "routes/list-index": page("list-index"),
  "routes/item": page("item"),
};
const future = {};

describe("React Router's server routes, as the build keeps them", () => {
  it("names the file it rewrites, and refuses a source without the function it wraps", () => {
    expect(REACT_ROUTER_ROUTES_FILE.test(routesFile)).toBe(true);
    expect(() => keepServerRoutes("export function createServerRoutes() {}")).toThrow(/changed/);
  });

  it("builds the tree React Router builds, and gives it back for the same build (route modules in a new object each request)", async () => {
    const { kept, original } = await both();
    const tree = kept(manifest, modules, future, false);
    expect(shape(tree)).toEqual(shape(original(manifest, modules, future, false)));
    expect(tree[0]!.children!.map((r) => r.id)).toEqual(["routes/list", "routes/item"]);
    expect(kept(manifest, { ...modules }, future, false)).toBe(tree);
  });

  it("builds it again when a route module, the future flags or the SPA flag change", async () => {
    const { kept } = await both();
    const tree = kept(manifest, modules, future, false);
    const changed = { ...modules, "routes/item": page("item, changed") };
    const again = kept(manifest, changed, future, false);
    expect(again).not.toBe(tree);
    expect(again[0]!.children![1]!.handle).toEqual({ name: "item, changed" });
    expect(kept(manifest, { ...changed, extra: page("extra") }, future, false)).not.toBe(again);
    expect(kept(manifest, changed, {}, false)).not.toBe(again);
    expect(kept(manifest, changed, future, true)).not.toBe(again);
  });

  it("keeps the static router's data routes and manifest per tree, the same as React Router makes them", async () => {
    expect(REACT_ROUTER_SERVER_FILE.test(serverFile)).toBe(true);
    expect(() => keepStaticDataRoutes("export function createStaticRouter(routes) {}")).toThrow(/changed/);
    const { original } = await both();
    type Router = { routes: Route[]; manifest: Record<string, Route>; state: { matches: { route: Route }[] } };
    type CreateRouter = (routes: Route[], context: object) => Router;
    const keptServer = (await import(/* @vite-ignore */ pathToFileURL(join(folder, "lib", "dom", "server.js")).href)) as {
      createStaticRouter: CreateRouter;
    };
    const originalServer = (await import(/* @vite-ignore */ pathToFileURL(serverFile).href)) as { createStaticRouter: CreateRouter };
    const tree = original(manifest, modules, future, false) as Route[];
    const context = (tree: Route[]) => ({
      basename: "/",
      location: { pathname: "/item/7" },
      matches: [
        { params: { id: "7" }, pathname: "/", pathnameBase: "/", route: tree[0] },
        { params: { id: "7" }, pathname: "/item/7", pathnameBase: "/item/7", route: tree[0]!.children![1] },
      ],
      loaderData: {},
      actionData: null,
      errors: null,
      _match: () => null,
    });
    const first = keptServer.createStaticRouter(tree, context(tree));
    const fresh = originalServer.createStaticRouter(tree, context(tree));
    expect(shape(first.routes)).toEqual(shape(fresh.routes));
    expect(Object.keys(first.manifest)).toEqual(Object.keys(fresh.manifest));
    expect(first.state.matches.map((m) => m.route)).toEqual([first.manifest.root, first.manifest["routes/item"]]);
    // The next page of the same build: the same data routes; another tree: its own.
    const second = keptServer.createStaticRouter(tree, context(tree));
    expect(second.routes).toBe(first.routes);
    expect(second.manifest).toBe(first.manifest);
    const other = original(manifest, { ...modules, "routes/item": page("item, changed") }, future, false) as Route[];
    const third = keptServer.createStaticRouter(other, context(other));
    expect(third.routes).not.toBe(first.routes);
    expect(third.manifest["routes/item"]!.handle).toEqual({ name: "item, changed" });
  });

  it("makes a build's route modules once per manifest, as React Router makes them", async () => {
    const entryFile = join(production, "lib", "server-runtime", "entry.js");
    expect(REACT_ROUTER_ENTRY_FILE.test(entryFile)).toBe(true);
    expect(() =>
      keepEntryRouteModules("function createEntryRouteModules(m) { return m; }\nfunction createEntryRouteModules(m) {}"),
    ).toThrow(/changed/);
    const copy = join(folder, "entry-kept.mjs");
    writeFileSync(copy, keepEntryRouteModules(readFileSync(entryFile, "utf8")));
    type Entry = { createEntryRouteModules: (manifest: object) => Record<string, unknown> };
    const kept = (await import(/* @vite-ignore */ pathToFileURL(copy).href)) as Entry;
    const original = (await import(/* @vite-ignore */ pathToFileURL(entryFile).href)) as Entry;
    const build = Object.fromEntries(Object.entries(modules).map(([id, module]) => [id, { id, module }]));
    const first = kept.createEntryRouteModules(build);
    expect(first).toEqual(original.createEntryRouteModules(build));
    expect(Object.keys(first)).toEqual(Object.keys(modules));
    expect(kept.createEntryRouteModules(build)).toBe(first);
    // Another build (a new manifest): its own modules.
    const rebuilt = { ...build, "routes/item": { id: "routes/item", module: page("item, rebuilt") } };
    expect(kept.createEntryRouteModules(rebuilt)["routes/item"]).toEqual(rebuilt["routes/item"].module);
  });

  it("asks once whether it runs in React Router's prerendering build, and answers as React Router does", async () => {
    const devFile = join(production, "lib", "server-runtime", "dev.js");
    expect(REACT_ROUTER_DEV_FILE.test(devFile)).toBe(true);
    expect(() => keepBuildRequestCheck("function getBuildTimeHeader() { return null; }")).toThrow(/changed/);
    const source = keepBuildRequestCheck(readFileSync(devFile, "utf8"));
    type Dev = { getBuildTimeHeader: (request: Request, name: string) => string | null };
    const request = new Request("https://app.test/", { headers: { "x-react-router-spa-mode": "yes" } });
    const load = async (name: string) => {
      const copy = join(folder, name);
      writeFileSync(copy, source);
      return (await import(/* @vite-ignore */ pathToFileURL(copy).href)) as Dev;
    };
    const original = (await import(/* @vite-ignore */ pathToFileURL(devFile).href)) as Dev;
    const before = process.env.IS_RR_BUILD_REQUEST;
    try {
      delete process.env.IS_RR_BUILD_REQUEST;
      const served = await load("dev-served.mjs");
      expect(served.getBuildTimeHeader(request, "X-React-Router-SPA-Mode")).toBe(
        original.getBuildTimeHeader(request, "X-React-Router-SPA-Mode"),
      );
      expect(served.getBuildTimeHeader(request, "X-React-Router-SPA-Mode")).toBeNull();
      process.env.IS_RR_BUILD_REQUEST = "yes";
      const prerendering = await load("dev-prerendering.mjs");
      expect(prerendering.getBuildTimeHeader(request, "X-React-Router-SPA-Mode")).toBe("yes");
      expect(original.getBuildTimeHeader(request, "X-React-Router-SPA-Mode")).toBe("yes");
      // Asked once: the served isolate keeps its answer.
      expect(served.getBuildTimeHeader(request, "X-React-Router-SPA-Mode")).toBeNull();
    } finally {
      if (before === undefined) delete process.env.IS_RR_BUILD_REQUEST;
      else process.env.IS_RR_BUILD_REQUEST = before;
    }
  });
});
