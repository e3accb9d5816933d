import { eq, sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { runMarkedBatch } from "../../shared/batch-marks";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { Decimal } from "../../shared/decimal";
import { parseInput, recordId } from "../../shared/input";
import { UpdatePriceRuleInput, type PriceRuleView } from "./price-rule-schemas";
import {
  checkRule,
  EDIT_PRICE_RULES,
  findPriceRule,
  isNumberTaken,
  numberTaken,
  ruleValues,
  targetRows,
  type RuleFields,
} from "./price-rule-shared";

const { priceRules, priceRuleTargets } = tenantSchema;

/** Changes a price rule: the fields given replace its own, the rule is checked whole again, its link rows rewritten. */
export async function updatePriceRule(ctx: Ctx, raw: { id: unknown } & Record<string, unknown>): Promise<PriceRuleView> {
  requirePermission(ctx, EDIT_PRICE_RULES);
  const { db } = ctx;
  const { id: rawId, ...rest } = raw;
  const id = recordId(rawId);
  const current = await findPriceRule(db, id);
  const input = parseInput(UpdatePriceRuleInput, rest);
  const merged: RuleFields = {
    ...current,
    value: Decimal.parse(current.value),
    minimum_quantity: Decimal.parse(current.minimum_quantity),
    ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
  };
  const fields = await checkRule(db, merged);
  const links = targetRows(id, fields);
  try {
    await runMarkedBatch(db, [
      db
        .update(priceRules)
        .set({ ...ruleValues(fields), number: fields.number, updatedAt: sql`(cast(unixepoch('subsecond') * 1000 as integer))` })
        .where(eq(priceRules.id, id)),
      db.delete(priceRuleTargets).where(eq(priceRuleTargets.ruleId, id)),
      ...(links.length > 0 ? [db.insert(priceRuleTargets).values(links)] : []),
    ]);
  } catch (error) {
    if (isNumberTaken(error)) throw numberTaken();
    throw error;
  }
  return findPriceRule(db, id);
}
