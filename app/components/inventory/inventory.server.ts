import type { RequestContext } from "../../../worker/context";
import { listBrands } from "../../../worker/domain/products-settings/brands";
import { listProductTags } from "../../../worker/domain/products-settings/product-tags";
import { listProducts } from "../../../worker/domain/products/list-products";
import { stockLocations } from "../../../worker/domain/stock/stock-documents";
import { listUsers } from "../../../worker/domain/users/users";

type TenantDb = Awaited<ReturnType<RequestContext["tenant"]>>;

export interface Option {
  value: string;
  label: string;
}

/** Every location (inactive ones too, for filters of past records). */
export async function locationOptions(db: TenantDb, includeInactive = true): Promise<Option[]> {
  return (await stockLocations(db, includeInactive)).map((l) => ({ value: String(l.id), label: l.label }));
}

/** The filters of the stock level list: brands, product tags, products (the first 500 by label). */
export async function stockLevelFilterOptions(db: TenantDb) {
  const [locations, brands, tags, products] = await Promise.all([
    locationOptions(db),
    listBrands(db, { page_size: "-1" }),
    listProductTags(db, { page_size: "-1" }),
    listProducts(db, { page_size: "500", sort: "label" }),
  ]);
  return {
    locations,
    brands: brands.items.map((b) => ({ value: String(b.id), label: b.label })),
    tags: tags.items.map((t) => ({ value: String(t.id), label: t.label })),
    products: products.items.map((p) => ({ value: String(p.id), label: p.label })),
  };
}

/** Names of the company's staff by user id, for "who" columns. */
export async function userNames(ctx: RequestContext, companyId: string): Promise<Record<string, string>> {
  const users = await listUsers(ctx.control, companyId);
  return Object.fromEntries(users.map((u) => [u.id, u.display_name || `${u.first_name} ${u.last_name}`.trim() || u.email]));
}
