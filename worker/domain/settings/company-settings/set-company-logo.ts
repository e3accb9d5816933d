import { and, eq, isNull } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { checkedImage } from "../../products/product-image";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { SETTINGS } from "../common";
import type { CompanySettingsView } from "./company-settings-schemas";
import { findRow, settingsView } from "./company-settings-shared";

const { companySettings } = tenantSchema;

/** Stores the company's logo in the files bucket (PNG, JPEG, GIF or WebP, at most 5 MB); the one it replaces is removed. */
export async function setCompanyLogo(ctx: Ctx, input: { bytes: ArrayBuffer }): Promise<CompanySettingsView> {
  requirePermission(ctx, SETTINGS);
  const { db } = ctx;
  const { bytes } = input;
  const format = checkedImage(bytes, "logo");
  const previous = (await findRow(db)).logoKey;
  const key = await ctx.files.put(`logo/${ctx.newId()}.${format.ext}`, bytes, { httpMetadata: { contentType: format.type } });
  // Another upload may have won meanwhile: the row says which logo to remove.
  const updated = await db
    .update(companySettings)
    .set({ logoKey: key, updatedAt: ctx.now() })
    .where(and(eq(companySettings.id, 1), previous === null ? isNull(companySettings.logoKey) : eq(companySettings.logoKey, previous)))
    .returning({ id: companySettings.id });
  if (!updated.length) {
    await ctx.files.delete(key);
    throw new DomainError("conflict");
  }
  if (previous) await ctx.files.delete(previous);
  return settingsView(db);
}
