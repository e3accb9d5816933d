import { eq } from "drizzle-orm";
import { z } from "zod";
import { controlSchema } from "../../../db/client";
import { signedInUser } from "../identity/actor";
import { finishOnboarding } from "../identity/finish-onboarding";
import { createCurrency } from "../settings/currencies/create-currency";
import { allCurrencies } from "../settings/currencies/list-currencies";
import type { CompanySettingsView } from "../settings/company-settings/company-settings-schemas";
import { getCompanySettings } from "../settings/company-settings/get-company-settings";
import { updateCompanySettings } from "../settings/company-settings/update-company-settings";
import { createLocation } from "../settings/locations/create-location";
import { allLocations } from "../settings/locations/list-locations-page";
import type { LocationView } from "../settings/locations/location-schemas";
import { updateLocation } from "../settings/locations/update-location";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseInput } from "../shared/input";
import { LOCALES, type Locale } from "../shared/locale";
import { inviteUser } from "../users/invite-user";
import { listUsers } from "../users/list-users";
import { PERMISSION_PRESETS } from "../users/permission-groups";
import type { EmailLinkInput } from "../users/staff";
import { updateUser } from "../users/update-user";
import { startTestContent, testContentState, type TestContentState } from "./test-content";
import type { OperationView } from "../operations/operations";
import { CONTENT_CHOICES, ONBOARDING_STEPS, type OnboardingStep } from "./steps";

export { CONTENT_CHOICES, ONBOARDING_STEPS, STEP_PATHS, type OnboardingStep } from "./steps";

/** The currencies the company step offers besides those the company has already. */
export const SETUP_CURRENCIES = ["EUR", "USD", "GBP", "CHF", "CAD", "AUD", "JPY", "SEK", "DKK", "NOK", "PLN"] as const;

/** The roles an invitation offers: the users screen's permission presets. */
export const INVITE_ROLES = PERMISSION_PRESETS.map((p) => p.id);

/** Only someone the wizard holds (send_to_wizard) moves through it. */
function wizardUser(ctx: Ctx) {
  const user = signedInUser(ctx.actor);
  if (!user.sendToWizard) throw new DomainError("forbidden");
  return user;
}

async function savedStep(ctx: Ctx): Promise<OnboardingStep> {
  const [row] = await ctx.control
    .select({ step: controlSchema.companies.onboardingStep })
    .from(controlSchema.companies)
    .where(eq(controlSchema.companies.id, ctx.actor.company.id));
  return row?.step ?? "welcome";
}

/** Moves the saved step on to `step`, never back: going back to look at a step keeps the furthest one. */
async function reachStep(ctx: Ctx, step: OnboardingStep): Promise<void> {
  const current = await savedStep(ctx);
  if (ONBOARDING_STEPS.indexOf(step) <= ONBOARDING_STEPS.indexOf(current)) return;
  await ctx.control
    .update(controlSchema.companies)
    .set({ onboardingStep: step })
    .where(eq(controlSchema.companies.id, ctx.actor.company.id));
}

/** What every step shows: who is in the wizard, the company, and the step saved (where /setup resumes). */
export interface WizardFrame {
  firstName: string;
  company: string;
  saved: OnboardingStep;
}

async function frameOf(ctx: Ctx): Promise<WizardFrame> {
  const user = wizardUser(ctx);
  return { firstName: user.firstName, company: user.company.label, saved: await savedStep(ctx) };
}

/** The welcome step, or where the wizard stands when the user left it further on. */
export async function welcomeStep(ctx: Ctx): Promise<WizardFrame> {
  return frameOf(ctx);
}

/** Welcome → Company. */
export async function leaveWelcome(ctx: Ctx): Promise<OnboardingStep> {
  wizardUser(ctx);
  await reachStep(ctx, "company");
  return "company";
}

export interface CompanyStepView extends WizardFrame {
  settings: CompanySettingsView;
  currencies: string[];
  language: Locale;
}

/** The company step: the settings it edits and the currencies it offers. */
export async function companyStep(ctx: Ctx): Promise<CompanyStepView> {
  const frame = await frameOf(ctx);
  const [settings, currencies] = await Promise.all([getCompanySettings(ctx), allCurrencies(ctx)]);
  const offered = [...new Set([...currencies.map((c) => c.iso), ...SETUP_CURRENCIES])].sort();
  return { ...frame, settings, currencies: offered, language: signedInUser(ctx.actor).language };
}

