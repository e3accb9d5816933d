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
 * every path, and those whose second is for every path under their first. Of those, it tries only
 * the branches whose fixed number of segments is the path's (one with an optional segment or a
 * splat is tried for any; every length when a partial match is asked). The order is React
 * Router's own, so the first branch that matches is the one it would have found. The index is
 * built once per branch list. The build fails when React Router's source no longer holds the lines it changes
 * (tests/unit/react-router-branch-index.test.ts matches many paths both ways).
 */
export const REACT_ROUTER_UTILS_FILE = /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]utils\.js$/;

const ORIGINAL =
  "\tlet decoded = decodePath(pathname);\n\tfor (let i = 0; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);";

const INDEXED = `\tlet decoded = decodePath(pathname);
\tif (precomputedBranches) branches = branchesForPath(precomputedBranches, decoded, allowPartial);
\tfor (let i = 0; matches == null && i < branches.length; ++i) matches = matchRouteBranch(branches[i], decoded, allowPartial);`;

const INDEX = `
const branchIndexes = new WeakMap();
/** The branches that can match a decoded path, in rank order (scripts/lib/react-router-branch-index.ts). */
function branchesForPath(branches, decoded, allowPartial) {
\tif (decoded[0] !== "/") return branches;
\tlet index = branchIndexes.get(branches);
\tif (!index) branchIndexes.set(branches, index = indexBranches(branches));
\tconst [, first, second] = decoded.split("/", 3);
\tconst byFirst = index.byFirstSegment.get(first.toLowerCase());
\tconst list = !byFirst ? index.everyPath : (second !== undefined && byFirst.bySecondSegment.get(second.toLowerCase())) || byFirst.anySecond;
\t// A partial match (route discovery) may leave segments of the path over: any length then.
\tif (allowPartial) return list;
\tlet length = 0;
\tfor (const segment of decoded.split("/")) if (segment !== "") length++;
\treturn ofLength(index, list, Math.min(length, index.longest + 1));
}
/** Of a list, the branches that can match a path of \`length\` segments: those of that many fixed segments, and those of no fixed length. */
function ofLength(index, list, length) {
\tlet byLength = index.byLength.get(list);
\tif (!byLength) index.byLength.set(list, byLength = new Map());
\tlet kept = byLength.get(length);
\tif (!kept) byLength.set(length, kept = list.filter((branch) => { const fixed = index.lengths.get(branch); return fixed === null || fixed === length; }));
\treturn kept;
}
/** A branch's first two segments, each lower-cased when it is plain ASCII text; null from the first that may be anything (a parameter, optional, a splat, or none). */
function textSegments(segments) {
\tconst text = (segment) => segment !== undefined && /^[A-Za-z0-9_.~-]+$/.test(segment) ? segment.toLowerCase() : null;
\tconst first = text(segments[0]);
\treturn [first, first === null ? null : text(segments[1])];
}
function indexBranches(branches) {
\tconst segmentsOf = branches.map((branch) => branch.routesMeta.flatMap((meta) => meta.relativePath.split("/").filter((segment) => segment !== "")));
\tconst keys = segmentsOf.map(textSegments);
\t// A branch of plain segments and required parameters matches only paths of as many non-empty segments (a
\t// parameter matches one or more characters other than '/', trailing slashes aside); one with an optional
\t// segment or a splat may match any.
\tconst lengths = new Map();
\tlet longest = 0;
\tbranches.forEach((branch, i) => {
\t\tconst fixed = segmentsOf[i].some((segment) => segment.includes("?") || segment.includes("*")) ? null : segmentsOf[i].length;
\t\tlengths.set(branch, fixed);
\t\tif (fixed !== null && fixed > longest) longest = fixed;
\t});
\tconst byFirstSegment = new Map();
\tfor (const [first] of keys) {
\t\tif (first === null || byFirstSegment.has(first)) continue;
\t\tconst mayMatch = (second) => (_, i) => keys[i][0] === null || (keys[i][0] === first && (keys[i][1] === null || keys[i][1] === second));
\t\tconst bySecondSegment = new Map();
\t\tfor (const [f, second] of keys) if (f === first && second !== null && !bySecondSegment.has(second)) bySecondSegment.set(second, branches.filter(mayMatch(second)));
\t\tbyFirstSegment.set(first, { bySecondSegment, anySecond: branches.filter(mayMatch(null)) });
\t}
\treturn { byFirstSegment, everyPath: branches.filter((_, i) => keys[i][0] === null), lengths, longest, byLength: new Map() };
}
`;

/** React Router's router/utils.js with the branches of a kept list indexed by their first segment. */
export function indexBranches(source: string): string {
  if (source.split(ORIGINAL).length !== 2)
    throw new Error("react-router's utils.js changed: its matchRoutesImpl is not the one the build indexes");
  return `${withoutSourceMap(source.replace(ORIGINAL, INDEXED))}\n${INDEX}`;
}

export const reactRouterBranchIndex = (): Plugin => dependencyRewrite("react-router-branch-index", REACT_ROUTER_UTILS_FILE, indexBranches);
