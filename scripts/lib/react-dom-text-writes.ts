import type { Plugin } from "vite";
import { dependencyRewrite } from "./dependency-rewrite";

/**
 * React's HTML writer (react-dom/server, the Node build the worker renders pages with) encodes
 * each small piece of a page on its own: every tag, attribute and text goes through
 * `TextEncoder.encodeInto` into a 4 KB view, with a `subarray` and a result object each time,
 * and every piece of a finished segment is measured again with `Buffer.byteLength`. A page of a
 * list is tens of thousands of pieces: 6 to 10 % of its CPU in workerd (decision 053).
 *
 * This plugin rewrites, at build time, the functions of that writer so that strings wait in one
 * string and are encoded once per 4,096 characters (and at each flush), and so that the pieces
 * React prepares once (`stringToPrecomputedChunk`) stay strings, as in React's own Bun build. A
 * finished segment's size is still its UTF-8 length, measured once on its pieces joined. The bytes
 * written are the same (tests/unit/react-dom-text-writes.test.ts renders pages both ways). The build
 * fails when React's source no longer holds the pieces it replaces.
 */
export const REACT_DOM_SERVER_FILE = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/;

const WRITER_START =
  "var currentView = null,\n  writtenBytes = 0,\n  destinationHasCapacity$1 = !0;\nfunction writeChunk(destination, chunk) {";
const WRITER_END =
  'function byteLengthOfChunk(chunk) {\n  return "string" === typeof chunk\n    ? Buffer.byteLength(chunk, "utf8")\n    : chunk.byteLength;\n}\n';
const SEGMENT_SIZE =
  "    for (var segmentByteSize = 0, i = 0; i < segment.length; i++)\n      segmentByteSize += byteLengthOfChunk(segment[i]);";
const FLUSH_RESET = /currentView = new Uint8Array\(4096\);(\s+)writtenBytes = 0;/g;

const WRITER = `var writtenBytes = 0,
  pendingText = "",
  destinationHasCapacity$1 = !0;
/** Strings wait in pendingText and are encoded together (scripts/lib/react-dom-text-writes.ts). */
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    pendingText += chunk;
    4096 <= pendingText.length && writePendingText(destination);
  } else if (0 === chunk.byteLength) {
    if (supportsArrayBufferDetached && chunk.buffer.detached)
      throw Error(
        "Cannot transport a detached buffer. This usually happens when trying to transport multiple buffer-spanning views on the same underyling buffer. Either reuse the exact same view by identity or copy the underlying buffer manually via \`view.slice()\`."
      );
  } else writePendingText(destination), writeToDestination(destination, chunk);
}
function writePendingText(destination) {
  if (0 !== pendingText.length) {
    var text = pendingText;
    pendingText = "";
    writeToDestination(destination, textEncoder.encode(text));
  }
}
function writeToDestination(destination, view) {
  destination = destination.write(view);
  destinationHasCapacity$1 = destinationHasCapacity$1 && destination;
}
function writeChunkAndReturn(destination, chunk) {
  writeChunk(destination, chunk);
  return destinationHasCapacity$1;
}
function completeWriting(destination) {
  writePendingText(destination);
  writtenBytes = 0;
  destinationHasCapacity$1 = !0;
}
var textEncoder = new util.TextEncoder();
function stringToPrecomputedChunk(content) {
  return content;
}
/** A piece's UTF-8 length, as React's own writer measures it. */
function byteLengthOfChunk(chunk) {
  return "string" === typeof chunk ? Buffer.byteLength(chunk, "utf8") : chunk.byteLength;
}
/** The UTF-8 length of a segment's pieces: its strings joined and measured once. */
function byteLengthOfChunks(chunks) {
  for (var text = "", bytes = 0, i = 0; i < chunks.length; i++) {
    var chunk = chunks[i];
    "string" === typeof chunk ? (text += chunk) : (bytes += chunk.byteLength);
  }
  return bytes + Buffer.byteLength(text, "utf8");
}
`;

/** React's react-dom-server.node.production.js with its writer batching strings. */
export function batchTextWrites(source: string): string {
  const start = source.indexOf(WRITER_START);
  const end = source.indexOf(WRITER_END);
  if (start < 0 || end < start || source.indexOf(WRITER_START, start + 1) >= 0)
    throw new Error("react-dom's server build changed: its writer is not the one the build replaces");
  const resets = source.slice(end).match(FLUSH_RESET)?.length ?? 0;
  if (resets !== 2) throw new Error(`react-dom's server build changed: ${resets} resets of the writer's view, 2 expected`);
  // A flush that starts drops what an interrupted one left unwritten, as the fresh view did.
  const rest = source.slice(end + WRITER_END.length).replace(FLUSH_RESET, 'pendingText = "";$1writtenBytes = 0;');
  if (rest.split(SEGMENT_SIZE).length !== 2)
    throw new Error("react-dom's server build changed: its segment size is not the one the build measures");
  return source.slice(0, start) + WRITER + rest.replace(SEGMENT_SIZE, "    var segmentByteSize = byteLengthOfChunks(segment);");
}

export const reactDomTextWrites = (): Plugin => dependencyRewrite("react-dom-text-writes", REACT_DOM_SERVER_FILE, batchTextWrites);
