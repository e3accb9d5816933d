import type { Plugin } from "vite";
import { dependencyRewrite, withoutSourceMap } from "./dependency-rewrite";

/**
 * The libSQL client's HTTP batch first stores the text of each of its statements on the server
 * (`store_sql`, one more request of the pipeline each) and then names it by id: a cache made for a
 * long-lived stream. The Worker opens a client per request and a stream per batch, so no text is
 * ever named twice across them: every statement cost one more request to encode, send, decode and
 * answer, for nothing (4 % of a sales order's Worker CPU). This plugin sets the client's cache
 * capacity to 0 at build time, which its own code reads as "send the text with the statement".
 * The build fails when the client's source no longer holds the line it changes.
 */
export const LIBSQL_HTTP_FILE = /[\\/]@libsql[\\/]client[\\/]lib-esm[\\/]http\.js$/;

const ORIGINAL = "const sqlCacheCapacity = 30;";
const WITHOUT_CACHE = "const sqlCacheCapacity = 0; // comptoir: statements carry their text (scripts/lib/libsql-sql-cache.ts)";

/** The client's http.js with its SQL text cache off. */
export function withoutSqlCache(source: string): string {
  if (source.split(ORIGINAL).length !== 2)
    throw new Error("@libsql/client/lib-esm/http.js changed: its SQL cache capacity is not the one the build sets");
  return withoutSourceMap(source.replace(ORIGINAL, WITHOUT_CACHE));
}

export const libsqlSqlCache = (): Plugin => dependencyRewrite("libsql-sql-cache", LIBSQL_HTTP_FILE, withoutSqlCache);
