import type { RequestContext } from "../../../worker/context";
import { listAttributes } from "../../../worker/domain/products-settings/attributes";
import { listBrands } from "../../../worker/domain/products-settings/brands";
import { listProductTags } from "../../../worker/domain/products-settings/product-tags";
import { listSeasons } from "../../../worker/domain/products-settings/seasons";
import { getProduct } from "../../../worker/domain/products/get-product";
import { listProducts } from "../../../worker/domain/products/list-products";
import { canEdit, canView, priceAccess, type Caller } from "../../../worker/domain/products/price-access";
import { allCurrencies } from "../../../worker/domain/settings/currencies";
import { allPriceLevels } from "../../../worker/domain/settings/price-levels";
import { allTaxes } from "../../../worker/domain/settings/taxes";
import type { ProductOptions } from "./product-options";

type TenantDb = Awaited<ReturnType<RequestContext["tenant"]>>;

const ALL = { page_size: "-1" };

/** What the product forms choose from: brands, seasons, tags, attributes with options, taxes, price levels, currencies. */
export async function loadProductOptions(db: TenantDb, caller: Caller): Promise<ProductOptions> {
  const [brands, seasons, tags, attributes, taxes, levels, currencies] = await Promise.all([
    listBrands(db, ALL),
    listSeasons(db, ALL),
    listProductTags(db, ALL),
    listAttributes(db, ALL),
    allTaxes(db),
    allPriceLevels(db),
    allCurrencies(db),
  ]);
  const access = priceAccess(caller);
  return {
    brands: brands.items.map((b) => ({ id: b.id, label: b.label, active: b.active })),
    seasons: seasons.items.map((s) => ({ id: s.id, label: s.label })),
    tags: tags.items.map((t) => ({ id: t.id, label: t.label })),
    attributes: attributes.items.map((a) => ({ id: a.id, label: a.label, options: a.options.map((o) => ({ id: o.id, label: o.label })) })),
    taxes: taxes.filter((t) => t.active).map((t) => ({ id: t.id, label: t.label })),
    priceLevels: levels
      .filter((l) => l.active && canView(access, l.type))
      .map((l) => ({ id: l.id, label: l.label, type: l.type, editable: canEdit(access, l.type) })),
    currencies: currencies.filter((c) => c.active).map((c) => ({ id: c.id, iso: c.iso })),
    access,
  };
}

/** Variant ids of skus typed in a form (case aside), found through the products list; unknown skus are absent. */
export async function variantIdsOfSkus(db: TenantDb, caller: Caller, skus: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const sku of new Set(skus.map((s) => s.trim()).filter(Boolean))) {
    const found = await listProducts(db, { sku, page_size: "5" });
    for (const item of found.items) {
      const product = await getProduct(db, caller, item.id);
      const variant = product.variants.find((v) => v.sku.toLowerCase() === sku.toLowerCase());
      if (variant) out.set(sku.toLowerCase(), variant.id);
    }
  }
  return out;
}

/** Component rows whose sku names no variant (`unknown_variant`), or a quantity without a sku (`required`), keyed by row. */
export function unknownComponents(rows: readonly { sku: string; quantity: string }[], ids: Map<string, number>) {
  const out: Record<string, { code: string }> = {};
  rows.forEach((row, i) => {
    const sku = row.sku.trim();
    if (sku && !ids.has(sku.toLowerCase())) out[`components.${i}.sku`] = { code: "unknown_variant" };
    else if (!sku && row.quantity.trim()) out[`components.${i}.sku`] = { code: "required" };
  });
  return out;
}
