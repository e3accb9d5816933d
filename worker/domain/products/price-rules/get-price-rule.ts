import { requirePermission, type Ctx } from "../../shared/ctx";
import { recordId } from "../../shared/input";
import type { PriceRuleView } from "./price-rule-schemas";
import { findPriceRule, VIEW_PRICE_RULES } from "./price-rule-shared";

export async function getPriceRule(ctx: Ctx, input: { id: unknown }): Promise<PriceRuleView> {
  requirePermission(ctx, VIEW_PRICE_RULES);
  return findPriceRule(ctx.db, recordId(input.id));
}
