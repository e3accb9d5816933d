import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteInsertValue } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { tenantSchema, type TenantDb } from "../../../db/client";
import type { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { PRICE_SCALE, QUANTITY_SCALE, toScaledInteger } from "../shared/money";
import { assertCanEdit, type PriceAccess } from "./price-access";
import { variantFlags, type ProductKind } from "./product-rules";
import type { ComponentListInput, PackInput, PriceListInput, UpdateVariantInput, VariantInput } from "./product-schemas";
import { RATE_SCALE } from "./product-view";
import type { References } from "./references";
import { WEIGHT_SCALE } from "./weights";
import { insertedId } from "../shared/inserted-id";

const t = tenantSchema;

/**
 * Statements that write new variants and what hangs off them, for one atomic batch.
 *
 * A batch cannot read the ids it generates, so later statements find earlier rows by what
 * identifies them inside the batch's transaction: a new variant by its sku (unique, served by
 * the NOCASE index), a new product or pack by the id SQLite just gave (see insertedId).
 */
export const newProductId = insertedId("products");
export const newPackId = insertedId("packs");
export const variantIdOfSku = (sku: string | SQL) => sql<number>`(select id from variants where sku = ${sku} collate nocase)`;

export type ParsedVariant = z.output<typeof VariantInput>;
export type ParsedVariantUpdate = z.output<typeof UpdateVariantInput>;
export type ParsedPrices = z.output<typeof PriceListInput>;
export type ParsedPack = z.output<typeof PackInput>;
export type ParsedComponents = z.output<typeof ComponentListInput>;

export const scaled = (value: Decimal, scale: number) => Number(toScaledInteger(value, scale));

export function variantValues(
  v: ParsedVariant,
  product: { id: number | SQL; kind: ProductKind; batchTracked: boolean; label: string },
): SQLiteInsertValue<typeof t.variants> {
  const flags = variantFlags(product.kind, product.batchTracked);
  const initialCost = v.initial_cost ? scaled(v.initial_cost, PRICE_SCALE) : 0;
  return {
    productId: product.id,
    label: v.label ?? product.label,
    sku: v.sku,
    barcode: v.barcode ?? null,
    active: v.active ?? true,
    // A kit is not stocked itself: its components are.
    trackInventory: v.track_inventory ?? !flags.isKit,
    ...flags,
    option1Id: v.option_ids?.[0] ?? null,
    option2Id: v.option_ids?.[1] ?? null,
    option3Id: v.option_ids?.[2] ?? null,
    supplierId: v.supplier_id ?? null,
    supplierSku: v.supplier_sku ?? null,
    supplierDescription: v.supplier_description ?? null,
    // Kits weigh zero (domain spec §5).
    weightAmount: v.weight_amount && !flags.isKit ? scaled(v.weight_amount, WEIGHT_SCALE) : 0,
    weightUnit: v.weight_unit ?? "kg",
    ecotax: v.ecotax ? scaled(v.ecotax, PRICE_SCALE) : 0,
    taxable: v.taxable ?? true,
    minimumQuantity: v.minimum_quantity ? scaled(v.minimum_quantity, QUANTITY_SCALE) : 0,
    defaultComponentDiscount: v.default_component_discount ? scaled(v.default_component_discount, RATE_SCALE) : 0,
    recommendedPrice: v.recommended_price ? scaled(v.recommended_price, PRICE_SCALE) : null,
    initialCost,
    movingAverageCost: initialCost,
    b2bPublished: v.b2b_published ?? false,
    publishedToQuickbooks: v.published_to_quickbooks ?? false,
    publishedToShopify: v.published_to_shopify ?? false,
    publishedToPennylane: v.published_to_pennylane ?? false,
    publishedToSellsy: v.published_to_sellsy ?? false,
  };
}

export function priceValues(
  variantId: number | SQL,
  packId: number | SQL | null,
  prices: ParsedPrices,
): SQLiteInsertValue<typeof t.prices>[] {
  return prices.map((p) => ({
    variantId,
    packId,
    priceLevelId: p.price_level_id,
    currencyId: p.currency_id,
    amount: scaled(p.amount, PRICE_SCALE),
  }));
}

/** A new pack and its prices; the first statement returns the pack's id. */
export function packStatements(db: TenantDb, variantId: number | SQL, pack: ParsedPack): BatchItem<"sqlite">[] {
  const out: BatchItem<"sqlite">[] = [
    db
      .insert(t.packs)
      .values({ variantId, label: pack.label, quantity: scaled(pack.quantity, QUANTITY_SCALE), active: pack.active ?? true })
      .returning({ id: t.packs.id }),
  ];
  if (pack.prices?.length) out.push(db.insert(t.prices).values(priceValues(variantId, newPackId, pack.prices)));
  return out;
}

export function componentValues(parentVariantId: number | SQL, components: ParsedComponents): SQLiteInsertValue<typeof t.components>[] {
  return components.map((c) => ({ parentVariantId, componentVariantId: c.variant_id, quantity: scaled(c.quantity, QUANTITY_SCALE) }));
}

/** A new variant's taxes, prices, packs (with theirs) and components. */
export function variantDependents(
  db: TenantDb,
  variantId: number | SQL,
  v: ParsedVariant,
  components?: ParsedComponents,
): BatchItem<"sqlite">[] {
  const out: BatchItem<"sqlite">[] = [];
  if (v.tax_ids?.length) out.push(db.insert(t.variantTaxes).values(v.tax_ids.map((taxId) => ({ variantId, taxId }))));
  if (v.prices?.length) out.push(db.insert(t.prices).values(priceValues(variantId, null, v.prices)));
  for (const pack of v.packs ?? []) out.push(...packStatements(db, variantId, pack));
  if (components?.length) out.push(db.insert(t.components).values(componentValues(variantId, components)));
  return out;
}

/**
 * Prices of a level type need its edit permission, and in another currency than the default one
 * the multi_currencies module; costs are purchasing information, the recommended price selling.
 */
export function assertPriceEdits(
  access: PriceAccess,
  refs: References,
  given: { prices: readonly { price_level_id: number; currency_id: number }[]; costs: boolean; recommended: boolean },
): void {
  for (const p of given.prices) {
    assertCanEdit(access, refs.priceLevelTypes.get(p.price_level_id) ?? "selling");
    if (!access.multiCurrency && refs.foreignCurrencies.has(p.currency_id)) throw new DomainError("forbidden");
  }
  if (given.costs) assertCanEdit(access, "purchasing");
  if (given.recommended) assertCanEdit(access, "selling");
}

/** `duplicate_sku` (HTTP 409) naming each field at fault. */
export function duplicateSkuError(fields: readonly string[]): DomainError {
  return new DomainError("duplicate_sku", {}, Object.fromEntries(fields.map((f) => [f, { code: "duplicate_sku" }])));
}

/** Every price of a variant input, its packs' included. */
export function allPrices(v: { prices?: ParsedPrices | undefined; packs?: ParsedPack[] | undefined }): ParsedPrices {
  return [...(v.prices ?? []), ...(v.packs ?? []).flatMap((p) => p.prices ?? [])];
}
