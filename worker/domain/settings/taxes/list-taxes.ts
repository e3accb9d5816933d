import { tenantSchema } from "../../../../db/client";
import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { parseListQuery } from "../../shared/list-query";
import { runList, type ListResult } from "../../shared/list-query-sql";
import type { TaxView } from "./tax-schemas";
import { selection, taxList, views } from "./tax-shared";

/** Taxes and groups through the list parameters; any signed-in actor reads them. */
export async function listTaxesPage(ctx: Ctx, params: URLSearchParams | Record<string, unknown>): Promise<ListResult<TaxView>> {
  requireBackOffice(ctx);
  const { db } = ctx;
  const query = parseListQuery(params, taxList);
  const result = await runList(db, { registry: taxList, query, select: () => db.select(selection).from(tenantSchema.taxes).$dynamic() });
  return { ...result, items: await views(db, result.items) };
}

/** Every tax and group, by label. */
export async function allTaxes(ctx: Ctx): Promise<TaxView[]> {
  return (await listTaxesPage(ctx, { page_size: -1 })).items;
}
