import { tenantSchema } from "../../../../db/client";
import type { Ctx } from "../../shared/ctx";
import { parseListQuery } from "../../shared/list-query";
import { runList, type ListResult } from "../../shared/list-query-sql";
import type { PriceLevelView } from "./price-level-schemas";
import { priceLevelList, selection, view } from "./price-level-shared";

/** The price levels through the list parameters; any signed-in actor reads them. */
export async function listPriceLevelsPage(
  ctx: Ctx,
  params: URLSearchParams | Record<string, unknown>,
): Promise<ListResult<PriceLevelView>> {
  const { db } = ctx;
  const query = parseListQuery(params, priceLevelList);
  const result = await runList(db, {
    registry: priceLevelList,
    query,
    select: () => db.select(selection).from(tenantSchema.priceLevels).$dynamic(),
  });
  return { ...result, items: result.items.map(view) };
}

/** Every price level, by label. */
export async function allPriceLevels(ctx: Ctx): Promise<PriceLevelView[]> {
  return (await listPriceLevelsPage(ctx, { page_size: -1 })).items;
}
