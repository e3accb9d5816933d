import { Decimal } from "../shared/decimal";
import { PRICE_SCALE } from "../shared/money";

/**
 * Price resolution (platform spec §7 "calculated price"): pure, exact, rounded once to 4 decimals.
 * 1. the price in the exact price level and currency;
 * 2. else the level's price in the default currency × the exchange rate;
 * 3. else, for a kit, the sum of its components' prices × quantities, less the kit discount;
 * then the customer's discount rate, last.
 */

export interface StoredPrice {
  price_level_id: number;
  currency_id: number;
  amount: Decimal | string;
}

export interface PricingCustomer {
  /** The customer, for the price rules that name it or its tags (prices-of-variants.ts); none: no rule applies. */
  id?: number | null;
  /** Percent, 0 to 100. */
  discount_rate?: Decimal | string | null;
  price_level_id?: number | null;
  currency_id?: number | null;
}

export interface KitPricing {
  /** Each component's own resolved price (null when it has none) and its quantity per kit. */
  components: readonly { quantity: Decimal | string; price: Decimal | string | null }[];
  /** Percent, 0 to 100. */
  discountRate: Decimal | string;
}

export interface ResolvePriceInput {
  prices: readonly StoredPrice[];
  /** The level asked; else the customer's. */
  priceLevelId?: number | null;
  /** The currency asked; else the customer's; else the default currency. */
  currencyId?: number | null;
  defaultCurrencyId: number | null;
  /** Units of the currency per unit of the default currency (decimal text, e.g. "1.08"). */
  exchangeRate?: Decimal | string | null;
  customer?: PricingCustomer | null;
  kit?: KitPricing | null;
}

/** Where a price came from; "rule": a price rule replaced the level's price (prices-of-variants.ts). */
export type PriceSource = "price" | "converted" | "kit" | "rule" | "none";

export interface ResolvedPrice {
  amount: Decimal;
  source: PriceSource;
  priceLevelId: number | null;
  currencyId: number | null;
}

const HUNDRED = Decimal.parse(100);
const dec = (value: Decimal | string) => (value instanceof Decimal ? value : Decimal.parse(value));

/** `value` less `rate` percent, exactly (no rounding). */
export function lessPercent(value: Decimal, rate: Decimal | string): Decimal {
  const kept = HUNDRED.sub(clampPercent(dec(rate)));
  const product = value.mul(kept);
  return Decimal.of(product.units, product.scale + 2);
}

function clampPercent(rate: Decimal): Decimal {
  if (rate.isNegative()) return Decimal.zero();
  return rate.compare(HUNDRED) > 0 ? HUNDRED : rate;
}

/** The price of something in a level and currency before any customer discount, exact. */
function basePrice(input: ResolvePriceInput, levelId: number | null, currencyId: number | null): { amount: Decimal; source: PriceSource } {
  const none = { amount: Decimal.zero(PRICE_SCALE), source: "none" as const };
  if (levelId === null || currencyId === null) return none;
  const exact = input.prices.find((p) => p.price_level_id === levelId && p.currency_id === currencyId);
  if (exact) return { amount: dec(exact.amount), source: "price" };

  const rate = input.exchangeRate === undefined || input.exchangeRate === null ? null : dec(input.exchangeRate);
  if (input.defaultCurrencyId !== null && currencyId !== input.defaultCurrencyId && rate && !rate.isNegative()) {
    const inDefault = input.prices.find((p) => p.price_level_id === levelId && p.currency_id === input.defaultCurrencyId);
    if (inDefault) return { amount: dec(inDefault.amount).mul(rate), source: "converted" };
  }

  const kit = input.kit;
  if (kit && kit.components.length > 0) {
    // A component without a price would make the kit look cheaper than it is: no price at all then.
    if (kit.components.some((c) => c.price === null)) return none;
    const total = kit.components.reduce((acc, c) => acc.add(dec(c.price!).mul(dec(c.quantity))), Decimal.zero(PRICE_SCALE));
    return { amount: lessPercent(total, kit.discountRate), source: "kit" };
  }
  return none;
}

export function resolvePrice(input: ResolvePriceInput): ResolvedPrice {
  const customer = input.customer ?? null;
  const priceLevelId = input.priceLevelId ?? customer?.price_level_id ?? null;
  const currencyId = input.currencyId ?? customer?.currency_id ?? input.defaultCurrencyId ?? null;
  const base = basePrice(input, priceLevelId, currencyId);
  const discount = customer?.discount_rate;
  const amount = base.source !== "none" && discount !== undefined && discount !== null ? lessPercent(base.amount, discount) : base.amount;
  return { amount: amount.round(PRICE_SCALE), source: base.source, priceLevelId, currencyId };
}
