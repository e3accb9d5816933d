import { sql } from "drizzle-orm";
import { tenantSchema } from "../../../../db/client";
import { runMarkedBatch } from "../../shared/batch-marks";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { Decimal } from "../../shared/decimal";
import { insertedId } from "../../shared/inserted-id";
import { parseInput } from "../../shared/input";
import { CreatePriceRuleInput, type PriceRuleView } from "./price-rule-schemas";
import { checkRule, EDIT_PRICE_RULES, findPriceRule, isNumberTaken, numberTaken, ruleValues, targetRows } from "./price-rule-shared";

const { priceRules, priceRuleTargets } = tenantSchema;

/** Adds a price rule with its conditions and selection, numbered after the last rule unless it names its number. */
export async function createPriceRule(ctx: Ctx, raw: unknown): Promise<PriceRuleView> {
  requirePermission(ctx, EDIT_PRICE_RULES);
  const { db } = ctx;
  const input = parseInput(CreatePriceRuleInput, raw);
  const fields = await checkRule(db, { ...input, minimum_quantity: input.minimum_quantity ?? Decimal.zero(0) });
  const id = insertedId("price_rules");
  const links = targetRows(id, fields);
  let inserted: { id: number }[];
  try {
    [inserted] = (await runMarkedBatch(
      db,
      [
        db
          .insert(priceRules)
          .values({
            ...ruleValues(fields),
            number: fields.number ?? sql<number>`(select coalesce(max(${priceRules.number}), 0) + 1 from ${priceRules})`,
          })
          .returning({ id: priceRules.id }),
        ...(links.length > 0 ? [db.insert(priceRuleTargets).values(links)] : []),
      ],
      { type: "price_rule", id },
    )) as [{ id: number }[]];
  } catch (error) {
    if (isNumberTaken(error)) throw numberTaken();
    throw error;
  }
  return findPriceRule(db, inserted[0]!.id);
}
