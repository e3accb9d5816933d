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

// One client per database per isolate: clients are cheap to keep and costly to rebuild per request.
const clients = new Map<string, Client>();

export function libsqlClient({ url, authToken }: DatabaseAddress): Client {
  const key = `${url}\n${authToken ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient({ url, authToken, intMode: "number" });
    clients.set(key, client);
  }
  return client;
}

export function controlDb(address: DatabaseAddress): ControlDb {
  return drizzle(libsqlClient(address), { schema: controlSchema });
}

export function tenantDb(address: DatabaseAddress): TenantDb {
  return drizzle(libsqlClient(address), { schema: tenantSchema });
}

export { controlSchema, tenantSchema };
