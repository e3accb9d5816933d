import type { RequestContext } from "../../../worker/context";
import { listAttributes } from "../../../worker/domain/products-settings/attributes";
import { listBrands } from "../../../worker/domain/products-settings/brands";
import { listProductTags } from "../../../worker/domain/products-settings/product-tags";
import { listSeasons } from "../../../worker/domain/products-settings/seasons";
import { canEdit, canView, priceAccess, type Caller } from "../../../worker/domain/products/price-access";
import { listSuppliers } from "../../../worker/domain/contacts/suppliers";
import { stockLocations } from "../../../worker/domain/stock/stock-documents";
import { allCurrencies } from "../../../worker/domain/settings/currencies";
import { allPriceLevels } from "../../../worker/domain/settings/price-levels";
import { allTaxes } from "../../../worker/domain/settings/taxes";
import type { ProductOptions } from "./product-options";

type TenantDb = Awaited<ReturnType<RequestContext["tenant"]>>;

const ALL = { page_size: "-1" };

/** What the product forms choose from: brands, seasons, tags, attributes with options, taxes, price levels, currencies, suppliers, locations. */
export async function loadProductOptions(db: TenantDb, caller: Caller): Promise<ProductOptions> {
  const [brands, seasons, tags, attributes, taxes, levels, currencies, suppliers, locations] = await Promise.all([
    listBrands(db, ALL),
    listSeasons(db, ALL),
    listProductTags(db, ALL),
    listAttributes(db, ALL),
    allTaxes(db),
    allPriceLevels(db),
    allCurrencies(db),
    listSuppliers(db, { active: "true", page_size: "-1" }),
    stockLocations(db),
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
    suppliers: suppliers.items.map((x) => ({ id: x.id, label: x.name })),
    locations: locations.map((l) => ({ id: l.id, label: l.label })),
    access,
  };
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
