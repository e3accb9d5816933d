import { eq } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import { requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { objectError, parseInput, SETTINGS } from "./common";

const { companySettings } = tenantSchema;

export const TAX_MODELS = ["us", "global"] as const;
export const TAX_TYPES = ["tax_exclusive", "tax_inclusive"] as const;
export const TAX_PRIORITIES = ["product", "document"] as const;

/** How the company taxes (domain spec §3 'Tax'): model, prices with or without tax, whose taxes win. */
export interface TaxSettingsView {
  tax_model: (typeof TAX_MODELS)[number];
  tax_type: (typeof TAX_TYPES)[number];
  tax_priority: (typeof TAX_PRIORITIES)[number];
}

export const TaxSettingsInput = z.strictObject(
  {
    tax_model: z.enum(TAX_MODELS, { error: "invalid" }).optional(),
    tax_type: z.enum(TAX_TYPES, { error: "invalid" }).optional(),
    tax_priority: z.enum(TAX_PRIORITIES, { error: "invalid" }).optional(),
  },
  objectError,
);
export type TaxSettingsInput = z.input<typeof TaxSettingsInput>;

/** How the company taxes; any signed-in actor reads it. */
export async function getTaxSettings(ctx: Ctx): Promise<TaxSettingsView> {
  const [row] = await ctx.db
    .select({ tax_model: companySettings.taxModel, tax_type: companySettings.taxType, tax_priority: companySettings.taxPriority })
    .from(companySettings)
    .limit(1);
  if (!row) throw new DomainError("not_found");
  return row;
}

export async function updateTaxSettings(ctx: Ctx, raw: unknown): Promise<TaxSettingsView> {
  requirePermission(ctx, SETTINGS);
  const input = parseInput(TaxSettingsInput, raw);
  const changes = {
    ...(input.tax_model !== undefined ? { taxModel: input.tax_model } : {}),
    ...(input.tax_type !== undefined ? { taxType: input.tax_type } : {}),
    ...(input.tax_priority !== undefined ? { taxPriority: input.tax_priority } : {}),
  };
  if (Object.keys(changes).length)
    await ctx.db
      .update(companySettings)
      .set({ ...changes, updatedAt: ctx.now() })
      .where(eq(companySettings.id, 1));
  return getTaxSettings(ctx);
}
