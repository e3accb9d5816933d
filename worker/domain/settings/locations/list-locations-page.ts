import { tenantSchema } from "../../../../db/client";
import { requireBackOffice, type Ctx } from "../../shared/ctx";
import { parseListQuery } from "../../shared/list-query";
import { runList, type ListResult } from "../../shared/list-query-sql";
import type { LocationView } from "./location-schemas";
import { locationList, view } from "./location-shared";

/** The company's stores and warehouses, filtered, sorted and paged by the list parameters; any signed-in actor reads them. */
export async function listLocationsPage(ctx: Ctx, params: URLSearchParams | Record<string, unknown>): Promise<ListResult<LocationView>> {
  requireBackOffice(ctx);
  const query = parseListQuery(params, locationList);
  const result = await runList(ctx.db, { from: tenantSchema.locations, registry: locationList, query });
  return { ...result, items: result.items.map(view) };
}

/** Every location, by label (the settings page and location pickers). */
export async function allLocations(ctx: Ctx): Promise<LocationView[]> {
  return (await listLocationsPage(ctx, { page_size: -1 })).items;
}
