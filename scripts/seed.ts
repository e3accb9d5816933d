// npm run seed -- --scale small|large — creates the demo company with realistic data.
import { eq } from "drizzle-orm";
import { parseArgs } from "node:util";
import { controlDb, controlSchema, tenantSchema } from "../db/client";
import { openCompanyDatabase } from "../db/tenants";
import { createCompany } from "../worker/domain/companies/create-company";
import { companyRef, type SystemActor } from "../worker/domain/identity/actor";
import { ADMINISTRATOR_PERMISSIONS } from "../worker/domain/identity/permissions";
import { makeCtx } from "../worker/domain/shared/ctx";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./lib/config";
import { ensureDevVars } from "./lib/dev-vars";
import { seedCatalogue } from "./lib/seed-catalogue";
import { seedContactsAndStock } from "./lib/seed-contacts-stock";
import { seedInvoices } from "./lib/seed-invoices";
import { seedStore } from "./lib/seed-store";
import { ensureControlDatabase, ensureDbServer } from "./lib/local-db";
import { dbTargetFromEnv, migrateAll, type DbTarget } from "./db-migrate";

// Row counts per scale; later areas add their tables here (large: 100,000 variants, 10,000 customers).
export const SCALES = {
  small: { bulkProducts: 40, bulkCustomers: 36, bulkInvoices: 0 },
  // 20,000 products of 5 variants each: 100,000 variants beside the hand-made demo products,
  // each with stock in Lyon; 10,000 customers with the hand-made ones; 100,000 invoices and
  // 150,000 payments beside the hand-made ones.
  large: { bulkProducts: 20_000, bulkCustomers: 9_996, bulkInvoices: 100_000 },
} as const;
export type Scale = keyof typeof SCALES;

const LOCATIONS = [
  {
    label: "Entrepôt Lyon",
    type: "warehouse",
    shipping: true,
    shippingCost: 150_000,
    address1: "12 rue des Docks",
    city: "Lyon",
    postalCode: "69009",
    country: "FR",
    phone: "+33 4 78 00 00 00",
  },
  {
    label: "Boutique Paris",
    type: "store",
    shipping: false,
    shippingCost: 0,
    address1: "8 rue du Faubourg Saint-Antoine",
    city: "Paris",
    postalCode: "75011",
    country: "FR",
    phone: "+33 1 43 00 00 00",
  },
  {
    label: "Dépôt Marseille",
    type: "warehouse",
    shipping: true,
    shippingCost: 120_000,
    address1: "3 quai du Lazaret",
    city: "Marseille",
    postalCode: "13002",
    country: "FR",
    phone: "+33 4 91 00 00 00",
    active: false,
  },
] as const;

export async function seed(
  scale: Scale,
  target: DbTarget & { pepper: string } = { ...dbTargetFromEnv(), pepper: process.env.PASSWORD_PEPPER ?? ensureDevVars().PASSWORD_PEPPER! },
  log: (line: string) => void = console.log,
) {
  const control = controlDb({ url: target.controlUrl, authToken: process.env.CONTROL_DATABASE_TOKEN });
  const { provisioner, pepper } = target;

  const existing = await control.query.users.findFirst({ where: eq(controlSchema.users.email, DEMO_EMAIL) });
  if (existing) {
    log(`demo company already present (sign in as ${DEMO_EMAIL})`);
    return { created: false };
  }

  const started = Date.now();
  const { companyId } = await createCompany(
    { control, provisioner, pepper },
    {
      label: "Maison Durand Distribution",
      country: "FR",
      currency: "EUR",
      // The demo user reads English; the company keeps French number formats.
      language: "en",
      numberFormat: "space_comma",
      locations: LOCATIONS.map((l) => l.label),
      admin: { email: DEMO_EMAIL, firstName: "Camille", lastName: "Durand", password: DEMO_PASSWORD, phone: "+33 6 12 34 56 78" },
    },
  );
  const company = await control.query.companies.findFirst({ where: eq(controlSchema.companies.id, companyId) });
  const db = await openCompanyDatabase(control, provisioner, company!);

  // The company was made with these locations by label; their details follow.
  for (const location of LOCATIONS)
    await db
      .update(tenantSchema.locations)
      .set({ ...location })
      .where(eq(tenantSchema.locations.label, location.label));

  const counts = SCALES[scale];
  // The demo data goes in through the verbs, as the system acting for the new company.
  const actor: SystemActor = { kind: "system", company: companyRef(company!), permissions: [...ADMINISTRATOR_PERMISSIONS], source: "seed" };
  const ctx = makeCtx({ db, control, actor, locale: "fr" });
  await seedCatalogue(ctx, { bulkProducts: counts.bulkProducts }, log);
  await seedContactsAndStock(ctx, { bulkCustomers: counts.bulkCustomers }, log);
  await seedInvoices(ctx, { bulkInvoices: counts.bulkInvoices }, log);
  await seedStore(db, control, { companyId, pepper }, log);

  log(`demo company created in ${((Date.now() - started) / 1000).toFixed(1)} s (${scale}: ${LOCATIONS.length} locations)`);
  return { created: true };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { scale: { type: "string", default: "small" } } });
  if (!(values.scale! in SCALES)) {
    console.error(`--scale must be one of: ${Object.keys(SCALES).join(", ")}`);
    process.exit(2);
  }
  const server = process.env.DB_PROVIDER === "turso" ? null : await ensureDbServer();
  if (server) await ensureControlDatabase(server.url);
  await migrateAll(dbTargetFromEnv(), () => {});
  await seed(values.scale as Scale);
  console.log(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  await server?.close();
}
