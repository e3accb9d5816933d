import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";
import { fromScaledInteger, PRICE_SCALE, QUANTITY_SCALE, type WeightUnit } from "../shared/money";
import { availableUnits, pooledAvailableUnits, totalOnHand } from "../stock/availability";
import { canView, type PriceAccess, type PriceLevelType } from "./price-access";
import type { ProductKind } from "./product-rules";
import { WEIGHT_SCALE, weightInGrams } from "./weights";

const t = tenantSchema;

/** Rates and percentages are stored at 4 decimals. */
export const RATE_SCALE = 4;

export interface PriceView {
  id: number;
  price_level_id: number;
  price_level_label: string;
  price_level_type: PriceLevelType;
  currency_id: number;
  currency_iso: string;
  amount: string;
}

export interface PackView {
  id: number;
  variant_id: number;
  label: string;
  quantity: string;
  active: boolean;
  prices: PriceView[];
}

export interface ComponentView {
  id: number;
  variant_id: number;
  product_id: number;
  label: string;
  sku: string;
  quantity: string;
}

export interface OptionView {
  id: number;
  label: string;
  attribute_id: number;
}

export interface VariantView {
  id: number;
  product_id: number;
  label: string;
  sku: string;
  barcode: string | null;
  active: boolean;
  track_inventory: boolean;
  batch_tracked: boolean;
  is_kit: boolean;
  is_assembly: boolean;
  is_packaging: boolean;
  option_ids: number[];
  options: OptionView[];
  supplier_id: number | null;
  supplier: { id: number; label: string } | null;
  supplier_sku: string | null;
  supplier_description: string | null;
  weight_amount: string;
  weight_unit: WeightUnit;
  weight_grams: string;
  ecotax: string;
  taxable: boolean;
  tax_ids: number[];
  taxes: { id: number; label: string; abbreviation: string }[];
  minimum_quantity: string;
  default_component_discount: string;
  /** Selling information: only for those who may view it. */
  recommended_price?: string | null;
  /** Purchasing information: only for those who may view it. */
  initial_cost?: string;
  moving_average_cost?: string;
  b2b_published: boolean;
  published_to_quickbooks: boolean;
  published_to_shopify: boolean;
  published_to_pennylane: boolean;
  published_to_sellsy: boolean;
  /** Units held in every location (negative levels counted as they are). */
  on_hand: string;
  /** Available in every location together: on hand (negative as 0) less committed (stock/availability.ts). */
  available: string;
  /** Ordered from suppliers and not yet received, in every location (purchase orders still open). */
  incoming: string;
  /** The variant's stock per location (kits hold none of their own). */
  stock_levels: { location_id: number; location_label: string; on_hand: string; available: string; incoming: string }[];
  /** Prices of the levels the caller may view, the packs' apart. */
  prices: PriceView[];
  packs: PackView[];
  components: ComponentView[];
  created_at: number;
  updated_at: number;
}

export interface ProductView {
  id: number;
  label: string;
  kind: ProductKind;
  active: boolean;
  description: string | null;
  b2b_published: boolean;
  country_of_origin: string | null;
  hs_code: string | null;
  accounting_family: string | null;
  image_key: string | null;
  brand_id: number | null;
  brand: { id: number; label: string } | null;
  season_id: number | null;
  season: { id: number; label: string } | null;
  tag_ids: number[];
  tags: { id: number; label: string }[];
  batch_tracked: boolean;
  kit_discount_rate: string;
  attribute_ids: number[];
  attributes: { id: number; label: string; position: number }[];
  /** The first variant's sku: the product's own for one-variant kinds. */
  sku: string | null;
  default_variant_id: number | null;
  variants_count: number;
  variants: VariantView[];
  created_at: number;
  updated_at: number;
}

const money = (units: number) => fromScaledInteger(units, PRICE_SCALE).toString();
const qty = (units: number) => fromScaledInteger(units, QUANTITY_SCALE).toString();
const rate = (units: number) => fromScaledInteger(units, RATE_SCALE).toString();

