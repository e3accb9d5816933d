import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pricesFrom, type PriceRows } from "../../worker/domain/products/prices-of-variants";
import type { RuleRow } from "../../worker/domain/products/price-rules/rule-engine";
import { lessPercent } from "../../worker/domain/products/pricing";
import { priceFromFacts, type PartyFacts, type PricingFacts } from "../../worker/domain/sales/sales-lines";
import { Decimal } from "../../worker/domain/shared/decimal";
import { currencyDecimals, fromScaledInteger, PRICE_SCALE, QUANTITY_SCALE } from "../../worker/domain/shared/money";
import { cartPricer } from "../../worker/domain/store/cart-catalogue";
import { cartKey, cartTotal, type CartItem } from "../../worker/domain/store/cart-rules";

// The one price function, a sales order's lines and the store's cart, for random price rules,
// customers and quantities: the same unit prices, and the cart's total is the order's subtotal, to the cent.
const UNIT = 10_000_000;
const money = (units: number) => units * 100; // cents to PRICE_SCALE
const [RETAIL, WHOLESALE, EUR, USD] = [1, 3, 1, 2];
const [MUG, CUP, TEA, BOX] = [10, 11, 12, 50];
const VARIANTS = [
  { id: MUG, productId: 100, brandId: 1, option1Id: 7, option2Id: null, option3Id: null, tagIds: "[1]" },
  { id: CUP, productId: 100, brandId: 1, option1Id: 8, option2Id: null, option3Id: null, tagIds: "[1]" },
  { id: TEA, productId: 101, brandId: null, option1Id: null, option2Id: null, option3Id: null, tagIds: "[2]" },
];
const DATES = ["2026-01-15", "2026-06-30"];

const rule = fc.record({
  selection: fc.constantFrom(
    "all_products",
    "selected_variants",
    "selected_products",
    "selected_brands",
    "selected_tags",
    "selected_attributes",
  ),
  priceType: fc.constantFrom("set", "calculated"),
  basePriceLevelId: fc.constantFrom(null, RETAIL, WHOLESALE),
  operator: fc.constantFrom("minus_percent", "plus_percent", "minus_amount", "plus_amount"),
  // Percentages up to 100 (a decrease stops at 0), amounts and set prices in cents.
  value: fc.integer({ min: 0, max: 10_000 }),
  rounding: fc.constantFrom("none", "0.01", "0.05", "0.10", "1.00", "x.99"),
  dates: fc.constantFrom([null, null], ["2026-01-01", "2026-03-31"], ["2026-06-01", null], [null, "2026-01-31"]),
  minimum: fc.constantFrom(0, 5, 10, 12.5),
  customers: fc.subarray([5, 6]),
  customerTags: fc.subarray([1, 2]),
  targets: fc.subarray([MUG, CUP, TEA, 100, 101, 1, 2, 7, 8]),
});

const line = fc.record({
  variantId: fc.constantFrom(MUG, CUP, TEA),
  pack: fc.boolean(),
  // Whole and fractional quantities: 0.5 to 30.
  halves: fc.integer({ min: 1, max: 60 }),
});

const world = fc.record({
  rules: fc.array(rule, { maxLength: 6 }),
  customer: fc.constantFrom(5, 6),
  customerTags: fc.subarray([1, 2]),
  currencyId: fc.constantFrom(null, EUR, USD),
  level: fc.constantFrom(null, RETAIL, WHOLESALE),
  // Percent at RATE_SCALE: 0 to 30 %, to two decimals.
  discount: fc.integer({ min: 0, max: 3000 }).map((d) => d * 100),
  date: fc.constantFrom(...DATES),
  lines: fc.array(line, { minLength: 1, maxLength: 4 }),
  prices: fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: 7, maxLength: 7 }),
});

type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

function ruleRows(w: World): RuleRow[] {
  return w.rules.map((r, i) => {
    const kind = {
      all_products: null,
      selected_variants: "variant",
      selected_products: "product",
      selected_brands: "brand",
      selected_tags: "product_tag",
      selected_attributes: "attribute_option",
    }[r.selection] as RuleRow["targets"][number][0] | null;
    return {
      id: i + 1,
      // Numbers in another order than the ids: the lowest number wins, not the first made.
      number: (i * 7) % 11,
      selection: r.selection as RuleRow["selection"],
      priceType: r.priceType as RuleRow["priceType"],
      basePriceLevelId: r.basePriceLevelId,
      operator: r.priceType === "set" ? null : (r.operator as RuleRow["operator"]),
      value: r.operator.endsWith("percent") && r.priceType === "calculated" ? Math.min(r.value, 100) * 10_000 : money(r.value),
      rounding: r.rounding as RuleRow["rounding"],
      dateFrom: r.dates[0],
      dateTo: r.dates[1],
      minimumQuantity: r.minimum * UNIT,
      targets: [
        ...r.customers.map((id) => ["customer", id] as const),
        ...r.customerTags.map((id) => ["customer_tag", id] as const),
        ...(kind ? r.targets.map((id) => [kind, id] as const) : []),
      ],
    };
  });
}

