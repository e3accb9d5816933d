import { inject } from "vitest";
import { eq } from "drizzle-orm";
import { controlDb, controlSchema, tenantSchema } from "../../db/client";
import { localProvisioner, openCompanyDatabase } from "../../db/tenants";
import { createCompany } from "../../worker/domain/companies/create-company";
import { hashPassword } from "../../worker/domain/identity/password";
import { startSession } from "../../worker/domain/identity/sessions";
import { newId } from "../../worker/domain/shared/ids";

// Browser and HTTP tests make their own companies and users straight in the databases the app uses.
export const control = controlDb({ url: `${inject("dbUrl")}/control/` });
const provisioner = localProvisioner(inject("dbUrl"));
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function makeCompany(label = `Company ${unique()}`, locations: string[] = []) {
  const email = `admin-${unique()}@example.test`;
  const password = "Secret-pass-1!";
  const created = await createCompany(
    { control, provisioner, pepper: inject("pepper") },
    { label, country: "FR", currency: "EUR", admin: { email, firstName: "Ada", lastName: "Admin", password } },
  );
  if (locations.length) {
    const company = (await control.query.companies.findFirst({ where: eq(controlSchema.companies.id, created.companyId) }))!;
    const db = await openCompanyDatabase(control, provisioner, company);
    await db.insert(tenantSchema.locations).values(locations.map((label) => ({ label })));
  }
  return { ...created, label, email, password };
}

/** Gives an existing user a place in another company. */
export async function addMembership(userId: string, companyId: string, permissions: string[]) {
  await control.insert(controlSchema.memberships).values({ userId, companyId, permissions });
}

/** A user of `companyId` holding `permissions`, with the cookie of a signed-in browser. */
export async function makeUser(companyId: string, permissions: string[], extra: { customerId?: string } = {}) {
  const userId = newId();
  const email = `user-${unique()}@example.test`;
  const password = "Secret-pass-1!";
  await control.batch([
    control.insert(controlSchema.users).values({
      id: userId,
      email,
      firstName: "Sam",
      lastName: "Staff",
      passwordHash: await hashPassword(password, inject("pepper")),
      currentCompanyId: companyId,
    }),
    control.insert(controlSchema.memberships).values({ userId, companyId, permissions, customerId: extra.customerId ?? null }),
  ]);
  return { userId, email, password, ...(await signedIn(userId)) };
}

/** A fresh session for an existing user: the bearer token and the browser cookie. */
export async function signedIn(userId: string) {
  const session = await startSession(control, userId);
  return { token: session.accessToken, cookie: `session=v1:${session.accessToken}:${session.refreshToken}:${session.expiresAt}` };
}

/** The tenant database of a company made by `makeCompany`, to put records straight into it. */
export async function companyDb(companyId: string) {
  const company = (await control.query.companies.findFirst({ where: eq(controlSchema.companies.id, companyId) }))!;
  return openCompanyDatabase(control, provisioner, company);
}

/** The Ctx of the system acting for a company made by `makeCompany`, as the seeds get it: records written by no user. */
export async function systemCtx(companyId: string) {
  const { companyRef } = await import("../../worker/domain/identity/actor");
  const { ADMINISTRATOR_PERMISSIONS } = await import("../../worker/domain/identity/permissions");
  const { makeCtx } = await import("../../worker/domain/shared/ctx");
  const company = (await control.query.companies.findFirst({ where: eq(controlSchema.companies.id, companyId) }))!;
  const actor = { kind: "system" as const, company: companyRef(company), permissions: [...ADMINISTRATOR_PERMISSIONS], source: "test" };
  return makeCtx({ db: await openCompanyDatabase(control, provisioner, company), control, actor, locale: "en" });
}
