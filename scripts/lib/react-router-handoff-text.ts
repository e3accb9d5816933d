import type { Plugin } from "vite";
import { dependencyRewrite, withoutSourceMap } from "./dependency-rewrite";

/**
 * React Router encodes a page's data (turbo-stream, for the client's hydration) and each client
 * navigation's data (`.data`) through a stream, made for data that holds promises still to settle:
 * an AbortController, a timer and a listener on the request for the time limit, a ReadableStream
 * whose start flattens the data asynchronously (a clock reading per value, an await per value
 * list), each chunk encoded to bytes, then read back and decoded by the page's entry. No loader of
 * this app returns a promise (decision 059): its data is whole when it is encoded.
 *
 * These rewrites give React Router a second way to the same text (decision 060):
 * - `flatten.js` gains `encodeSync`, the same flattening done at once: its functions are made from
 *   turbo-stream's own `flatten` and `stringify` at build time, their wait for the event loop (taken
 *   every 6,000 values after a millisecond) removed. It gives null when the data holds a promise.
 * - `encodeViaTurboStream` (single-fetch.js) gives that text when there is one (a `.data` answer is
 *   then a string body), else its stream as before. Should the text fail (a value turbo-stream
 *   cannot encode), the stream is made and fails as it did.
 * - The document's entry context (server-runtime/server.js) carries the text as `serverHandoffText`
 *   in place of the stream; `app/entry.server.tsx` writes it.
 * The build fails when React Router's source no longer holds what these rewrites change
 * (tests/unit/react-router-handoff-text.test.ts compares both ways' texts over many values).
 */
export const TURBO_STREAM_FLATTEN_FILE = /[\\/]react-router[\\/]dist[\\/]production[\\/]vendor[\\/]turbo-stream-v2[\\/]flatten\.js$/;
export const REACT_ROUTER_SINGLE_FETCH_FILE = /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]server-runtime[\\/]single-fetch\.js$/;
export const REACT_ROUTER_SERVER_RUNTIME_FILE = /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]server-runtime[\\/]server\.js$/;

const FLATTEN_HEAD = "async function flatten(input) {";
const STRINGIFY_HEAD = "async function stringify(stack) {";
const AFTER_STRINGIFY = "const objectProtoNames = ";
const FLATTEN_AWAIT = "\tawait stringify.call(this, stack);\n";
const YIELD_CLOCK = "\tlet lastYieldTime = getNow();\n";
const YIELD =
  "\t\tconst now = getNow();\n\t\tif (++i % 6e3 === 0 && now - lastYieldTime >= TIME_LIMIT_MS) {\n\t\t\tawait yieldToMain();\n\t\t\tlastYieldTime = getNow();\n\t\t}\n";

const ENCODE_SYNC = `
/** The whole text of a value that holds no promise, as encode() streams it; null when it holds one (scripts/lib/react-router-handoff-text.ts). */
function encodeSync(input, options) {
\tconst encoder = { deferred: {}, index: 0, indices: new Map(), stringified: [], plugins: options.plugins, postPlugins: options.postPlugins };
\tconst id = flattenSync.call(encoder, input);
\tif (Object.keys(encoder.deferred).length > 0) return null;
\treturn id < 0 ? \`\${id}\\n\` : \`[\${encoder.stringified.join(",")}]\\n\`;
}
export { encodeSync };
`;

/** One piece of a source, checked to be there once. */
function once(source: string, piece: string, file: string): void {
  if (source.split(piece).length !== 2) throw new Error(`react-router's ${file} changed: it does not hold what the build rewrites`);
}

/** turbo-stream's flatten.js with `encodeSync`, its flattening made synchronous from its own functions. */
export function addEncodeSync(source: string): string {
  for (const piece of [FLATTEN_HEAD, STRINGIFY_HEAD, AFTER_STRINGIFY, FLATTEN_AWAIT, YIELD_CLOCK, YIELD]) once(source, piece, "flatten.js");
  const flatten = source.slice(source.indexOf(FLATTEN_HEAD), source.indexOf(STRINGIFY_HEAD));
  const stringify = source.slice(source.indexOf(STRINGIFY_HEAD), source.indexOf(AFTER_STRINGIFY));
  const flattenSync = flatten
    .replace(FLATTEN_HEAD, "function flattenSync(input) {")
    .replace(FLATTEN_AWAIT, "\tstringifySync.call(this, stack);\n");
  const stringifySync = stringify.replace(STRINGIFY_HEAD, "function stringifySync(stack) {").replace(YIELD_CLOCK, "").replace(YIELD, "");
  if (/\b(?:async|await)\b/.test(flattenSync + stringifySync))
    throw new Error("react-router's flatten.js changed: its flattening waits where the build does not expect it");
  return `${withoutSourceMap(source)}\n${flattenSync}${stringifySync}${ENCODE_SYNC}`;
}