function priceRows(w: World): PriceRows {
  const [mugRetail, mugWholesale, cupRetail, teaRetail, teaWholesale, boxRetail, cupUsd] = w.prices;
  return [
    VARIANTS.map((v) => ({ id: v.id, isKit: false, kitDiscountRate: 0 })),
    [{ level: RETAIL, iso: "EUR" }],
    [
      { id: EUR, iso: "EUR", isDefault: true, rate: 100_000_000 },
      { id: USD, iso: "USD", isDefault: false, rate: 108_000_000 },
    ],
    [
      { id: RETAIL, type: "selling" },
      { id: WHOLESALE, type: "selling" },
    ],
    [
      { variantId: MUG, packId: null, priceLevelId: RETAIL, currencyId: EUR, amount: money(mugRetail!) },
      { variantId: MUG, packId: null, priceLevelId: WHOLESALE, currencyId: EUR, amount: money(mugWholesale!) },
      { variantId: CUP, packId: null, priceLevelId: RETAIL, currencyId: EUR, amount: money(cupRetail!) },
      { variantId: CUP, packId: null, priceLevelId: RETAIL, currencyId: USD, amount: money(cupUsd!) },
      { variantId: TEA, packId: null, priceLevelId: RETAIL, currencyId: EUR, amount: money(teaRetail!) },
      { variantId: TEA, packId: null, priceLevelId: WHOLESALE, currencyId: EUR, amount: money(teaWholesale!) },
      // The box of 6 teas has its own retail price; elsewhere it costs 6 teas.
      { variantId: TEA, packId: BOX, priceLevelId: RETAIL, currencyId: EUR, amount: money(boxRetail!) },
    ],
    [],
    [{ id: BOX, variantId: TEA, quantity: 6 * UNIT, label: "Box of 6" }],
    [{ rules: JSON.stringify(ruleRows(w)), customerTags: JSON.stringify(w.customerTags) }],
    VARIANTS,
  ];
}

function pricingFacts(w: World, party: PartyFacts): PricingFacts {
  return {
    party,
    locationFound: true,
    settings: {
      defaultCurrency: "EUR",
      taxModel: "global",
      taxType: "tax_exclusive",
      taxPriority: "product",
      defaultTaxId: null,
      defaultSellingPriceLevelId: RETAIL,
      defaultPurchasingPriceLevelId: null,
      estimateExpirationDays: 30,
      timezone: "UTC",
      documentNumbering: {},
      separateNumberingPerLocation: false,
    },
    variants: VARIANTS.map((v) => ({
      id: v.id,
      sku: `SKU-${v.id}`,
      label: `Variant ${v.id}`,
      productLabel: "Product",
      isKit: false,
      trackInventory: true,
      taxable: true,
      ecotax: 0,
      weightAmount: 0,
      weightUnit: "kg" as const,
      movingAverageCost: 0,
      initialCost: 0,
    })),
    variantTaxes: [],
    taxes: [],
    taxGroupMembers: [],
    services: [],
    prices: priceRows(w),
  };
}

const customerOf = (w: World): PartyFacts => ({
  kind: "customer",
  id: w.customer,
  label: "Buyer",
  currencyId: w.currencyId,
  priceLevelId: w.level,
  discountRate: w.discount,
  taxType: null,
  minimumOrderAmount: null,
  creditLimit: null,
  billingAddress: null,
  shippingAddress: null,
});

/** The lines as the cart and the order take them: a pack only of the tea; one line per variant and pack. */
function linesOf(w: World) {
  const seen = new Set<string>();
  return w.lines.flatMap((l) => {
    const packId = l.pack && l.variantId === TEA ? BOX : null;
    const key = cartKey(l.variantId, packId);
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ key, variantId: l.variantId, packId, quantity: Decimal.parse(l.halves).div(Decimal.parse(2), 1).round(QUANTITY_SCALE) }];
  });
}

