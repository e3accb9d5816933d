import { createClient, type Client } from "@libsql/client/web";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
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

export function controlDb(address: DatabaseAddress): ControlDb {
  return drizzle(libsqlClient(address), { schema: controlSchema });
}

export function tenantDb(address: DatabaseAddress): TenantDb {
  return drizzle(libsqlClient(address), { schema: tenantSchema });
}

export { controlSchema, tenantSchema };
