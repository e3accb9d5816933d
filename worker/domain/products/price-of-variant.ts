import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { tenantSchema, type TenantDb } from "../../../db/client";
import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { fromScaledInteger, PRICE_SCALE, QUANTITY_SCALE } from "../shared/money";
import type { PriceLevelType } from "./price-access";
import { lessPercent, resolvePrice, type PriceSource, type PricingCustomer, type StoredPrice } from "./pricing";
import { RATE_SCALE } from "./product-view";

const t = tenantSchema;

/** Exchange rates are stored at 8 decimals. */
export const EXCHANGE_RATE_SCALE = 8;

export interface PriceQuery {
  variantId: number;
  packId?: number | null;
  /** Default: the customer's, else the company's default selling level. */
  priceLevelId?: number | null;
  /** Default: the customer's, else the default currency. */
  currencyId?: number | null;
  customer?: PricingCustomer | null;
  /** Default: the currency's own rate. */
  exchangeRate?: Decimal | string | null;
}

export interface VariantPrice {
  amount: Decimal;
  source: PriceSource;
  priceLevelId: number | null;
  priceLevelType: PriceLevelType | null;
  currencyId: number | null;
  exchangeRate: Decimal | null;
}

const storedPrice = (p: { priceLevelId: number; currencyId: number; amount: number }): StoredPrice => ({
  price_level_id: p.priceLevelId,
  currency_id: p.currencyId,
  amount: fromScaledInteger(p.amount, PRICE_SCALE),
});

/**
 * The calculated price of a variant or one of its packs (platform spec §7), in one round trip:
 * its prices, its components' when it is a kit, the defaults of the company and the currencies.
 * A pack without a price of its own costs its quantity times the unit price.
 */
export async function priceOfVariant(db: TenantDb, query: PriceQuery): Promise<VariantPrice> {
  const { variantId } = query;
  const packId = query.packId ?? null;
  const components = db
    .select({ id: t.components.componentVariantId })
    .from(t.components)
    .where(eq(t.components.parentVariantId, variantId));
  const [variants, settings, currencies, levels, prices, parts, packs] = await db.batch([
    db
      .select({ isKit: t.variants.isKit, kitDiscountRate: t.products.kitDiscountRate })
      .from(t.variants)
      .innerJoin(t.products, eq(t.products.id, t.variants.productId))
      .where(eq(t.variants.id, variantId)),
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
      .where(
        or(
          and(
            inArray(t.prices.variantId, [variantId]),
            packId === null ? isNull(t.prices.packId) : or(isNull(t.prices.packId), eq(t.prices.packId, packId)),
          ),
          and(inArray(t.prices.variantId, components), isNull(t.prices.packId)),
        ),
      ),
    db
      .select({ variantId: t.components.componentVariantId, quantity: t.components.quantity })
      .from(t.components)
      .where(eq(t.components.parentVariantId, variantId)),
    db
      .select({ quantity: t.packs.quantity })
      .from(t.packs)
      .where(and(eq(t.packs.id, packId ?? 0), eq(t.packs.variantId, variantId))),
  ]);
  const variant = variants[0];
  if (!variant) throw new DomainError("not_found");
  const pack = packs[0];
  if (packId !== null && !pack) throw new DomainError("not_found");

  const setting = settings[0];
  const defaultCurrency = currencies.find((c) => c.isDefault) ?? currencies.find((c) => c.iso === setting?.iso) ?? null;
  const priceLevelId = query.priceLevelId ?? query.customer?.price_level_id ?? setting?.level ?? null;
  const currencyId = query.currencyId ?? query.customer?.currency_id ?? defaultCurrency?.id ?? null;
  const level = levels.find((l) => l.id === priceLevelId);
  const currency = currencies.find((c) => c.id === currencyId);
  if (priceLevelId !== null && !level) throw new DomainError("validation_failed", {}, { price_level_id: { code: "unknown_price_level" } });
  if (currencyId !== null && !currency) throw new DomainError("validation_failed", {}, { currency_id: { code: "unknown_currency" } });

  const exchangeRate =
    query.exchangeRate !== undefined && query.exchangeRate !== null
      ? Decimal.parse(query.exchangeRate.toString())
      : currency
        ? fromScaledInteger(currency.rate, EXCHANGE_RATE_SCALE)
        : null;
  const common = { priceLevelId, currencyId, defaultCurrencyId: defaultCurrency?.id ?? null, exchangeRate };
  const unitPricesOf = (id: number) => prices.filter((p) => p.variantId === id && p.packId === null).map(storedPrice);

  const kit = variant.isKit
    ? {
        discountRate: fromScaledInteger(variant.kitDiscountRate, RATE_SCALE),
        components: parts.map((c) => {
          const own = resolvePrice({ ...common, prices: unitPricesOf(c.variantId) });
          return { quantity: fromScaledInteger(c.quantity, QUANTITY_SCALE), price: own.source === "none" ? null : own.amount };
        }),
      }
    : null;
  let base = resolvePrice({ ...common, prices: unitPricesOf(variantId), kit });
  if (pack) {
    const own = resolvePrice({ ...common, prices: prices.filter((p) => p.packId === packId).map(storedPrice) });
    base =
      own.source !== "none"
        ? own
        : { ...base, amount: base.amount.mul(fromScaledInteger(pack.quantity, QUANTITY_SCALE)).round(PRICE_SCALE) };
  }
  // The customer's discount comes last, on the unit or the pack price alike.
  const discount = query.customer?.discount_rate;
  const amount = base.source !== "none" && discount != null ? lessPercent(base.amount, discount).round(PRICE_SCALE) : base.amount;
  return { amount, source: base.source, priceLevelId, priceLevelType: level?.type ?? null, currencyId, exchangeRate };
}
