import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { reactRouterCopy } from "../support/react-router-copy";
import appRoutes from "../../app/routes";
import { REACT_ROUTER_UTILS_FILE, indexBranches } from "../../scripts/lib/react-router-branch-index";

// The build indexes React Router's kept branches by their first two segments and their number of segments
// (scripts/lib/react-router-branch-index.ts). Every path must find the routes React Router's own
// matching finds, with the same parameters.

const { production, folder } = reactRouterCopy("branches");
const utilsFile = join(production, "lib", "router", "utils.js");

interface Route {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: Route[];
}
interface Match {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: Route;
}
interface Utils {
  flattenAndRankRoutes(routes: Route[]): unknown[];
  matchRoutesImpl(routes: Route[], location: string, basename: string, allowPartial: boolean, branches?: unknown[]): Match[] | null;
}

async function both(): Promise<{ indexed: Utils; original: Utils }> {
  cpSync(production, folder, { recursive: true });
  const copy = join(folder, "lib", "router", "utils.js");
  writeFileSync(copy, indexBranches(readFileSync(utilsFile, "utf8")));
  return {
    indexed: (await import(/* @vite-ignore */ pathToFileURL(copy).href)) as Utils,
    original: (await import(/* @vite-ignore */ pathToFileURL(utilsFile).href)) as Utils,
  };
}

interface ConfigEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: ConfigEntry[];
}
const toRoutes = (entries: ConfigEntry[]): Route[] =>
  entries.map((e) => ({
    id: e.id ?? e.file,
    path: e.path,
    index: e.index,
    caseSensitive: e.caseSensitive,
    children: e.children ? toRoutes(e.children) : undefined,
  }));

// The app's own routes under a root layout, as the build gives them, and a few shapes the app does not use yet.
const routes: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      ...toRoutes(appRoutes as ConfigEntry[]),
      { id: "case", path: "Exact/Case", caseSensitive: true },
      { id: "dotted", path: "files/report.v2.pdf" },
      { id: "optional-static", path: "docs?/guide" },
      { id: "param-first", path: ":lang/about" },
      { id: "splat-docs", path: "help/*" },
      { id: "absolute", path: "/absolute/child" },
      { id: "unicode", path: "café/menu" },
      { id: "shop-item", path: "shop/items/:id" },
      { id: "shop-optional", path: "shop/:category?/list" },
      { id: "shop-param", path: "shop/:category" },
      {
        id: "shop-layout",
        path: "shop",
        children: [
          { id: "shop-index", index: true },
          { id: "shop-cart", path: "cart" },
        ],
      },
      { id: "shop-case", path: "shop/Exact", caseSensitive: true },
      { id: "catch-all", path: "*" },
    ],
  },
];

function routePaths(list: Route[], prefix = ""): string[] {
  return list.flatMap((r) => {
    const path = r.path ? `${prefix}/${r.path.replace(/^\/+/, "")}` : prefix;
    return [path || "/", ...(r.children ? routePaths(r.children, path) : [])];
  });
}

// Each route's path with its parameters filled or left out, in other cases, encoded, with doubled and trailing slashes.
function pathsToTry(): string[] {
  const paths = new Set<string>([
    "/",
    "//",
    "///dashboard",
    "/dashboard//",
    "",
    "dashboard",
    "/%64ashboard",
    "/%E2%82%AC",
    "/%zz/bad",
    "/caf%C3%A9/menu",
    "/CAFÉ/menu",
    "/K\u212Aey",
    "/exact/case",
    "/Exact/Case",
    "/files/report.v2.pdf",
    "/files/reportxv2.pdf",
    "/guide",
    "/docs/guide",
    "/fr/about",
    "/help",
    "/help/a/b",
    "/absolute/child",
    "/unknown/thing",
    "/b2b",
    "/B2B/Products/x",
    "/settings/users/42/edit/",
    "/sales/orders/ORD-1%2F2",
    "/shop",
    "/shop/",
    "/shop//cart",
    "/shop/cart",
    "/SHOP/CART",
    "/shop/c%61rt",
    "/shop/items",
    "/shop/items/9",
    "/shop/tools/list",
    "/shop/list",
    "/shop/exact",
    "/shop/Exact",
    "/products-and-services//products",
    "/products-and-services/%70roducts",
  ]);
  for (const path of routePaths(routes)) {
    const filled = path.replace(/:[\w-]+\??/g, "x1").replace(/\*$/, "rest/of");
    const bare = path.replace(/\/:[\w-]+\?/g, "").replace(/:[\w-]+/g, "y2");
    const doubled = filled.replace(/^(\/[^/]+)\//, "$1//");
    for (const p of [filled, bare, filled.toUpperCase(), `${filled}/`, `${filled}/extra`, filled.replace(/^\//, "//"), doubled])
      paths.add(p);
  }
  return [...paths];
}

const summary = (matches: Match[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

describe("React Router's branches indexed by their first two segments and their length (build-time rewrite)", () => {
  it("targets React Router's router utilities", () => {
    expect(REACT_ROUTER_UTILS_FILE.test(utilsFile)).toBe(true);
  });

  it("finds for every path the routes and parameters React Router's own matching finds", async () => {
    const { indexed, original } = await both();
    const keptOriginal = original.flattenAndRankRoutes(routes);
    const keptIndexed = indexed.flattenAndRankRoutes(routes);
    const paths = pathsToTry();
    expect(paths.length).toBeGreaterThan(800);
    let matched = 0;
    for (const path of paths)
      for (const partial of [false, true]) {
        const expected = summary(original.matchRoutesImpl(routes, path, "/", partial, keptOriginal));
        expect({ path, partial, found: summary(indexed.matchRoutesImpl(routes, path, "/", partial, keptIndexed)) }).toEqual({
          path,
          partial,
          found: expected,
        });
        // Without kept branches the list is made anew, and not indexed.
        expect(summary(indexed.matchRoutesImpl(routes, path, "/", partial))).toEqual(expected);
        if (expected && expected.at(-1)!.id !== "catch-all") matched++;
      }
    // Most paths reach a route of their own, not the catch-all.
    expect(matched).toBeGreaterThan(paths.length);
    // Under a basename too.
    for (const path of ["/app/dashboard", "/app/B2B/order", "/app", "/other/dashboard"])
      expect(summary(indexed.matchRoutesImpl(routes, path, "/app", false, keptIndexed))).toEqual(
        summary(original.matchRoutesImpl(routes, path, "/app", false, keptOriginal)),
      );
  });

  it("refuses a React Router whose matching is not the one it indexes", () => {
    const source = readFileSync(utilsFile, "utf8");
    expect(() =>
      indexBranches(
        source.replace("matches = matchRouteBranch(branches[i], decoded, allowPartial)", "matches = matchBranch(branches[i], decoded)"),
      ),
    ).toThrow(/matchRoutesImpl/);
  });
});
