import { eq } from "drizzle-orm";
import { TursoPlatformApi, type TursoPlatformOptions } from "./turso-platform-api";
import { migrations as tenantMigrations } from "../migrations/tenant/bundle";
import { libsqlClient, tenantDb, controlSchema, type ControlDb, type DatabaseAddress, type DatabaseOptions, type TenantDb } from "./client";
import { migrateDatabase } from "./migrate";

/** Creates and removes company databases: the local server here, Turso in production. */
export interface DatabaseProvisioner {
  create(name: string): Promise<DatabaseAddress>;
  destroy(name: string): Promise<void>;
  /** The address of an existing database (tokens are not stored in the control database). */
  address(url: string): DatabaseAddress;
}

export function localProvisioner(baseUrl: string, authToken?: string): DatabaseProvisioner {
  const base = baseUrl.replace(/\/$/, "");
  const headers = { "content-type": "application/json", ...(authToken ? { authorization: `Bearer ${authToken}` } : {}) };
  return {
    async create(name) {
      const response = await fetch(`${base}/admin/databases`, { method: "POST", headers, body: JSON.stringify({ name }) });
      if (response.status !== 201)
        throw new Error(`local database server refused to create ${name}: ${response.status} ${await response.text()}`);
      return { url: `${base}/${name}/`, authToken };
    },
    async destroy(name) {
      const response = await fetch(`${base}/admin/databases/${name}`, { method: "DELETE", headers });
      if (response.status !== 204 && response.status !== 404) throw new Error(`cannot delete ${name}: ${response.status}`);
    },
    address: (url) => ({ url, authToken }),
  };
}

export function tursoProvisioner(options: TursoPlatformOptions & { groupToken: string }): DatabaseProvisioner {
  const api = new TursoPlatformApi(options);
  return {
    async create(name) {
      const { hostname } = await api.createDatabase(name);
      return { url: `https://${hostname}`, authToken: options.groupToken };
    },
    destroy: (name) => api.deleteDatabase(name),
    address: (url) => ({ url, authToken: options.groupToken }),
  };
}

/** Database names are derived from the company id, never from user input. */
export function companyDatabaseName(companyId: string): string {
  return `company-${companyId.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
}

export class TenantUnavailableError extends Error {
  constructor(
    readonly companyId: string,
    cause: unknown,
  ) {
    super(`The database of company ${companyId} cannot be used: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "TenantUnavailableError";
  }
}

// Companies whose schema this isolate has already checked, with the version it found.
const checked = new Map<string, number>();

/**
 * Opens a company's database, migrating it first if its schema is behind the code.
 * A database that cannot be brought up to date is refused, never served half-migrated.
 */
export async function openCompanyDatabase(
  control: ControlDb,
  provisioner: DatabaseProvisioner,
  company: { id: string; databaseUrl: string; schemaVersion: number },
  options: DatabaseOptions = {},
): Promise<TenantDb> {
  const address = provisioner.address(company.databaseUrl);
  const latest = tenantMigrations.length;
  if (checked.get(company.id) !== latest) {
    try {
      const version = await migrateDatabase(libsqlClient(address), tenantMigrations);
      if (version !== company.schemaVersion)
        await control.update(controlSchema.companies).set({ schemaVersion: version }).where(eq(controlSchema.companies.id, company.id));
      checked.set(company.id, version);
    } catch (error) {
      throw new TenantUnavailableError(company.id, error);
    }
  }
  return tenantDb(address, options);
}

export const TENANT_SCHEMA_VERSION = tenantMigrations.length;
