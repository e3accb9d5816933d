import type { Plugin } from "vite";
import { dependencyRewrite, withoutSourceMap } from "./dependency-rewrite";

/**
 * React Router finds a URL's routes by trying every branch of the route tree in rank order, each
 * with its regular expressions and the objects of a match, until one matches: with this app's
 * routes (several hundred branches once optional segments are spelled out), 4 to 5 % of each
 * page's CPU in workerd, twice per page (the request handler, then the document's query).
 *
 * This plugin rewrites `matchRoutesImpl` at build time so that, for the branches a matcher keeps
 * (`precomputedBranches`), it tries only the branches that can match the path's first two
 * segments: a branch whose first path segment is plain ASCII text matches only a path whose first
 * segment is that text, in any case, since React Router's expression for it is `^/text` followed by
 * `/` or the end, case-insensitive unless the route says otherwise; the same holds for its second
 * segment after a first one of text (a section such as /products-and-services holds dozens of
 * branches). Branches whose first segment is a parameter, optional, a splat or absent are kept for
 * every path, and those whose second is for every path under their first; the order is React
 * Router's own, so the first branch that matches is the one it would have found. The index is built once
 * per branch list. The build fails when React Router's source no longer holds the lines it changes
 * (tests/unit/react-router-branch-index.test.ts matches many paths both ways).
 */
export const REACT_ROUTER_UTILS_FILE = /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]utils\.js$/;

const ORIGINAL =
  "\tlet decoded = decodePath(pathname);\n\tfor (let i = 0; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);";

const INDEXED = `\tlet decoded = decodePath(pathname);
\tif (precomputedBranches) branches = branchesForPath(precomputedBranches, decoded);
\tfor (let i = 0; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);`;

const INDEX = `
const branchIndexes = new WeakMap();
/** The branches that can match a decoded path, in rank order (scripts/lib/react-router-branch-index.ts). */
function branchesForPath(branches, decoded) {
\tif (decoded[0] !== "/") return branches;
\tlet index = branchIndexes.get(branches);
\tif (!index) branchIndexes.set(branches, index = indexBranches(branches));
\tconst [, first, second] = decoded.split("/", 3);
\tconst byFirst = index.byFirstSegment.get(first.toLowerCase());
\tif (!byFirst) return index.everyPath;
\treturn (second !== undefined && byFirst.bySecondSegment.get(second.toLowerCase())) || byFirst.anySecond;
}
/** A branch's first two segments, each lower-cased when it is plain ASCII text; null from the first that may be anything (a parameter, optional, a splat, or none). */
function textSegments(branch) {
\tconst segments = branch.routesMeta.flatMap((meta) => meta.relativePath.split("/").filter((segment) => segment !== ""));
\tconst text = (segment) => segment !== undefined && /^[A-Za-z0-9_.~-]+$/.test(segment) ? segment.toLowerCase() : null;
\tconst first = text(segments[0]);
\treturn [first, first === null ? null : text(segments[1])];
}
function indexBranches(branches) {
\tconst keys = branches.map(textSegments);
\tconst byFirstSegment = new Map();
\tfor (const [first] of keys) {
\t\tif (first === null || byFirstSegment.has(first)) continue;
\t\tconst mayMatch = (second) => (_, i) => keys[i][0] === null || (keys[i][0] === first && (keys[i][1] === null || keys[i][1] === second));
\t\tconst bySecondSegment = new Map();
\t\tfor (const [f, second] of keys) if (f === first && second !== null && !bySecondSegment.has(second)) bySecondSegment.set(second, branches.filter(mayMatch(second)));
\t\tbyFirstSegment.set(first, { bySecondSegment, anySecond: branches.filter(mayMatch(null)) });
\t}
\treturn { byFirstSegment, everyPath: branches.filter((_, i) => keys[i][0] === null) };
}
`;

/** React Router's router/utils.js with the branches of a kept list indexed by their first segment. */
export function indexBranches(source: string): string {
  if (source.split(ORIGINAL).length !== 2)
    throw new Error("react-router's utils.js changed: its matchRoutesImpl is not the one the build indexes");
  return `${withoutSourceMap(source.replace(ORIGINAL, INDEXED))}\n${INDEX}`;
}

export const reactRouterBranchIndex = (): Plugin => dependencyRewrite("react-router-branch-index", REACT_ROUTER_UTILS_FILE, indexBranches);
