// npm run db:migrate — migrates the control database and every company database.
import { libsqlClient, controlDb, controlSchema } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { openCompanyDatabase, localProvisioner, tursoProvisioner, type DatabaseProvisioner } from "../db/tenants";
import { migrations as controlMigrations } from "../migrations/control/bundle";
import { CONTROL_DATABASE_URL, LOCAL_DB_URL } from "./lib/config";
import { ensureControlDatabase, ensureDbServer } from "./lib/local-db";

export function provisionerFromEnv(localUrl = LOCAL_DB_URL): DatabaseProvisioner {
  const e = process.env;
  if (e.DB_PROVIDER === "turso")
    return tursoProvisioner({
      apiUrl: e.TURSO_API_URL ?? "https://api.turso.tech",
      org: e.TURSO_ORG!,
      group: e.TURSO_GROUP ?? "default",
      apiToken: e.TURSO_API_TOKEN!,
      groupToken: e.TURSO_GROUP_TOKEN!,
    });
  return localProvisioner(localUrl, e.LOCAL_DB_TOKEN);
}

export interface DbTarget {
  controlUrl: string;
  provisioner: DatabaseProvisioner;
}

export function dbTargetFromEnv(): DbTarget {
  return { controlUrl: CONTROL_DATABASE_URL, provisioner: provisionerFromEnv() };
}

export async function migrateAll(target: DbTarget = dbTargetFromEnv(), log: (line: string) => void = console.log): Promise<void> {
  const address = { url: target.controlUrl, authToken: process.env.CONTROL_DATABASE_TOKEN };
  const version = await migrateDatabase(libsqlClient(address), controlMigrations);
  log(`control database at schema version ${version}`);
  const control = controlDb(address);
  const provisioner = target.provisioner;
  const companies = await control.select().from(controlSchema.companies);
  for (const company of companies) await openCompanyDatabase(control, provisioner, company);
  log(`${companies.length} company database(s) migrated`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const local = process.env.DB_PROVIDER !== "turso";
  const server = local ? await ensureDbServer() : null;
  if (server) await ensureControlDatabase(server.url);
  await migrateAll();
  await server?.close();
}
