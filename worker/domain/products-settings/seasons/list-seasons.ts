import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { parseListQuery } from "../../shared/list-query";
import { runList, type ListResult } from "../../shared/list-query-sql";
import { VIEW_PRODUCTS } from "../shared";
import type { SeasonView } from "./season-schemas";
import { seasonList, view } from "./season-shared";

/** The company's seasons, through the list query engine (filter label__Contains; sort label, created). */
export async function listSeasons(ctx: Ctx, params: URLSearchParams | Record<string, unknown>): Promise<ListResult<SeasonView>> {
  requirePermission(ctx, VIEW_PRODUCTS);
  const query = parseListQuery(params, seasonList);
  const result = await runList(ctx.db, { from: tenantSchema.seasons, registry: seasonList, query });
  return { ...result, items: result.items.map(view) };
}
