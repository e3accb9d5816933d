import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../worker/domain/shared/decimal";
import { lessPercent, resolvePrice, type ResolvePriceInput, type StoredPrice } from "../../worker/domain/products/pricing";

const RETAIL = 1;
const WHOLESALE = 2;
const EUR = 10;
const USD = 11;
const GBP = 12;

const prices: StoredPrice[] = [
  { price_level_id: RETAIL, currency_id: EUR, amount: "19.9" },
  { price_level_id: RETAIL, currency_id: USD, amount: "21.49" },
  { price_level_id: WHOLESALE, currency_id: EUR, amount: "12.3456" },
];

const resolve = (input: Partial<ResolvePriceInput>) => {
  const r = resolvePrice({ prices, priceLevelId: RETAIL, currencyId: EUR, defaultCurrencyId: EUR, exchangeRate: null, ...input });
  return [r.amount.toString(), r.source];
};

describe("resolving a price", () => {
  it.each<[string, Partial<ResolvePriceInput>, string, string]>([
    ["the exact level and currency", {}, "19.9000", "price"],
    ["another currency that has its own price", { currencyId: USD }, "21.4900", "price"],
    ["a currency without a price, converted at the rate", { currencyId: GBP, exchangeRate: "0.85" }, "16.9150", "converted"],
    [
      "a conversion rounded once, half away from zero",
      { priceLevelId: WHOLESALE, currencyId: GBP, exchangeRate: "1.12345678" },
      "13.8697",
      "converted",
    ],
    ["a currency without a price nor a rate", { currencyId: GBP }, "0.0000", "none"],
    ["a level without any price", { priceLevelId: 99 }, "0.0000", "none"],
    ["no level at all", { priceLevelId: null }, "0.0000", "none"],
    ["the exact price before any conversion", { currencyId: USD, exchangeRate: "2" }, "21.4900", "price"],
    ["a customer discount, last", { customer: { discount_rate: "10" } }, "17.9100", "price"],
    [
      "a customer discount on a converted price",
      { currencyId: GBP, exchangeRate: "0.85", customer: { discount_rate: "50" } },
      "8.4575",
      "converted",
    ],
    ["a discount above 100 % counted as 100 %", { customer: { discount_rate: "150" } }, "0.0000", "price"],
    [
      "the customer's level and currency when none is asked",
      { priceLevelId: null, currencyId: null, customer: { price_level_id: WHOLESALE, currency_id: EUR } },
      "12.3456",
      "price",
    ],
    ["the asked level over the customer's", { customer: { price_level_id: WHOLESALE } }, "19.9000", "price"],
    ["the default currency when none is asked", { currencyId: null }, "19.9000", "price"],
  ])("takes %s", (_name, input, amount, source) => {
    expect(resolve(input)).toEqual([amount, source]);
  });

  it.each<[string, Partial<ResolvePriceInput>, string, string]>([
    [
      "sums a kit's components times their quantities, less the kit discount",
      {
        prices: [],
        kit: {
          discountRate: "10",
          components: [
            { quantity: "1", price: "10" },
            { quantity: "2.5", price: "4.1234" },
          ],
        },
      },
      "18.2777",
      "kit",
    ],
    ["prefers the kit's own price", { kit: { discountRate: "10", components: [{ quantity: "1", price: "1" }] } }, "19.9000", "price"],
    [
      "prefers the kit's own converted price",
      { currencyId: GBP, exchangeRate: "2", kit: { discountRate: "0", components: [{ quantity: "1", price: "1" }] } },
      "39.8000",
      "converted",
    ],
    [
      "has no price when a component has none",
      {
        prices: [],
        kit: {
          discountRate: "0",
          components: [
            { quantity: "1", price: "10" },
            { quantity: "1", price: null },
          ],
        },
      },
      "0.0000",
      "none",
    ],
    [
      "applies the customer discount after the kit discount",
      { prices: [], customer: { discount_rate: "10" }, kit: { discountRate: "10", components: [{ quantity: "1", price: "100" }] } },
      "81.0000",
      "kit",
    ],
  ])("%s", (_name, input, amount, source) => {
    expect(resolve(input)).toEqual([amount, source]);
  });

  it("takes a percentage off exactly", () => {
    expect(lessPercent(Decimal.parse("19.99"), "12.5").toString()).toBe("17.49125");
    expect(lessPercent(Decimal.parse("10"), "0").toString()).toBe("10.00");
  });
});

