import { and, eq, inArray, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { FieldErrorCode } from "../shared/error-codes";
import type { FieldIssues } from "./common";
import type { PriceLevelType } from "./price-access";
import { skuKey } from "./product-rules";

const t = tenantSchema;

/** One id given in the input, and the field that named it (for the error). */
export interface Ref {
  id: number;
  field: string;
}

/** Everything an input refers to, checked in one round trip. */
export interface ReferenceRequest {
  brands?: Ref[];
  seasons?: Ref[];
  tags?: Ref[];
  attributes?: Ref[];
  /** An option must belong to the attribute at its position. */
  options?: (Ref & { attributeId: number | undefined })[];
  taxes?: Ref[];
  priceLevels?: Ref[];
  currencies?: Ref[];
  components?: Ref[];
  suppliers?: Ref[];
  /** Active locations (where initial stock is put). */
  locations?: Ref[];
  skus?: { sku: string; field: string; exceptVariantId?: number }[];
}

export interface References {
  priceLevelTypes: Map<number, PriceLevelType>;
  /** The currencies named that are not the default one. */
  foreignCurrencies: Set<number>;
  options: Map<number, { label: string; attributeId: number }>;
  /** Fields naming a sku some other variant of the company already has. */
  takenSkus: string[];
}

const ids = (refs: Ref[] | undefined) => [...new Set((refs ?? []).map((r) => r.id))];

/**
 * Loads what the input names and records `unknown_<thing>` for each missing id: brands, seasons,
 * tags, attributes, options of the right attribute, active taxes, price levels, currencies,
 * components (existing variants that are not kits), suppliers and active locations.
 */
export async function checkReferences(db: TenantDb, request: ReferenceRequest, issues: FieldIssues): Promise<References> {
  const skus = request.skus ?? [];
  const skuList = skus.length
    ? sql.join(
        skus.map((s) => sql`${s.sku}`),
        sql`, `,
      )
    : sql`null`;
  const [brands, seasons, tags, attributes, options, taxes, levels, currencies, components, suppliers, locations, taken] = await db.batch([
    db
      .select({ id: t.brands.id })
      .from(t.brands)
      .where(inArray(t.brands.id, ids(request.brands))),
    db
      .select({ id: t.seasons.id })
      .from(t.seasons)
      .where(inArray(t.seasons.id, ids(request.seasons))),
    db
      .select({ id: t.productTags.id })
      .from(t.productTags)
      .where(inArray(t.productTags.id, ids(request.tags))),
    db
      .select({ id: t.attributes.id })
      .from(t.attributes)
      .where(inArray(t.attributes.id, ids(request.attributes))),
    db
      .select({ id: t.attributeOptions.id, label: t.attributeOptions.label, attributeId: t.attributeOptions.attributeId })
      .from(t.attributeOptions)
      .where(inArray(t.attributeOptions.id, ids(request.options))),
    db
      .select({ id: t.taxes.id })
      .from(t.taxes)
      .where(and(inArray(t.taxes.id, ids(request.taxes)), eq(t.taxes.active, true))),
    db
      .select({ id: t.priceLevels.id, type: t.priceLevels.type })
      .from(t.priceLevels)
      .where(inArray(t.priceLevels.id, ids(request.priceLevels))),
    db
      .select({ id: t.currencies.id, isDefault: t.currencies.isDefault })
      .from(t.currencies)
      .where(inArray(t.currencies.id, ids(request.currencies))),
    db
      .select({ id: t.variants.id, isKit: t.variants.isKit })
      .from(t.variants)
      .where(inArray(t.variants.id, ids(request.components))),
    db
      .select({ id: t.suppliers.id })
      .from(t.suppliers)
      .where(inArray(t.suppliers.id, ids(request.suppliers))),
    db
      .select({ id: t.locations.id })
      .from(t.locations)
      .where(and(inArray(t.locations.id, ids(request.locations)), eq(t.locations.active, true))),
    // The NOCASE comparison of the unique index, served by it.
    db
      .select({ id: t.variants.id, sku: t.variants.sku })
      .from(t.variants)
      .where(sql`${t.variants.sku} collate nocase in (${skuList})`),
  ]);

  const check = (refs: Ref[] | undefined, found: { id: number }[], code: FieldErrorCode) => {
    const known = new Set(found.map((r) => r.id));
    for (const ref of refs ?? []) if (!known.has(ref.id)) issues.add(ref.field, code);
  };
  check(request.brands, brands, "unknown_brand");
  check(request.seasons, seasons, "unknown_season");
  check(request.tags, tags, "unknown_tag");
  check(request.attributes, attributes, "unknown_attribute");
  check(request.taxes, taxes, "unknown_tax");
  check(request.priceLevels, levels, "unknown_price_level");
  check(request.currencies, currencies, "unknown_currency");
  check(request.suppliers, suppliers, "unknown_supplier");
  check(request.locations, locations, "unknown_location");

  const optionMap = new Map(options.map((o) => [o.id, { label: o.label, attributeId: o.attributeId }]));
  for (const ref of request.options ?? []) {
    const option = optionMap.get(ref.id);
    if (!option || option.attributeId !== ref.attributeId) issues.add(ref.field, "unknown_option");
  }

  const variantMap = new Map(components.map((v) => [v.id, v]));
  for (const ref of request.components ?? []) {
    const variant = variantMap.get(ref.id);
    if (!variant) issues.add(ref.field, "unknown_variant");
    else if (variant.isKit) issues.add(ref.field, "component_is_kit");
  }

  const owners = new Map(taken.map((v) => [skuKey(v.sku), v.id]));
  const takenSkus = skus.filter((s) => {
    const owner = owners.get(skuKey(s.sku));
    return owner !== undefined && owner !== s.exceptVariantId;
  });

  return {
    priceLevelTypes: new Map(levels.map((l) => [l.id, l.type])),
    foreignCurrencies: new Set(currencies.filter((c) => !c.isDefault).map((c) => c.id)),
    options: optionMap,
    takenSkus: takenSkus.map((s) => s.field),
  };
}

/** The refs of a price list at `base` (e.g. "variants.0.prices"). */
export function priceRefs(prices: readonly { price_level_id: number; currency_id: number }[] | undefined, base: string) {
  return {
    priceLevels: (prices ?? []).map((p, i) => ({ id: p.price_level_id, field: `${base}.${i}.price_level_id` })),
    currencies: (prices ?? []).map((p, i) => ({ id: p.currency_id, field: `${base}.${i}.currency_id` })),
  };
}