describe("price rules, for random rules, customers and quantities", () => {
  it("give the price function, a sales order's lines and the store's cart the same prices, and the cart's total is the order's subtotal", () => {
    fc.assert(
      fc.property(world, (w) => {
        const facts = pricingFacts(w, customerOf(w));
        const lines = linesOf(w);
        const order = priceFromFacts(facts, {
          party: { kind: "customer", id: w.customer },
          locationId: 1,
          date: w.date,
          lines: lines.map((l, i) => ({
            lid: String(i + 1),
            variant_id: l.variantId,
            pack_id: l.packId,
            quantity: Number(l.quantity.units),
          })),
        });
        const discount = fromScaledInteger(w.discount, 4);
        const pricer = cartPricer(facts.prices, { id: w.customer, priceLevelId: w.level, currencyId: w.currencyId }, w.date);
        const items: CartItem[] = lines.map((l) => {
          const item = {
            key: l.key,
            variantId: l.variantId,
            packId: l.packId,
            packQuantity: Decimal.parse(l.packId === null ? 1 : 6),
            quantity: l.quantity,
            minimumQuantity: Decimal.zero(QUANTITY_SCALE),
            trackInventory: false,
            isKit: false,
            isPackaging: false,
            components: [],
            price: Decimal.zero(PRICE_SCALE),
          };
          return { ...item, price: pricer(item, l.quantity) };
        });
        lines.forEach((l, i) => {
          const units = l.quantity.mul(items[i]!.packQuantity);
          const [own] = pricesFrom(
            facts.prices,
            {
              customer: { id: w.customer, price_level_id: w.level, currency_id: w.currencyId, discount_rate: discount },
              date: w.date,
            },
            [{ variantId: l.variantId, packId: l.packId, units }],
          );
          const orderPrice = Decimal.parse(order.computed.lines[i]!.price);
          const cartPrice = lessPercent(items[i]!.price, discount).round(PRICE_SCALE);
          expect(own!.amount.isNegative()).toBe(false);
          expect(orderPrice.compare(own!.amount)).toBe(0);
          expect(cartPrice.compare(own!.amount)).toBe(0);
        });
        const total = cartTotal(items, discount, currencyDecimals(order.currency));
        expect(total.compare(Decimal.parse(order.computed.subtotal))).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  it("apply the lowest-numbered rule that fits the customer, the selection, the dates and the line's units, else the level's price", () => {
    let ruled = 0;
    // Written here apart from the engine: whether a rule fits a line, but for a missing base price.
    const fits = (r: RuleRow, w: World, variantId: number, units: Decimal) => {
      const v = VARIANTS.find((x) => x.id === variantId)!;
      const named = r.targets.filter(([k]) => k === "customer" || k === "customer_tag");
      const forCustomer =
        named.length === 0 || named.some(([k, id]) => (k === "customer" ? id === w.customer : w.customerTags.includes(id)));
      const picked = r.targets.filter(([k]) => k !== "customer" && k !== "customer_tag").map(([, id]) => id);
      const held = {
        all_products: null,
        selected_variants: [v.id],
        selected_products: [v.productId],
        selected_brands: [v.brandId],
        selected_tags: JSON.parse(v.tagIds) as number[],
        selected_attributes: [v.option1Id],
      }[r.selection];
      const selected = held === null || held.some((id) => id !== null && picked.includes(id));
      const dated = (!r.dateFrom || w.date >= r.dateFrom) && (!r.dateTo || w.date <= r.dateTo);
      const broken = units.compare(fromScaledInteger(r.minimumQuantity, QUANTITY_SCALE)) >= 0;
      return forCustomer && selected && dated && broken;
    };
    fc.assert(
      fc.property(world, (w) => {
        const rows = priceRows(w);
        const rules = ruleRows(w);
        for (const l of linesOf(w)) {
          const units = l.quantity.mul(Decimal.parse(l.packId === null ? 1 : 6));
          const customer = { id: w.customer, price_level_id: w.level, currency_id: w.currencyId };
          const [price] = pricesFrom(rows, { customer, date: w.date }, [{ variantId: l.variantId, packId: l.packId, units }]);
          const [plain] = pricesFrom(rows, { customer: { ...customer, id: null }, date: w.date }, [{ ...l, units }]);
          const fitting = rules.filter((r) => fits(r, w, l.variantId, units)).sort((a, b) => a.number - b.number || a.id - b.id);
          if (price!.priceRuleId === null) {
            // No rule fits, or each that fits is calculated from a base without a price for the line.
            expect(fitting.every((r) => r.priceType === "calculated")).toBe(true);
            expect(price!.amount.compare(plain!.amount)).toBe(0);
            continue;
          }
          ruled++;
          const at = fitting.findIndex((r) => r.id === price!.priceRuleId);
          expect(at).toBeGreaterThanOrEqual(0);
          // Only rules calculated from a base (which may have no price here) can come before the winner.
          expect(fitting.slice(0, at).every((r) => r.priceType === "calculated")).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    // The rules did price lines: the property is not held by rules that never apply.
    expect(ruled).toBeGreaterThan(50);
  });
});