const ENCODE_HEAD = "function encodeViaTurboStream(data, requestSignal, streamTimeout, serverMode) {";
const ENCODE_CALL = "\treturn encode(data, {\n\t\tsignal: controller.signal,\n\t\tonComplete: cleanupCallbacks,\n";
const ENCODE_END = "\n\t});\n}";
const SINGLE_FETCH_IMPORT = 'import { encode } from "../../vendor/turbo-stream-v2/turbo-stream.js";\n';

/** React Router's server-runtime/single-fetch.js: `encodeViaTurboStream` gives the whole text when the data holds no promise. */
export function encodeTextFirst(source: string): string {
  for (const piece of [ENCODE_HEAD, ENCODE_CALL, SINGLE_FETCH_IMPORT]) once(source, piece, "single-fetch.js");
  const start = source.indexOf(ENCODE_CALL) + ENCODE_CALL.length;
  const end = source.indexOf(ENCODE_END, start);
  if (end < 0) throw new Error("react-router's single-fetch.js changed: it does not hold what the build rewrites");
  // turbo-stream's plugins for React Router's errors, redirects and class instances, as the stream is given them.
  const plugins = source.slice(start, end);
  const rewritten = source
    .replace(SINGLE_FETCH_IMPORT, `${SINGLE_FETCH_IMPORT}import { encodeSync } from "../../vendor/turbo-stream-v2/flatten.js";\n`)
    .replace(ENCODE_HEAD, "function encodeViaTurboStreamAnew(data, requestSignal, streamTimeout, serverMode) {");
  return `${withoutSourceMap(rewritten)}
/** React Router's turbo-stream plugins (scripts/lib/react-router-handoff-text.ts). */
function turboStreamPlugins(serverMode) {
\treturn {
${plugins}
\t};
}
/** The data's whole text when it holds no promise, else React Router's stream of it (scripts/lib/react-router-handoff-text.ts). */
function encodeViaTurboStream(data, requestSignal, streamTimeout, serverMode) {
\tlet text = null;
\ttry {
\t\ttext = encodeSync(data, turboStreamPlugins(serverMode));
\t} catch {}
\treturn text ?? encodeViaTurboStreamAnew(data, requestSignal, streamTimeout, serverMode);
}
`;
}

const HANDOFF = "serverHandoffStream: encodeViaTurboStream(state, request.signal, build.entry.module.streamTimeout, serverMode),";

/** React Router's server-runtime/server.js: a document's entry context carries its data's text, or its stream when there is none. */
export function handoffTextInContext(source: string): string {
  if (source.split(HANDOFF).length !== 3)
    throw new Error("react-router's server-runtime/server.js changed: it does not hold what the build rewrites");
  const rewritten = source.replaceAll(
    HANDOFF,
    "...handoffOf(encodeViaTurboStream(state, request.signal, build.entry.module.streamTimeout, serverMode)),",
  );
  return `${withoutSourceMap(rewritten)}
/** The page's data for the entry: its text, or its stream (scripts/lib/react-router-handoff-text.ts). */
function handoffOf(encoded) {
\treturn typeof encoded === "string" ? { serverHandoffText: encoded, serverHandoffStream: undefined } : { serverHandoffText: undefined, serverHandoffStream: encoded };
}
`;
}

export const reactRouterHandoffText = (): Plugin[] => [
  dependencyRewrite("turbo-stream-encode-sync", TURBO_STREAM_FLATTEN_FILE, addEncodeSync),
  dependencyRewrite("react-router-encode-text", REACT_ROUTER_SINGLE_FETCH_FILE, encodeTextFirst),
  dependencyRewrite("react-router-handoff-text", REACT_ROUTER_SERVER_RUNTIME_FILE, handoffTextInContext),
];
