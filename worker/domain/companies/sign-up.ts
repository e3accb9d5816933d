import { z } from "zod";
import type { ControlDb } from "../../../db/client";
import type { DatabaseProvisioner } from "../../../db/tenants";
import { newPassword } from "../identity/password-rules";
import { startSession, type SignedIn } from "../identity/sessions";
import { formKeys, reserveOrRefuse, type AttemptLimiter } from "../identity/sign-in-limits";
import { isCountryCode, isCurrencyCode } from "../shared/countries";
import { DomainError } from "../shared/domain-error";
import type { Locale } from "../shared/locale";
import { assertPlainText } from "../shared/plain-text";
import { ianaTimeZone } from "../users/users-schemas";
import { createCompany } from "./create-company";

const required = (max: number) => z.string({ error: "required" }).trim().min(1, "required").max(max, "too_long");

/** The signup form (domain spec §5): every field is required. */
export const signUpInput = z.object({
  email: z.string({ error: "required" }).trim().toLowerCase().min(1, "required").pipe(z.email("invalid_email")),
  first_name: required(100),
  last_name: required(100),
  company_name: required(200),
  password: newPassword,
  phone: required(40).regex(/^[+0-9 ().-]{6,}$/, "invalid_phone"),
  country: required(2).toUpperCase().refine(isCountryCode, "invalid_country"),
  currency: required(3).toUpperCase().refine(isCurrencyCode, "invalid_currency"),
  // The browser's zone, sent by the form's script; anything that is not an IANA zone leaves the default (UTC).
  timezone: z
    .unknown()
    .transform((zone) => ianaTimeZone(zone) ?? undefined)
    .optional(),
});
export type SignUpInput = z.input<typeof signUpInput>;

// createCompany names its fields after its own shape; the form's names are flat.
const FIELD_NAMES: Record<string, string> = {
  "admin.email": "email",
  "admin.firstName": "first_name",
  "admin.lastName": "last_name",
  "admin.password": "password",
  "admin.phone": "phone",
  label: "company_name",
};

export interface SignUpDeps {
  control: ControlDb;
  provisioner: DatabaseProvisioner;
  pepper: string;
  locale: Locale;
  /** Counts signups per email and per address (the caller's, when known): each one makes a database. */
  limiter?: AttemptLimiter;
  address?: string | null;
  now?: number;
}

/**
 * A new visitor's account: a company in a 14-day trial with its own database (its country's
 * standard VAT rates, the browser's time zone), its administrator (sent to onboarding first)
 * and a signed-in session. A valid form is counted
 * before anything is created; past the limits it is refused (`rate_limited`).
 */
export async function signUp(deps: SignUpDeps, raw: unknown): Promise<SignedIn & { companyId: string }> {
  assertPlainText(raw);
  const parsed = signUpInput.safeParse(raw);
  if (!parsed.success) throw DomainError.fromZod(parsed.error);
  const input = parsed.data;
  if (deps.limiter) await reserveOrRefuse(deps.limiter, formKeys("signup", input.email, deps.address), "rate_limited");
  try {
    const created = await createCompany(deps, {
      label: input.company_name,
      country: input.country,
      currency: input.currency,
      language: deps.locale,
      numberFormat: deps.locale === "fr" ? "space_comma" : "comma_point",
      timezone: input.timezone,
      standardTaxes: true,
      sendToWizard: true,
      admin: { email: input.email, firstName: input.first_name, lastName: input.last_name, password: input.password, phone: input.phone },
    });
    return { ...(await startSession(deps.control, created.userId, deps.now)), companyId: created.companyId };
  } catch (error) {
    if (error instanceof DomainError && error.fields) {
      const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [FIELD_NAMES[k] ?? k, v]));
      throw new DomainError(error.code, error.params, fields);
    }
    throw error;
  }
}
