import type { RequestContext } from "../../../worker/context";
import type { Ctx } from "../../../worker/domain/shared/ctx";
import { listStockLocations } from "../../../worker/domain/stock/list-stock-locations";
import { stockLevelFilters } from "../../../worker/domain/stock/stock-level-filters";
import { companyStaff } from "../../../worker/domain/users/staff";

export interface Option {
  value: string;
  label: string;
}

/** Every location (inactive ones too, for filters of past records). */
export async function locationOptions(ctx: Ctx, includeInactive = true): Promise<Option[]> {
  return (await listStockLocations(ctx, { includeInactive })).map((l) => ({ value: String(l.id), label: l.label }));
}

/**
 * The filters of the stock level list: locations, brands, product tags, and the product the
 * address names (`product_id`), if any: the others are looked up as they are typed.
 */
export async function stockLevelFilterOptions(ctx: Ctx, productParam: string | null) {
  const [locations, { brands, tags, product }] = await Promise.all([locationOptions(ctx), stockLevelFilters(ctx, productParam)]);
  const option = (x: { id: number; label: string }) => ({ value: String(x.id), label: x.label });
  return { locations, brands: brands.map(option), tags: tags.map(option), product: product && option(product) };
}

/** Names of the company's staff by user id, for "who" columns. */
export async function userNames(ctx: RequestContext, companyId: string): Promise<Record<string, string>> {
  const users = await companyStaff(ctx.control, companyId);
  return Object.fromEntries(users.map((u) => [u.id, u.display_name || `${u.first_name} ${u.last_name}`.trim() || u.email]));
}
