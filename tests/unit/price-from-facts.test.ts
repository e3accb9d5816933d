import { describe, expect, it } from "vitest";
import { priceFromFacts, type PartyFacts, type PricingFacts } from "../../worker/domain/sales/sales-lines";

// The pure pricing step, from facts written here: no database.
const UNIT = 10_000_000;
const money = (value: number) => Math.round(value * 10_000);
const [VAT, REDUCED, RETAIL, PURCHASING, EUR, USD, MUG] = [1, 2, 1, 2, 1, 2, 10];

const customer: PartyFacts = {
  kind: "customer",
  id: 5,
  label: "Ann",
  currencyId: null,
  priceLevelId: null,
  discountRate: 10 * 10_000,
  taxType: null,
  minimumOrderAmount: null,
  creditLimit: null,
  billingAddress: { label: "Ann", lines: ["1 rue du Port"], country: "FR" },
  shippingAddress: null,
};

const supplier: PartyFacts = {
  ...customer,
  kind: "supplier",
  id: 7,
  label: "Atelier",
  currencyId: USD,
  priceLevelId: PURCHASING,
  discountRate: 0,
};

function facts(party: PartyFacts | null, settings: Partial<PricingFacts["settings"]> = {}): PricingFacts {
  return {
    party,
    locationFound: true,
    settings: {
      defaultCurrency: "EUR",
      taxModel: "global",
      taxType: "tax_exclusive",
      taxPriority: "product",
      defaultTaxId: VAT,
      defaultSellingPriceLevelId: RETAIL,
      defaultPurchasingPriceLevelId: PURCHASING,
      estimateExpirationDays: 30,
      timezone: "UTC",
      documentNumbering: {},
      separateNumberingPerLocation: false,
      ...settings,
    },
    variants: [
      {
        id: MUG,
        sku: "MUG",
        label: "Mug",
        productLabel: "Mug",
        isKit: false,
        trackInventory: true,
        taxable: true,
        ecotax: money(0.1),
        weightAmount: 0,
        weightUnit: "kg",
        movingAverageCost: 0,
        initialCost: money(3),
      },
    ],
    variantTaxes: [{ variantId: MUG, taxId: VAT }],
    taxes: [
      { id: VAT, label: "VAT 20", rate: money(20) },
      { id: REDUCED, label: "VAT 5.5", rate: money(5.5) },
    ],
    taxGroupMembers: [],
    services: [],
    prices: [
      [{ id: MUG, isKit: false, kitDiscountRate: 0 }],
      [{ level: RETAIL, iso: "EUR" }],
      [
        { id: EUR, iso: "EUR", isDefault: true, rate: 100_000_000 },
        { id: USD, iso: "USD", isDefault: false, rate: 200_000_000 },
      ],
      [
        { id: RETAIL, type: "selling" },
        { id: PURCHASING, type: "purchasing" },
      ],
      [
        { variantId: MUG, packId: null, priceLevelId: RETAIL, currencyId: EUR, amount: money(10) },
        { variantId: MUG, packId: null, priceLevelId: PURCHASING, currencyId: EUR, amount: money(4) },
      ],
      [],
      [],
      // PriceRows is mapped from the read statements' tuple: the rows, cast as pricesFrom's callers do.
    ] as unknown as PricingFacts["prices"],
  };
}

const terms = (kind: "customer" | "supplier", extra: object = {}) => ({
  party: { kind, id: kind === "customer" ? customer.id : supplier.id },
  locationId: 1,
  lines: [{ variant_id: MUG, quantity: 2 * UNIT }],
  ...extra,
});

describe("the pure pricing step of a document", () => {
  it("prices a customer's lines at its level less its discount, and taxes the shipping at the company's default tax", () => {
    const priced = priceFromFacts(facts(customer), terms("customer", { shippingCost: "5" }));
    expect(priced.computed).toMatchObject({
      subtotal: "18.00",
      total_ecotax: "0.20",
      shipping_tax_amount: "1.00",
      tax_total: "4.64",
      total_excl_tax: "23.20",
      total: "27.84",
    });
    expect(priced.shippingTaxes).toEqual([{ id: VAT, rate: "20.0000", amount: "1.00" }]);
    expect(priced).toMatchObject({
      currency: "EUR",
      companyCurrency: "EUR",
      priceLevelId: RETAIL,
      billingAddress: customer.billingAddress,
    });
    expect(priced.totals).toMatchObject({ total: money(27.84), shippingTaxAmount: money(1) });
  });

  it("prices a supplier's lines at its purchasing level in its currency, with no discount", () => {
    const priced = priceFromFacts(facts(supplier), terms("supplier"));
    expect(priced).toMatchObject({ currency: "USD", exchangeRate: 200_000_000, priceLevelId: PURCHASING });
    // 4 EUR converted at 2: 8 USD a unit.
    expect([priced.computed.lines[0]!.price, priced.computed.subtotal]).toEqual(["8.0000", "16.00"]);
  });

  it("gives a supplier with no purchasing level anywhere no catalogue price (never a selling one)", () => {
    const priced = priceFromFacts(facts({ ...supplier, priceLevelId: null }), terms("supplier"));
    expect([priced.computed.lines[0]!.price, priced.priceLevelId]).toEqual(["0.0000", null]);
  });

  it("the document's taxes tax the shipping, and with priority 'document' the lines too", () => {
    const own = priceFromFacts(facts(customer), terms("customer", { shippingCost: "10", documentTaxIds: [REDUCED] }));
    expect([own.computed.lines[0]!.taxes.map((x) => x.id), own.computed.shipping_tax_amount]).toEqual([[VAT], "0.55"]);
    const document = priceFromFacts(
      facts(customer, { taxPriority: "document" }),
      terms("customer", { shippingCost: "10", documentTaxIds: [REDUCED, REDUCED] }),
    );
    expect([document.computed.lines[0]!.taxes.map((x) => x.id), document.documentTaxIds]).toEqual([[REDUCED], [REDUCED]]);
  });

  it("refuses an unknown document tax, party or location on its field", () => {
    expect(() => priceFromFacts(facts(customer), terms("customer", { documentTaxIds: [99] }))).toThrow(
      expect.objectContaining({ fields: { "document_tax_ids.0": { code: "unknown_tax" } } }),
    );
    expect(() => priceFromFacts(facts(null), terms("supplier"))).toThrow(
      expect.objectContaining({ fields: { supplier_id: { code: "unknown_supplier" } } }),
    );
    expect(() => priceFromFacts({ ...facts(customer), locationFound: false }, terms("customer"))).toThrow(
      expect.objectContaining({ fields: { location_id: { code: "unknown_location" } } }),
    );
  });

  it("is pure: the same facts give the same document, and the facts are left as they were", () => {
    const given = facts(customer);
    const before = JSON.stringify(given);
    expect(priceFromFacts(given, terms("customer"))).toEqual(priceFromFacts(given, terms("customer")));
    expect(JSON.stringify(given)).toBe(before);
  });
});
