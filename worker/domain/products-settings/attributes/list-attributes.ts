import { tenantSchema } from "../../../../db/client";
import { requirePermission, type Ctx } from "../../shared/ctx";
import { parseListQuery } from "../../shared/list-query";
import { runList, type ListResult } from "../../shared/list-query-sql";
import { VIEW_PRODUCTS } from "../shared";
import type { AttributeView } from "./attribute-schemas";
import { attributeList, optionsOf, view } from "./attribute-shared";

/** The company's attributes with their options, through the list query engine (filter label__Contains; sort label, created). */
export async function listAttributes(ctx: Ctx, params: URLSearchParams | Record<string, unknown>): Promise<ListResult<AttributeView>> {
  requirePermission(ctx, VIEW_PRODUCTS);
  const { db } = ctx;
  const query = parseListQuery(params, attributeList);
  const result = await runList(db, { from: tenantSchema.attributes, registry: attributeList, query });
  const ids = result.items.map((row) => row.id);
  const byAttribute = await optionsOf(db, ids);
  return { ...result, items: result.items.map((row) => view(row, byAttribute.get(row.id) ?? [])) };
}
