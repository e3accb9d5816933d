import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { parseListQuery } from "../../shared/list-query";
import { runList, type ListResult } from "../../shared/list-query-sql";
import { VIEW_PRODUCTS } from "../shared";
import type { ProductTagView } from "./product-tag-schemas";
import { productTagList, view } from "./product-tag-shared";

/** The company's product tags, through the list query engine (filter label__Contains; sort label, created). */
export async function listProductTags(ctx: Ctx, params: URLSearchParams | Record<string, unknown>): Promise<ListResult<ProductTagView>> {
  requirePermission(ctx, VIEW_PRODUCTS);
  const query = parseListQuery(params, productTagList);
  const result = await runList(ctx.db, { from: tenantSchema.productTags, registry: productTagList, query });
  return { ...result, items: result.items.map(view) };
}