/** One product with everything it holds, read in one round trip; `not_found` when it does not exist. */
export async function loadProductView(db: TenantDb, productId: number, access: PriceAccess): Promise<ProductView> {
  const variantIds = db.select({ id: t.variants.id }).from(t.variants).where(eq(t.variants.productId, productId));
  const [products, attributes, tags, variants, options, taxes, prices, packs, components, levels, suppliers] = await db.batch([
    db
      .select({ product: t.products, brandLabel: t.brands.label, seasonLabel: t.seasons.label })
      .from(t.products)
      .leftJoin(t.brands, eq(t.brands.id, t.products.brandId))
      .leftJoin(t.seasons, eq(t.seasons.id, t.products.seasonId))
      .where(eq(t.products.id, productId)),
    db
      .select({ id: t.attributes.id, label: t.attributes.label, position: t.productAttributes.position })
      .from(t.productAttributes)
      .innerJoin(t.attributes, eq(t.attributes.id, t.productAttributes.attributeId))
      .where(eq(t.productAttributes.productId, productId))
      .orderBy(asc(t.productAttributes.position)),
    db
      .select({ id: t.productTags.id, label: t.productTags.label })
      .from(t.productTagLinks)
      .innerJoin(t.productTags, eq(t.productTags.id, t.productTagLinks.tagId))
      .where(eq(t.productTagLinks.productId, productId))
      .orderBy(sql`${t.productTags.label} collate nocase`, asc(t.productTags.id)),
    db.select().from(t.variants).where(eq(t.variants.productId, productId)).orderBy(asc(t.variants.id)),
    db
      .select({ id: t.attributeOptions.id, label: t.attributeOptions.label, attributeId: t.attributeOptions.attributeId })
      .from(t.attributeOptions)
      .where(
        sql`${t.attributeOptions.id} in (select option1_id from variants where product_id = ${productId}
          union select option2_id from variants where product_id = ${productId}
          union select option3_id from variants where product_id = ${productId})`,
      ),
    db
      .select({ variantId: t.variantTaxes.variantId, id: t.taxes.id, label: t.taxes.label, abbreviation: t.taxes.abbreviation })
      .from(t.variantTaxes)
      .innerJoin(t.taxes, eq(t.taxes.id, t.variantTaxes.taxId))
      .where(inArray(t.variantTaxes.variantId, variantIds))
      .orderBy(asc(t.taxes.id)),
    db
      .select({
        id: t.prices.id,
        variantId: t.prices.variantId,
        packId: t.prices.packId,
        priceLevelId: t.prices.priceLevelId,
        levelLabel: t.priceLevels.label,
        levelType: t.priceLevels.type,
        currencyId: t.prices.currencyId,
        iso: t.currencies.iso,
        amount: t.prices.amount,
      })
      .from(t.prices)
      .innerJoin(t.priceLevels, eq(t.priceLevels.id, t.prices.priceLevelId))
      .innerJoin(t.currencies, eq(t.currencies.id, t.prices.currencyId))
      .where(inArray(t.prices.variantId, variantIds))
      .orderBy(asc(t.prices.priceLevelId), asc(t.prices.currencyId)),
    db.select().from(t.packs).where(inArray(t.packs.variantId, variantIds)).orderBy(asc(t.packs.id)),
    db
      .select({
        id: t.components.id,
        parentId: t.components.parentVariantId,
        variantId: t.components.componentVariantId,
        quantity: t.components.quantity,
        productId: t.variants.productId,
        label: t.variants.label,
        sku: t.variants.sku,
      })
      .from(t.components)
      .innerJoin(t.variants, eq(t.variants.id, t.components.componentVariantId))
      .where(inArray(t.components.parentVariantId, variantIds))
      .orderBy(asc(t.components.id)),
    db
      .select({
        variantId: t.stockLevels.variantId,
        locationId: t.stockLevels.locationId,
        locationLabel: t.locations.label,
        onHand: t.stockLevels.onHand,
        committed: t.stockLevels.committed,
        incoming: t.stockLevels.incoming,
      })
      .from(t.stockLevels)
      .innerJoin(t.locations, eq(t.locations.id, t.stockLevels.locationId))
      .where(inArray(t.stockLevels.variantId, variantIds))
      .orderBy(asc(t.locations.label)),
    db
      .select({ id: t.suppliers.id, label: t.suppliers.name })
      .from(t.suppliers)
      .where(inArray(t.suppliers.id, db.select({ id: t.variants.supplierId }).from(t.variants).where(eq(t.variants.productId, productId)))),
  ]);
  const row = products[0];
  if (!row) throw new DomainError("not_found");
  const p = row.product;

  const optionMap = new Map(options.map((o) => [o.id, { id: o.id, label: o.label, attribute_id: o.attributeId }]));
  const visible = prices.filter((x) => canView(access, x.levelType));
  const priceView = (x: (typeof prices)[number]): PriceView => ({
    id: x.id,
    price_level_id: x.priceLevelId,
    price_level_label: x.levelLabel,
    price_level_type: x.levelType,
    currency_id: x.currencyId,
    currency_iso: x.iso,
    amount: money(x.amount),
  });

  const variantViews = variants.map((v): VariantView => {
    const optionIds = [v.option1Id, v.option2Id, v.option3Id].filter((id): id is number => id !== null);
    const variantTaxes = taxes.filter((x) => x.variantId === v.id).map(({ id, label, abbreviation }) => ({ id, label, abbreviation }));
    const variantLevels = levels.filter((l) => l.variantId === v.id);
    return {
      id: v.id,
      product_id: v.productId,
      label: v.label,
      sku: v.sku,
      barcode: v.barcode,
      active: v.active,
      track_inventory: v.trackInventory,
      batch_tracked: v.batchTracked,
      is_kit: v.isKit,
      is_assembly: v.isAssembly,
      is_packaging: v.isPackaging,
      option_ids: optionIds,
      options: optionIds.map((id) => optionMap.get(id)).filter((o) => o !== undefined),
      supplier_id: v.supplierId,
      supplier: suppliers.find((x) => x.id === v.supplierId) ?? null,
      supplier_sku: v.supplierSku,
      supplier_description: v.supplierDescription,
      weight_amount: fromScaledInteger(v.weightAmount, WEIGHT_SCALE).toString(),
      weight_unit: v.weightUnit,
      weight_grams: weightInGrams(fromScaledInteger(v.weightAmount, WEIGHT_SCALE), v.weightUnit, v.isKit).toString(),
      ecotax: money(v.ecotax),
      taxable: v.taxable,
      tax_ids: variantTaxes.map((x) => x.id),
      taxes: variantTaxes,
      minimum_quantity: qty(v.minimumQuantity),
      default_component_discount: rate(v.defaultComponentDiscount),
      ...(access.viewSelling ? { recommended_price: v.recommendedPrice === null ? null : money(v.recommendedPrice) } : {}),
      ...(access.viewPurchasing ? { initial_cost: money(v.initialCost), moving_average_cost: money(v.movingAverageCost) } : {}),
      b2b_published: v.b2bPublished,
      published_to_quickbooks: v.publishedToQuickbooks,
      published_to_shopify: v.publishedToShopify,
      published_to_pennylane: v.publishedToPennylane,
      published_to_sellsy: v.publishedToSellsy,
      on_hand: qty(totalOnHand(variantLevels.map((l) => l.onHand))),
      available: qty(pooledAvailableUnits(variantLevels)),
      incoming: qty(variantLevels.reduce((sum, l) => sum + l.incoming, 0)),
      stock_levels: variantLevels.map((l) => ({
        location_id: l.locationId,
        location_label: l.locationLabel,
        on_hand: qty(l.onHand),
        available: qty(availableUnits(l)),
        incoming: qty(l.incoming),
      })),
      prices: visible.filter((x) => x.variantId === v.id && x.packId === null).map(priceView),
      packs: packs
        .filter((k) => k.variantId === v.id)
        .map((k) => ({
          id: k.id,
          variant_id: k.variantId,
          label: k.label,
          quantity: qty(k.quantity),
          active: k.active,
          prices: visible.filter((x) => x.packId === k.id).map(priceView),
        })),
      components: components
        .filter((c) => c.parentId === v.id)
        .map((c) => ({
          id: c.id,
          variant_id: c.variantId,
          product_id: c.productId,
          label: c.label,
          sku: c.sku,
          quantity: qty(c.quantity),
        })),
      created_at: v.createdAt,
      updated_at: v.updatedAt,
    };
  });

  return {
    id: p.id,
    label: p.label,
    kind: p.kind,
    active: p.active,
    description: p.description,
    b2b_published: p.b2bPublished,
    country_of_origin: p.countryOfOrigin,
    hs_code: p.hsCode,
    accounting_family: p.accountingFamily,
    image_key: p.imageKey,
    brand_id: p.brandId,
    brand: p.brandId !== null && row.brandLabel !== null ? { id: p.brandId, label: row.brandLabel } : null,
    season_id: p.seasonId,
    season: p.seasonId !== null && row.seasonLabel !== null ? { id: p.seasonId, label: row.seasonLabel } : null,
    tag_ids: tags.map((x) => x.id),
    tags,
    batch_tracked: p.batchTracked,
    kit_discount_rate: rate(p.kitDiscountRate),
    attribute_ids: attributes.map((a) => a.id),
    attributes,
    sku: variantViews[0]?.sku ?? null,
    default_variant_id: variantViews[0]?.id ?? null,
    variants_count: variantViews.length,
    variants: variantViews,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

/** The product's variant (and pack) named in a path, or `not_found`: ids must belong to the product. */
export async function findVariant(db: TenantDb, productId: number, variantId: number) {
  const [row] = await db
    .select({ variant: t.variants, product: t.products })
    .from(t.variants)
    .innerJoin(t.products, eq(t.products.id, t.variants.productId))
    .where(and(eq(t.variants.id, variantId), eq(t.variants.productId, productId)));
  if (!row) throw new DomainError("not_found");
  return row;
}

export async function findPack(db: TenantDb, productId: number, variantId: number, packId: number) {
  const [row] = await db
    .select({ pack: t.packs, variant: t.variants })
    .from(t.packs)
    .innerJoin(t.variants, eq(t.variants.id, t.packs.variantId))
    .where(and(eq(t.packs.id, packId), eq(t.packs.variantId, variantId), eq(t.variants.productId, productId)));
  if (!row) throw new DomainError("not_found");
  return row;
}

export async function findProduct(db: TenantDb, productId: number) {
  const [row] = await db.select().from(t.products).where(eq(t.products.id, productId));
  if (!row) throw new DomainError("not_found");
  return row;
}

/** Whether any of these variants is a component of a kit or an assembly. */
export async function usedAsComponent(db: TenantDb, variantIds: readonly number[]): Promise<boolean> {
  if (variantIds.length === 0) return false;
  const [row] = await db
    .select({ id: t.components.id })
    .from(t.components)
    .where(inArray(t.components.componentVariantId, [...variantIds]))
    .limit(1);
  return row !== undefined;
}