const CompanyStepInput = z.strictObject({
  label: z.string(),
  address1: z.string(),
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
  default_currency: z
    .string({ error: "unknown_currency" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "unknown_currency"),
  languages: z.array(z.string()),
  interface_language: z.enum(LOCALES, { error: "invalid_language" }),
});

/**
 * Saves the company step through the company settings verbs (a currency the company does not have
 * yet is added first, as the currencies screen would), the user's own interface language, and the step.
 */
export async function saveCompanyStep(ctx: Ctx, raw: unknown): Promise<{ language: Locale }> {
  const user = wizardUser(ctx);
  const input = parseInput(CompanyStepInput, raw);
  const { interface_language, default_currency, ...settings } = input;
  const known = await allCurrencies(ctx);
  if (!known.some((c) => c.iso === default_currency)) {
    if (!(SETUP_CURRENCIES as readonly string[]).includes(default_currency))
      throw new DomainError("validation_failed", {}, { default_currency: { code: "unknown_currency" } });
    await createCurrency(ctx, { iso: default_currency });
  }
  await updateCompanySettings(ctx, { ...settings, default_currency });
  if (interface_language !== user.language) await updateUser(ctx, { id: user.userId, language: interface_language });
  await reachStep(ctx, "locations_users");
  return { language: interface_language };
}

export interface LocationsStepView extends WizardFrame {
  locations: LocationView[];
  users: { id: string; name: string; email: string; pending: boolean }[];
  roles: string[];
}

/** The locations and users step: the company's locations and its users (invited ones pending). */
export async function locationsUsersStep(ctx: Ctx): Promise<LocationsStepView> {
  const frame = await frameOf(ctx);
  const [locations, users] = await Promise.all([allLocations(ctx), listUsers(ctx)]);
  return {
    ...frame,
    // The first made first: the one signup made is the one to rename.
    locations: [...locations].sort((a, b) => a.id - b.id),
    users: users.map((u) => ({ id: u.id, name: u.display_name, email: u.email, pending: u.invitation_pending || !u.member })),
    roles: INVITE_ROLES,
  };
}

/** Renames a location from the wizard (the locations verb). */
export function renameSetupLocation(ctx: Ctx, input: { id: unknown; label: unknown }): Promise<LocationView> {
  wizardUser(ctx);
  return updateLocation(ctx, { id: input.id, label: input.label });
}

/** Adds a location from the wizard (the locations verb). */
export function addSetupLocation(ctx: Ctx, input: { label: unknown }): Promise<LocationView> {
  wizardUser(ctx);
  return createLocation(ctx, { label: input.label });
}

const InviteInput = z.strictObject({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(INVITE_ROLES as [string, ...string[]], { error: "invalid" }),
});

/**
 * Invites someone with a role (a permission preset) through the users' invite verb: a new person
 * gets a link to choose a password, someone with an account an invitation to accept. The inviter
 * grants only what they hold.
 */
export async function inviteFromSetup(ctx: Ctx, raw: Record<string, unknown>, link: EmailLinkInput): Promise<void> {
  const user = wizardUser(ctx);
  const input = parseInput(InviteInput, raw);
  const preset = PERMISSION_PRESETS.find((p) => p.id === input.role)!;
  const permissions = preset.permissions.filter((p) => user.permissions.includes(p));
  await inviteUser(ctx, {
    ...link,
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    language: user.language,
    permissions,
  });
}

/** Locations and users → Content. */
export async function leaveLocationsUsers(ctx: Ctx): Promise<OnboardingStep> {
  wizardUser(ctx);
  await reachStep(ctx, "content");
  return "content";
}

export interface ContentStepView extends WizardFrame {
  testContent: TestContentState;
  latest: OperationView | null;
}

/** The content step: whether test content exists or is being made, and the latest run of it. */
export async function contentStep(ctx: Ctx): Promise<ContentStepView> {
  const frame = await frameOf(ctx);
  const testContent = await testContentState(ctx);
  return { ...frame, testContent, latest: testContent.running ?? testContent.last };
}

const ContentChoice = z.strictObject({ choice: z.enum(CONTENT_CHOICES, { error: "required" }) });

/**
 * The content chosen: generated test content (started in the background, its progress shown on
 * the step), the user's own (nothing), or a file to import once the wizard is done (the import
 * screen is in the back office, which the wizard keeps its user out of until the end).
 */
export async function chooseContent(
  ctx: Ctx,
  raw: unknown,
): Promise<{ choice: (typeof CONTENT_CHOICES)[number]; operation?: OperationView }> {
  wizardUser(ctx);
  const { choice } = parseInput(ContentChoice, raw);
  if (choice === "generate") {
    const operation = await startTestContent(ctx);
    return { choice, operation };
  }
  await reachStep(ctx, "finish");
  return { choice };
}

/** Content → Finish, once the generated content is made (or another choice was made). */
export async function leaveContent(ctx: Ctx): Promise<OnboardingStep> {
  wizardUser(ctx);
  await reachStep(ctx, "finish");
  return "finish";
}

export interface FinishStepView extends WizardFrame {
  settings: Pick<CompanySettingsView, "label" | "default_currency" | "languages" | "city" | "country">;
  locations: string[];
  users: number;
  testContent: TestContentState;
}

/** The finish step's summary of what the wizard set. */
export async function finishStep(ctx: Ctx): Promise<FinishStepView> {
  const frame = await frameOf(ctx);
  const [settings, locations, users, testContent] = await Promise.all([
    getCompanySettings(ctx),
    allLocations(ctx),
    listUsers(ctx),
    testContentState(ctx),
  ]);
  return {
    ...frame,
    settings: {
      label: settings.label,
      default_currency: settings.default_currency,
      languages: settings.languages,
      city: settings.city,
      country: settings.country,
    },
    locations: locations.filter((l) => l.active).map((l) => l.label),
    users: users.length,
    testContent,
  };
}

/** Finish: the step saved as finished and the user let out of /setup. */
export async function completeOnboarding(ctx: Ctx): Promise<void> {
  wizardUser(ctx);
  await reachStep(ctx, "finish");
  await finishOnboarding(ctx);
}
