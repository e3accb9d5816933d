import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { parseListQuery } from "../../shared/list-query";
import { runList, type ListResult } from "../../shared/list-query-sql";
import type { PriceRuleView } from "./price-rule-schemas";
import { priceRuleList, targetsRead, view, VIEW_PRICE_RULES } from "./price-rule-shared";

/** The company's price rules in priority order (filters label, active, selection, price_type; sort number, label, created). */
export async function listPriceRules(ctx: Ctx, params: URLSearchParams | Record<string, unknown>): Promise<ListResult<PriceRuleView>> {
  requirePermission(ctx, VIEW_PRICE_RULES);
  const query = parseListQuery(params, priceRuleList);
  const result = await runList(ctx.db, { from: tenantSchema.priceRules, registry: priceRuleList, query });
  const links =
    result.items.length > 0
      ? await targetsRead(
          ctx.db,
          result.items.map((r) => r.id),
        )
      : [];
  return { ...result, items: result.items.map((row) => view(row, links)) };
}
