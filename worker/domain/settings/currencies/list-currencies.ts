import { tenantSchema } from "../../../../db/client";
import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { parseListQuery } from "../../shared/list-query";
import { runList, type ListResult } from "../../shared/list-query-sql";
import type { CurrencyView } from "./currency-schemas";
import { currencyList, view } from "./currency-shared";

/** The company's currencies through the list parameters; any signed-in actor reads them. */
export async function listCurrenciesPage(ctx: Ctx, params: URLSearchParams | Record<string, unknown>): Promise<ListResult<CurrencyView>> {
  requireBackOffice(ctx);
  const query = parseListQuery(params, currencyList);
  const result = await runList(ctx.db, { from: tenantSchema.currencies, registry: currencyList, query });
  return { ...result, items: result.items.map(view) };
}

/** Every currency, by label. */
export async function allCurrencies(ctx: Ctx): Promise<CurrencyView[]> {
  return (await listCurrenciesPage(ctx, { page_size: -1 })).items;
}