// Prices and quantities as the columns hold them: 4 and 7 decimals.
const money = fc.bigInt({ min: 0n, max: 10n ** 12n }).map((units) => Decimal.of(units, 4));
const rate = fc.bigInt({ min: 1n, max: 10n ** 10n }).map((units) => Decimal.of(units, 8));
const percent = fc.bigInt({ min: 0n, max: 1_000_000n }).map((units) => Decimal.of(units, 4));
const qty = fc.bigInt({ min: 1n, max: 10n ** 11n }).map((units) => Decimal.of(units, 7));

describe("price resolution properties", () => {
  it("never gives a negative converted price, and gives 4 decimals", () => {
    fc.assert(
      fc.property(money, rate, fc.option(percent), (amount, exchangeRate, discount) => {
        const r = resolvePrice({
          prices: [{ price_level_id: RETAIL, currency_id: EUR, amount }],
          priceLevelId: RETAIL,
          currencyId: GBP,
          defaultCurrencyId: EUR,
          exchangeRate,
          customer: discount === null ? null : { discount_rate: discount },
        });
        expect(r.source).toBe("converted");
        expect(r.amount.isNegative()).toBe(false);
        expect(r.amount.scale).toBe(4);
      }),
    );
  });

  it("gives a kit a price that grows with its components' quantities", () => {
    const components = fc.array(fc.record({ price: money, quantity: qty, more: qty }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(components, percent, fc.nat({ max: 4 }), (parts, discountRate, which) => {
        const i = which % parts.length;
        const kitOf = (list: typeof parts) =>
          resolvePrice({
            prices: [],
            priceLevelId: RETAIL,
            currencyId: EUR,
            defaultCurrencyId: EUR,
            kit: { discountRate, components: list.map((c) => ({ price: c.price, quantity: c.quantity })) },
          }).amount;
        const bigger = parts.map((c, j) => (j === i ? { ...c, quantity: c.quantity.add(c.more) } : c));
        expect(kitOf(bigger).compare(kitOf(parts))).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("never lets a customer discount raise a price", () => {
    fc.assert(
      fc.property(money, percent, (amount, discount) => {
        const base = {
          prices: [{ price_level_id: RETAIL, currency_id: EUR, amount }],
          priceLevelId: RETAIL,
          currencyId: EUR,
          defaultCurrencyId: EUR,
        };
        const full = resolvePrice(base).amount;
        const discounted = resolvePrice({ ...base, customer: { discount_rate: discount } }).amount;
        expect(discounted.compare(full)).toBeLessThanOrEqual(0);
        expect(discounted.isNegative()).toBe(false);
      }),
    );
  });

  it("finds the exact price whatever else is on the list", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ level: fc.integer({ min: 1, max: 4 }), currency: fc.integer({ min: 1, max: 4 }), amount: money })),
        money,
        (others, amount) => {
          const list = [
            { price_level_id: 9, currency_id: 9, amount },
            ...others.map((o) => ({ price_level_id: o.level, currency_id: o.currency, amount: o.amount })),
          ];
          const r = resolvePrice({ prices: list, priceLevelId: 9, currencyId: 9, defaultCurrencyId: 1, exchangeRate: "3" });
          expect(r).toMatchObject({ source: "price" });
          expect(r.amount.equals(amount)).toBe(true);
        },
      ),
    );
  });
});
