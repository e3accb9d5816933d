import type { Plugin } from "vite";
import { dependencyRewrite, withoutSourceMap } from "./dependency-rewrite";

/**
 * The libSQL client closes each HTTP stream gracefully once its batch is answered, and records the
 * close as a new `ClientError("Stream was gracefully closed")`: an Error, with its stack captured,
 * for every stream of every request (2.6 % of a sales order's Worker CPU in workerd), though the
 * queue is empty and nothing reads it unless the stream is used again (then it is the cause of the
 * `ClosedError` thrown). This plugin makes that error once per isolate, the same class and message.
 * The build fails when the client's source no longer holds the line it changes
 * (tests/unit/libsql-stream-close.test.ts).
 */
export const HRANA_HTTP_STREAM_FILE = /[\\/]@libsql[\\/]hrana-client[\\/]lib-esm[\\/]http[\\/]stream\.js$/;

const ORIGINAL = 'this._setClosed(new ClientError("Stream was gracefully closed"));';
const SHARED = "this._setClosed(gracefullyClosed);";
const DECLARED =
  '\n/** One error for every graceful close (scripts/lib/libsql-stream-close.ts). */\nexport const gracefullyClosed = new ClientError("Stream was gracefully closed");\n';

/** The client's http/stream.js with one error for every graceful close. */
export function sharedCloseError(source: string): string {
  if (source.split(ORIGINAL).length !== 2)
    throw new Error("@libsql/hrana-client/lib-esm/http/stream.js changed: its graceful close is not the one the build shares");
  return `${withoutSourceMap(source.replace(ORIGINAL, SHARED))}${DECLARED}`;
}

export const libsqlStreamClose = (): Plugin => dependencyRewrite("libsql-stream-close", HRANA_HTTP_STREAM_FILE, sharedCloseError);
