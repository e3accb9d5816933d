import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { SETTINGS } from "../common";
import type { CompanySettingsView } from "./company-settings-schemas";
import { findRow, settingsView } from "./company-settings-shared";

const { companySettings } = tenantSchema;

/** Removes the company's logo (nothing to do without one). */
export async function removeCompanyLogo(ctx: Ctx, _input: Record<string, never> = {}): Promise<CompanySettingsView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const previous = (await findRow(db)).logoKey;
  if (previous) {
    await db.update(companySettings).set({ logoKey: null, updatedAt: ctx.now() }).where(eq(companySettings.id, 1));
    await ctx.files.delete(previous);
  }
  return settingsView(db);
}
