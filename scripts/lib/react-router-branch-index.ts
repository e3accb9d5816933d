import type { Plugin } from "vite";
import { dependencyRewrite } from "./dependency-rewrite";

/**
 * React Router finds a URL's routes by trying every branch of the route tree in rank order, each
 * with its regular expressions and the objects of a match, until one matches: with this app's
 * routes (several hundred branches once optional segments are spelled out), 4 to 5 % of each
 * page's CPU in workerd, twice per page (the request handler, then the document's query).
 *
 * This plugin rewrites `matchRoutesImpl` at build time so that, for the branches a matcher keeps
 * (`precomputedBranches`), it tries only the branches that can match the path's first segment: a
 * branch whose first path segment is plain ASCII text matches only a path whose first segment is
 * that text, in any case, since React Router's expression for it is `^/text` followed by `/` or the
 * end, case-insensitive unless the route says otherwise. Branches whose first segment is a
 * parameter, optional, a splat or absent are kept for every path, and the order is React Router's
 * own, so the first branch that matches is the one it would have found. The index is built once
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
\treturn index.byFirstSegment.get(decoded.split("/", 2)[1].toLowerCase()) ?? index.everyPath;
}
/** A branch's first segment when it is plain ASCII text, lower-cased; null when the branch may match any first segment. */
function firstTextSegment(branch) {
\tfor (const meta of branch.routesMeta) {
\t\tconst path = meta.relativePath.replace(/^\\/+/, "");
\t\tif (path === "") continue;
\t\tconst first = path.split("/", 1)[0];
\t\treturn /^[A-Za-z0-9_.~-]+$/.test(first) ? first.toLowerCase() : null;
\t}
\treturn null;
}
function indexBranches(branches) {
\tconst firsts = branches.map(firstTextSegment);
\tconst byFirstSegment = new Map();
\tfor (const first of firsts) if (first !== null && !byFirstSegment.has(first)) byFirstSegment.set(first, branches.filter((_, i) => firsts[i] === null || firsts[i] === first));
\treturn { byFirstSegment, everyPath: branches.filter((_, i) => firsts[i] === null) };
}
`;

/** React Router's router/utils.js with the branches of a kept list indexed by their first segment. */
export function indexBranches(source: string): string {
  if (source.split(ORIGINAL).length !== 2)
    throw new Error("react-router's utils.js changed: its matchRoutesImpl is not the one the build indexes");
  return `${source.replace(ORIGINAL, INDEXED).replace(/\n\/\/# sourceMappingURL=.*$/m, "")}\n${INDEX}`;
}

export const reactRouterBranchIndex = (): Plugin => dependencyRewrite("react-router-branch-index", REACT_ROUTER_UTILS_FILE, indexBranches);
