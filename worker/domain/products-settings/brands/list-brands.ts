import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { parseListQuery } from "../../shared/list-query";
import { runList, type ListResult } from "../../shared/list-query-sql";
import { VIEW_PRODUCTS } from "../shared";
import type { BrandView } from "./brand-schemas";
import { brandList, view } from "./brand-shared";

/** The company's brands, through the list query engine (filters label__Contains, active; sort label, created). */
export async function listBrands(ctx: Ctx, params: URLSearchParams | Record<string, unknown>): Promise<ListResult<BrandView>> {
  requirePermission(ctx, VIEW_PRODUCTS);
  const query = parseListQuery(params, brandList);
  const result = await runList(ctx.db, { from: tenantSchema.brands, registry: brandList, query });
  return { ...result, items: result.items.map(view) };
}
