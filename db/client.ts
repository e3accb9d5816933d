import { createClient, type Client } from "@libsql/client/web";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
import { batchingReads } from "./read-batching";
import * as controlSchema from "./schema/control";
import * as tenantSchema from "./schema/tenant";

export type ControlDb = LibSQLDatabase<typeof controlSchema> & { $client: Client };
export type TenantDb = LibSQLDatabase<typeof tenantSchema> & { $client: Client };

export interface DatabaseAddress {
  url: string;
  authToken?: string | undefined;
}

/**
 * A new client per call (each request builds its own). A client shared by the requests of an
 * isolate queues their statements behind one promise limiter, and Workers refuse I/O resumed on
 * behalf of another request; an HTTP client is cheap to make (no connection, no version probe).
 */
export function libsqlClient({ url, authToken }: DatabaseAddress): Client {
  return createClient({ url, authToken, intMode: "number" });
}

export interface DatabaseOptions {
  /** Reads started together go out as one batch (see batchingReads): for the handlers of one request. */
  batchReads?: boolean;
}

const clientFor = (address: DatabaseAddress, options: DatabaseOptions) =>
  options.batchReads ? batchingReads(libsqlClient(address)) : libsqlClient(address);

export function controlDb(address: DatabaseAddress, options: DatabaseOptions = {}): ControlDb {
  return drizzle(clientFor(address, options), { schema: controlSchema });
}

export function tenantDb(address: DatabaseAddress, options: DatabaseOptions = {}): TenantDb {
  return drizzle(clientFor(address, options), { schema: tenantSchema });
}

export { controlSchema, tenantSchema };
