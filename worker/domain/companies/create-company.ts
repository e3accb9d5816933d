import { eq } from "drizzle-orm";
import { z } from "zod";
import { controlSchema, tenantSchema, type ControlDb } from "../../../db/client";
import { companyDatabaseName, openCompanyDatabase, type DatabaseProvisioner } from "../../../db/tenants";
import { DomainError } from "../shared/domain-error";
import { newId } from "../shared/ids";
import { hashPassword } from "../identity/password";
import { ADMINISTRATOR_PERMISSIONS } from "../identity/permissions";
import { newPassword } from "../identity/password-rules";
import { catalogueDefaultStatements } from "../settings/provision-catalogue";
import { paymentMethodDefaultStatements } from "../settings/payment-methods/default-payment-methods";
import { taxDefaultStatements } from "../settings/provision-taxes";
import { ianaTimeZone } from "../users/users-schemas";

export const TRIAL_DAYS = 14;

export const createCompanyInput = z.object({
  label: z.string({ error: "required" }).trim().min(1, "required").max(200, "too_long"),
  country: z
    .string({ error: "required" })
    .trim()
    .min(1, "required")
    .regex(/^[A-Za-z]{2}$/, "invalid_country")
    .toUpperCase(),
  currency: z
    .string({ error: "required" })
    .trim()
    .min(1, "required")
    .regex(/^[A-Za-z]{3}$/, "invalid_currency")
    .toUpperCase(),
  language: z.enum(["en", "fr"]).default("en"),
  numberFormat: z.enum(["space_comma", "comma_point"]).default("comma_point"),
  /** The company's and its administrator's time zone (an IANA name). */
  timezone: z
    .string()
    .transform((zone, ctx) => ianaTimeZone(zone) ?? (ctx.addIssue({ code: "custom", message: "invalid_timezone" }), z.NEVER))
    .default("UTC"),
  /** Start with the country's standard VAT rates, the standard one as the default tax (provision-taxes.ts). */
  standardTaxes: z.boolean().default(false),
  admin: z.object({
    email: z.string({ error: "required" }).trim().toLowerCase().min(1, "required").pipe(z.email("invalid_email")),
    firstName: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
    lastName: z.string({ error: "required" }).trim().min(1, "required").max(100, "too_long"),
    password: newPassword,
    phone: z.string().trim().max(40, "too_long").optional(),
  }),
  /** Signup sends the new administrator to onboarding (/setup) first. */
  sendToWizard: z.boolean().default(false),
  /** Labels of the company's first warehouses; without any, one "Main warehouse" is made. */
  locations: z.array(z.string().trim().min(1, "required").max(100, "too_long")).max(20, "too_long").optional(),
});
export type CreateCompanyInput = z.input<typeof createCompanyInput>;

export interface CreateCompanyDeps {
  control: ControlDb;
  provisioner: DatabaseProvisioner;
  pepper: string;
  now?: number;
}

/**
 * Creates a company in trial with its own migrated database and its administrator.
 * Each step undoes itself if a later one fails, so no orphan database or rows remain.
 */
export async function createCompany(deps: CreateCompanyDeps, raw: CreateCompanyInput) {
  const parsed = createCompanyInput.safeParse(raw);
  if (!parsed.success) throw DomainError.fromZod(parsed.error);
  const input = parsed.data;
  const { control, provisioner } = deps;
  const now = deps.now ?? Date.now();

  const existing = await control.query.users.findFirst({ where: eq(controlSchema.users.email, input.admin.email) });
  if (existing) throw new DomainError("email_taken", {}, { "admin.email": { code: "email_taken" } });

  const companyId = newId(now);
  const userId = newId(now);
  const databaseName = companyDatabaseName(companyId);
  const address = await provisioner.create(databaseName);
  try {
    const passwordHash = await hashPassword(input.admin.password, deps.pepper);
    await control.batch([
      control.insert(controlSchema.companies).values({
        id: companyId,
        label: input.label,
        status: "trial",
        trialEndsAt: now + TRIAL_DAYS * 24 * 60 * 60 * 1000,
        databaseName,
        databaseUrl: address.url,
        createdAt: now,
      }),
      control.insert(controlSchema.users).values({
        id: userId,
        email: input.admin.email,
        firstName: input.admin.firstName,
        lastName: input.admin.lastName,
        passwordHash,
        language: input.language,
        timezone: input.timezone,
        phone: input.admin.phone,
        sendToWizard: input.sendToWizard,
        passwordChangedAt: now,
        currentCompanyId: companyId,
        createdAt: now,
      }),
      control.insert(controlSchema.memberships).values({
        userId,
        companyId,
        permissions: ADMINISTRATOR_PERMISSIONS,
        isAdmin: true,
        createdAt: now,
      }),
    ]);
  } catch (error) {
    await provisioner.destroy(databaseName);
    if (String(error).includes("users_email_unique") || String(error).includes("users.email"))
      throw new DomainError("email_taken", {}, { "admin.email": { code: "email_taken" } });
    throw error;
  }

  try {
    const db = await openCompanyDatabase(control, provisioner, { id: companyId, databaseUrl: address.url, schemaVersion: 0 });
    // The settings row and what the catalogue needs from the start (currency, price levels, a location)
    // and the payment methods, at once.
    await db.batch([
      db.insert(tenantSchema.companySettings).values({
        id: 1,
        label: input.label,
        country: input.country,
        defaultCurrency: input.currency,
        numberFormat: input.numberFormat,
        languages: [input.language],
        timezone: input.timezone,
      }),
      ...catalogueDefaultStatements(db, { currency: input.currency, language: input.language, locations: input.locations }),
      ...(input.standardTaxes ? taxDefaultStatements(db, input) : []),
      ...paymentMethodDefaultStatements(db, input),
    ]);
  } catch (error) {
    await control.batch([
      control.delete(controlSchema.users).where(eq(controlSchema.users.id, userId)),
      control.delete(controlSchema.companies).where(eq(controlSchema.companies.id, companyId)),
    ]);
    await provisioner.destroy(databaseName);
    throw error;
  }

  return { companyId, userId, databaseName };
}
