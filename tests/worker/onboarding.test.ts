import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlSchema, tenantSchema } from "../../db/client";
import {
  chooseContent,
  completeOnboarding,
  companyStep,
  leaveWelcome,
  saveCompanyStep,
  welcomeStep,
} from "../../worker/domain/onboarding/onboarding";
import { control, ctxOf, makeCompany } from "../support/factories";

const t = tenantSchema;

/** A new company whose administrator the wizard holds, as signup leaves them. */
async function inWizard() {
  const company = await makeCompany();
  await control.update(controlSchema.users).set({ sendToWizard: true }).where(eq(controlSchema.users.id, company.userId));
  return { company, ctx: await ctxOf(company) };
}

async function savedStep(companyId: string) {
  const [row] = await control
    .select({ step: controlSchema.companies.onboardingStep })
    .from(controlSchema.companies)
    .where(eq(controlSchema.companies.id, companyId));
  return row!.step;
}

const companyInput = {
  label: "Harbour Coffee Ltd",
  address1: "1 Quay Street",
  city: "Bristol",
  postal_code: "BS1 4AA",
  country: "GB",
  default_currency: "gbp",
  languages: ["fr", "en"],
  interface_language: "en",
};

describe("the onboarding wizard's steps", () => {
  it("saves each step's data through the settings verbs and the step reached, which only moves forward", async () => {
    const { company, ctx } = await inWizard();
    expect((await welcomeStep(ctx)).saved).toBe("welcome");
    await leaveWelcome(ctx);
    expect(await savedStep(company.companyId)).toBe("company");

    await saveCompanyStep(ctx, companyInput);
    expect(await savedStep(company.companyId)).toBe("locations_users");
    const [settings] = await company.db.select().from(t.companySettings);
    expect(settings).toMatchObject({ label: "Harbour Coffee Ltd", city: "Bristol", defaultCurrency: "GBP", languages: ["fr", "en"] });
    // A currency the company did not have is added by the currencies verb, then made the default.
    const currencies = await company.db.select({ iso: t.currencies.iso, isDefault: t.currencies.isDefault }).from(t.currencies);
    expect(currencies).toContainEqual({ iso: "GBP", isDefault: true });
    expect((await companyStep(ctx)).currencies).toContain("GBP");

    // Going back to an earlier step and posting it again keeps the furthest step.
    await leaveWelcome(ctx);
    expect(await savedStep(company.companyId)).toBe("locations_users");

    await chooseContent(ctx, { choice: "own" });
    expect(await savedStep(company.companyId)).toBe("finish");
    await completeOnboarding(ctx);
    const [user] = await control.select().from(controlSchema.users).where(eq(controlSchema.users.id, company.userId));
    expect(user!.sendToWizard).toBe(false);
  });

  it("names the field at fault, and refuses a currency it does not offer", async () => {
    const { ctx } = await inWizard();
    await expect(saveCompanyStep(ctx, { ...companyInput, label: "" })).rejects.toMatchObject({
      code: "validation_failed",
      fields: { label: { code: "required" } },
    });
    await expect(saveCompanyStep(ctx, { ...companyInput, default_currency: "XYZ" })).rejects.toMatchObject({
      fields: { default_currency: { code: "unknown_currency" } },
    });
    await expect(chooseContent(ctx, { choice: "later" })).rejects.toMatchObject({ fields: { choice: { code: "required" } } });
  });

  it("is only for a user the wizard holds", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    await expect(leaveWelcome(ctx)).rejects.toMatchObject({ code: "forbidden" });
    await expect(saveCompanyStep(ctx, companyInput)).rejects.toMatchObject({ code: "forbidden" });
  });
});
