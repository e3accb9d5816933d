import { eq, sql, type SQLWrapper } from "drizzle-orm";
import { inIds } from "../shared/in-ids";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { fromScaledInteger, PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import type { PriceLevelType } from "./price-access";
import { lessPercent, resolvePrice, type PriceSource, type PricingCustomer, type StoredPrice } from "./pricing";
import { RATE_SCALE } from "./product-view";
import { RATE_SCALE as CURRENCY_RATE_SCALE } from "../settings/currencies/currency-schemas";

const t = tenantSchema;

/** Exchange rates are stored at the currencies' scale. */
export const EXCHANGE_RATE_SCALE = CURRENCY_RATE_SCALE;

/** Where a set of prices is asked: the same level, currency and customer for every item of a document. */
export interface PriceTerms {
  /** Default: the customer's, else the company's default selling level. */
  priceLevelId?: number | null;
  /** Default: the customer's, else the default currency. */
  currencyId?: number | null;
  customer?: PricingCustomer | null;
  /** Default: the currency's own rate. */
  exchangeRate?: Decimal | string | null;
}

export interface PriceItem {
  variantId: number;
  packId?: number | null;
}

export interface VariantPrice {
  amount: Decimal;
  source: PriceSource;
  priceLevelId: number | null;
  priceLevelType: PriceLevelType | null;
  currencyId: number | null;
  exchangeRate: Decimal | null;
}

/**
 * The reads the prices of some variants need, as statements a caller may put in its own batch
 * (a document reads its whole catalogue at once): the variants, their packs, their kits'
 * components, every price of them and of those components, the company's defaults, the
 * currencies and the price levels.
 */
export function priceReads(db: TenantDb, variantIds: readonly number[] | SQLWrapper) {
  const ids = Array.isArray(variantIds) ? [...new Set(variantIds as readonly number[])] : (variantIds as SQLWrapper);
  // The variants and their components as one list: a single IN lets the prices' index serve it
  // (an OR of two INs makes SQLite scan every price).
  const withComponents = sql`select ${t.variants.id} from ${t.variants} where ${inIds(t.variants.id, ids)}
    union select ${t.components.componentVariantId} from ${t.components} where ${inIds(t.components.parentVariantId, ids)}`;
  return [
    db
      .select({ id: t.variants.id, isKit: t.variants.isKit, kitDiscountRate: t.products.kitDiscountRate })
      .from(t.variants)
      .innerJoin(t.products, eq(t.products.id, t.variants.productId))
      .where(inIds(t.variants.id, ids)),
    db.select({ level: t.companySettings.defaultSellingPriceLevelId, iso: t.companySettings.defaultCurrency }).from(t.companySettings),
    db
      .select({ id: t.currencies.id, iso: t.currencies.iso, isDefault: t.currencies.isDefault, rate: t.currencies.exchangeRate })
      .from(t.currencies),
    db.select({ id: t.priceLevels.id, type: t.priceLevels.type }).from(t.priceLevels),
    db
      .select({
        variantId: t.prices.variantId,
        packId: t.prices.packId,
        priceLevelId: t.prices.priceLevelId,
        currencyId: t.prices.currencyId,
        amount: t.prices.amount,
      })
      .from(t.prices)
      .where(sql`${t.prices.variantId} in (${withComponents})`),
    db
      .select({ parentId: t.components.parentVariantId, variantId: t.components.componentVariantId, quantity: t.components.quantity })
      .from(t.components)
      .where(inIds(t.components.parentVariantId, ids)),
    db
      .select({ id: t.packs.id, variantId: t.packs.variantId, quantity: t.packs.quantity, label: t.packs.label })
      .from(t.packs)
      .where(inIds(t.packs.variantId, ids)),
  ] as const;
}

type Reads = ReturnType<typeof priceReads>;
export type PriceRows = { [K in keyof Reads]: Awaited<Reads[K]> };

const storedPrice = (p: { priceLevelId: number; currencyId: number; amount: number }): StoredPrice => ({
  price_level_id: p.priceLevelId,
  currency_id: p.currencyId,
  amount: fromScaledInteger(p.amount, PRICE_SCALE),
});

/**
 * The calculated price of each item (platform spec §7) from the rows `priceReads` gave: pure.
 * A pack without a price of its own costs its quantity times the unit price; the customer's
 * discount comes last. An unknown variant or pack is `not_found`.
 */
export function pricesFrom(rows: PriceRows, terms: PriceTerms, items: readonly PriceItem[]): VariantPrice[] {
  const [variants, settings, currencies, levels, prices, parts, packs] = rows;
  const setting = settings[0];
  const defaultCurrency = currencies.find((c) => c.isDefault) ?? currencies.find((c) => c.iso === setting?.iso) ?? null;
  const priceLevelId = terms.priceLevelId ?? terms.customer?.price_level_id ?? setting?.level ?? null;
  const currencyId = terms.currencyId ?? terms.customer?.currency_id ?? defaultCurrency?.id ?? null;
  const level = levels.find((l) => l.id === priceLevelId);
  const currency = currencies.find((c) => c.id === currencyId);
  if (priceLevelId !== null && !level) throw new DomainError("validation_failed", {}, { price_level_id: { code: "unknown_price_level" } });
  if (currencyId !== null && !currency) throw new DomainError("validation_failed", {}, { currency_id: { code: "unknown_currency" } });
  const exchangeRate =
    terms.exchangeRate !== undefined && terms.exchangeRate !== null
      ? Decimal.parse(terms.exchangeRate.toString())
      : currency
        ? fromScaledInteger(currency.rate, EXCHANGE_RATE_SCALE)
        : null;
  const common = { priceLevelId, currencyId, defaultCurrencyId: defaultCurrency?.id ?? null, exchangeRate };
  const unitPricesOf = (id: number) => prices.filter((p) => p.variantId === id && p.packId === null).map(storedPrice);

  return items.map(({ variantId, packId = null }) => {
    const variant = variants.find((v) => v.id === variantId);
    if (!variant) throw new DomainError("not_found");
    const pack = packId === null ? null : packs.find((p) => p.id === packId && p.variantId === variantId);
    if (pack === undefined) throw new DomainError("not_found");
    const kit = variant.isKit
      ? {
          discountRate: fromScaledInteger(variant.kitDiscountRate, RATE_SCALE),
          components: parts
            .filter((c) => c.parentId === variantId)
            .map((c) => {
              const own = resolvePrice({ ...common, prices: unitPricesOf(c.variantId) });
              return { quantity: fromScaledInteger(c.quantity, QUANTITY_SCALE), price: own.source === "none" ? null : own.amount };
            }),
        }
      : null;
    let base = resolvePrice({ ...common, prices: unitPricesOf(variantId), kit });
    if (pack) {
      const own = resolvePrice({ ...common, prices: prices.filter((p) => p.packId === pack.id).map(storedPrice) });
      base =
        own.source !== "none"
          ? own
          : { ...base, amount: base.amount.mul(fromScaledInteger(pack.quantity, QUANTITY_SCALE)).round(PRICE_SCALE) };
    }
    const discount = terms.customer?.discount_rate;
    const amount = base.source !== "none" && discount != null ? lessPercent(base.amount, discount).round(PRICE_SCALE) : base.amount;
    return { amount, source: base.source, priceLevelId, priceLevelType: level?.type ?? null, currencyId, exchangeRate };
  });
}

/** The prices of several variants or packs in one round trip. */
export async function pricesOfVariants(db: TenantDb, terms: PriceTerms, items: readonly PriceItem[]): Promise<VariantPrice[]> {
  const rows = (await db.batch(
    priceReads(
      db,
      items.map((i) => i.variantId),
    ),
  )) as unknown as PriceRows;
  return pricesFrom(rows, terms, items);
}
