import { eq } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { DomainError } from "../../shared/domain-error";
import { recordId } from "../../shared/input";
import { EDIT_PRICE_RULES } from "./price-rule-shared";

const { priceRules } = tenantSchema;

/** Deletes a price rule (its link rows go with it); documents already priced by it keep their prices. */
export async function deletePriceRule(ctx: Ctx, input: { id: unknown }): Promise<void> {
  requirePermission(ctx, EDIT_PRICE_RULES);
  const deleted = await ctx.db
    .delete(priceRules)
    .where(eq(priceRules.id, recordId(input.id)))
    .returning({ id: priceRules.id });
  if (deleted.length === 0) throw new DomainError("not_found");
}
