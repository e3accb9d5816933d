import { env } from "cloudflare:test";
import { controlDb, type ControlDb } from "../../db/client";
import { localProvisioner, openCompanyDatabase } from "../../db/tenants";
import { createCompany } from "../../worker/domain/companies/create-company";
import { createApiToken } from "../../worker/domain/identity/api-tokens";
import { ADMINISTRATOR_PERMISSIONS } from "../../worker/domain/identity/permissions";
import { makeCtx } from "../../worker/domain/shared/ctx";
import type { FileStore } from "../../worker/domain/shared/files";
import type { Locale } from "../../worker/domain/shared/locale";
import { secretBox } from "../../worker/domain/shared/secret-box";
import { parseEnv, type Bindings } from "../../worker/env";
import { stripeFromSettings } from "../../worker/integrations/stripe/client";

const bindings = env as unknown as Record<string, string>;
export const control: ControlDb = controlDb({ url: bindings.CONTROL_DATABASE_URL! });
export const provisioner = localProvisioner(bindings.LOCAL_DB_URL!);

let counter = 0;

/** A fresh company with its own database, an administrator and an API token. */
export async function makeCompany(options: { label?: string; permissions?: string[]; locations?: string[] } = {}) {
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const label = options.label ?? `Company ${n}`;
  const created = await createCompany(
    { control, provisioner, pepper: bindings.PASSWORD_PEPPER! },
    {
      label,
      country: "FR",
      currency: "EUR",
      // Given locations replace the "Main warehouse" a new company starts with.
      locations: options.locations,
      admin: { email: `admin-${n}@example.test`, firstName: "Ada", lastName: "Admin", password: "Secret-pass-1!" },
    },
  );
  const { token } = await createApiToken(control, {
    companyId: created.companyId,
    label: "tests",
    permissions: options.permissions ?? ADMINISTRATOR_PERMISSIONS,
    createdBy: created.userId,
  });
  const company = (await control.query.companies.findFirst({ where: (c, { eq }) => eq(c.id, created.companyId) }))!;
  const db = await openCompanyDatabase(control, provisioner, company);
  return { ...created, label, token, company, db };
}

/** A signed-in session (access and refresh tokens) for a user, as the browser or /oauth2/token would get. */
export async function sessionFor(userId: string) {
  const { startSession } = await import("../../worker/domain/identity/sessions");
  return startSession(control, userId);
}

/** A second user of a company holding only the given permissions, signed in. */
export async function addUser(companyId: string, options: { permissions?: string[]; email?: string; password?: string } = {}) {
  const { hashPassword } = await import("../../worker/domain/identity/password");
  const { newId } = await import("../../worker/domain/shared/ids");
  const { controlSchema } = await import("../../db/client");
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const userId = newId();
  const email = options.email ?? `user-${n}@example.test`;
  const password = options.password ?? "Secret-pass-1!";
  await control.batch([
    control.insert(controlSchema.users).values({
      id: userId,
      email,
      firstName: "Sam",
      lastName: "Staff",
      passwordHash: await hashPassword(password, bindings.PASSWORD_PEPPER!),
      currentCompanyId: companyId,
    }),
    control.insert(controlSchema.memberships).values({ userId, companyId, permissions: options.permissions ?? [] }),
  ]);
  const session = await sessionFor(userId);
  return { userId, email, password, session, token: session.accessToken };
}

/** A pending invitation of an existing account to a company, as an inviter would leave it. */
export async function inviteToCompany(
  companyId: string,
  userId: string,
  options: { permissions?: string[]; expiresAt?: number; inviterName?: string } = {},
) {
  const { newId } = await import("../../worker/domain/shared/ids");
  const { controlSchema } = await import("../../db/client");
  const id = newId();
  await control.insert(controlSchema.invitations).values({
    id,
    userId,
    companyId,
    email: `invited-${id}@example.test`,
    firstName: "Typed",
    lastName: "By Inviter",
    permissions: options.permissions ?? [],
    inviterName: options.inviterName ?? "Ada Admin",
    expiresAt: options.expiresAt ?? Date.now() + 7 * 86_400_000,
  });
  return { id };
}

/** A company's secret box as the test Worker's builders make it (under its SESSION_SECRET). */
export const companySecrets = (companyId: string) => secretBox((env as unknown as { SESSION_SECRET: string }).SESSION_SECRET, companyId);

/**
 * The Ctx a verb gets when a user of the company calls it, as ctxFromRequest builds it: the
 * administrator by default, or a new user holding only the given permissions.
 */
export async function ctxOf(company: Awaited<ReturnType<typeof makeCompany>>, options: { permissions?: string[]; locale?: Locale } = {}) {
  const { resolveAccessToken } = await import("../../worker/domain/identity/sessions");
  const token = options.permissions
    ? (await addUser(company.companyId, { permissions: options.permissions })).token
    : (await sessionFor(company.userId)).accessToken;
  const actor = (await resolveAccessToken(control, token))!;
  return makeCtx({
    db: company.db,
    control,
    actor,
    locale: options.locale ?? "en",
    files: (env as unknown as { FILES: FileStore }).FILES,
    secrets: companySecrets(company.companyId),
    privateSmtpHosts: parseEnv(env as unknown as Bindings).settings.SMTP_ALLOWED_PRIVATE_HOSTS,
    stripe: stripeFromSettings(parseEnv(env as unknown as Bindings).settings),
  });
}
