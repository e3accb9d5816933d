import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { computeDocument } from "../../worker/domain/documents/lines/compute-document";
import type { ComputedDocument, DocumentInput, LineInput, TaxInput } from "../../worker/domain/documents/lines/types";

const VAT = { id: 1, label: "VAT", rate: "20" };
const REDUCED = { id: 2, label: "Reduced", rate: "5.5" };
const GST = { id: 3, label: "GST", rate: "5" };
const PST = { id: 4, label: "PST", rate: "7" };
const GST_PST: TaxInput = { id: 10, label: "GST + PST", taxes: [GST, PST] };

const settings: Omit<DocumentInput, "lines"> = { tax_model: "global", tax_type: "tax_exclusive", tax_priority: "product" };
const compute = (lines: LineInput[], document: Partial<DocumentInput> = {}): ComputedDocument =>
  computeDocument({ ...settings, ...document, lines });
const variant = (lid: string, fields: Partial<LineInput> = {}): LineInput => ({
  lid,
  kind: "variant",
  quantity: "1",
  price: "0",
  ...fields,
});
const one = (fields: Partial<LineInput>, document: Partial<DocumentInput> = {}) => compute([variant("a", fields)], document).lines[0]!;
const byLid = (doc: ComputedDocument) => Object.fromEntries(doc.lines.map((l) => [l.lid, l]));
const fieldErrors = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { code: string; fields: Record<string, { code: string }> }).fields;
  }
  throw new Error("no error");
};

describe("line discounts (domain spec §5)", () => {
  it.each<[string, Partial<LineInput>, { discount: string; discount_amount: string; total: string }]>([
    [
      "a percentage discount above 100 is capped at 100",
      { discount: "150" },
      { discount: "100.00", discount_amount: "20.00", total: "0.00" },
    ],
    [
      "an amount discount is capped at the line total",
      { discount: "25", discount_type: "amount" },
      { discount: "20.00", discount_amount: "20.00", total: "0.00" },
    ],
    ["a negative discount becomes 0", { discount: "-5" }, { discount: "0.00", discount_amount: "0.00", total: "20.00" }],
    ["a discount that is not a number becomes 0", { discount: "ten" }, { discount: "0.00", discount_amount: "0.00", total: "20.00" }],
    ["a discount is rounded to 2 decimals", { discount: "12.345" }, { discount: "12.35", discount_amount: "2.47", total: "17.53" }],
    [
      "an amount discount comes off the line, not each unit",
      { discount: "3", discount_type: "amount" },
      { discount: "3.00", discount_amount: "3.00", total: "17.00" },
    ],
  ])("%s", (_rule, fields, expected) => {
    expect(one({ quantity: "2", price: "10", ...fields })).toMatchObject(expected);
  });

  it("an amount discount above the line shows what was taken, rounded up to the cent where the currency has 3 decimals", () => {
    const line = one({ quantity: "0.001", price: "1410.5", discount: "5", discount_type: "amount" }, { currency: "KWD" });
    expect([line.amount, line.discount, line.discount_amount, line.total]).toEqual(["1.411", "1.42", "1.411", "0.000"]);
  });

  it("the discount type is percentage by default", () => {
    expect(one({ quantity: "2", price: "10", discount: "10" })).toMatchObject({ discount_type: "percentage", discount_amount: "2.00" });
  });

  it("a percentage discount is rounded half away from zero to the cent", () => {
    expect(one({ price: "0.25", discount: "10" })).toMatchObject({ discount_amount: "0.03", total: "0.22" });
  });
});

describe("kits (domain spec §5)", () => {
  const kit = (fields: Partial<LineInput> = {}): LineInput => ({ lid: "kit", kind: "kit", quantity: "3", price: "100", ...fields });

  it.each<[string, string, string | null, string]>([
    ["component quantity is parent quantity times the requirement", "3", "2.5", "7.5000000"],
    ["the default requirement is 1", "3", null, "3.0000000"],
    ["a component quantity is rounded to 7 decimals", "0.3333333", "3", "0.9999999"],
  ])("%s", (_rule, kitQuantity, required, expected) => {
    const doc = compute([kit({ quantity: kitQuantity }), variant("c", { component_of_lid: "kit", required_quantity: required })]);
    expect(byLid(doc).c!.quantity).toBe(expected);
  });

  it("a component listed before its kit still follows the kit's quantity", () => {
    const doc = compute([variant("c", { component_of_lid: "kit", required_quantity: "2" }), kit()]);
    expect(byLid(doc).c!.quantity).toBe("6.0000000");
  });

  it("kits weigh nothing; their components carry the weight", () => {
    const doc = compute([
      kit({ weight_amount: "5", weight_unit: "kg" }),
      variant("c", { component_of_lid: "kit", required_quantity: "2", weight_amount: "1", weight_unit: "kg" }),
    ]);
    expect([byLid(doc).kit!.weight, byLid(doc).c!.weight, doc.total_weight]).toEqual(["0.00000", "6000.00000", "6000.00000"]);
  });

  it.each<[string, Partial<LineInput>, string, boolean]>([
    ["a kit priced by a price level takes its discount", { kit_price_type: "price_level" }, "30.00", true],
    ["a kit priced by an advanced price takes its discount", { kit_price_type: "advanced_price" }, "30.00", true],
    ["a kit priced from its components ignores its discount", { kit_price_type: "components" }, "0.00", false],
    ["a kit without a price type ignores its discount", {}, "0.00", false],
    ["a kit with a locked price keeps no discount", { kit_price_type: "price_level", kit_price_locked: true }, "0.00", false],
  ])("%s", (_rule, fields, discountAmount, editable) => {
    const line = compute([kit({ discount: "10", ...fields })]).lines[0]!;
    expect([line.discount_amount, line.discount_editable]).toEqual([discountAmount, editable]);
  });

  it("components carry no money: the kit line does", () => {
    const doc = compute([kit({ taxes: [VAT] }), variant("c", { component_of_lid: "kit", price: "99", taxes: [VAT], ecotax: "1" })]);
    expect(byLid(doc).c).toMatchObject({ amount: "0.00", total: "0.00", tax_amount: "0.00", ecotax_amount: "0.00" });
    expect([doc.subtotal, doc.tax_total, doc.total_units]).toEqual(["300.00", "60.00", "3.0000000"]);
  });
});

describe("rounding (domain spec §5, ARCHITECTURE principle 6)", () => {
  it("quantities are rounded to 7 decimals, prices and costs to 4", () => {
    expect(one({ quantity: "1.123456789", price: "2.34565", cost: "0.00005" })).toMatchObject({
      quantity: "1.1234568",
      price: "2.3457",
      cost: "0.0001",
    });
  });

  it.each<[string, Partial<DocumentInput>, Partial<LineInput>, { amount: string; tax_amount: string; total_incl_tax: string }]>([
    [
      "a currency with 2 decimals",
      { currency: "EUR" },
      { price: "1234.565" },
      { amount: "1234.57", tax_amount: "123.46", total_incl_tax: "1358.03" },
    ],
    [
      "a currency without decimals",
      { currency: "JPY" },
      { price: "1234.5" },
      { amount: "1235", tax_amount: "124", total_incl_tax: "1359" },
    ],
    [
      "a currency with 3 decimals keeps tax at 2",
      { currency: "KWD" },
      { price: "1.2345" },
      { amount: "1.235", tax_amount: "0.120", total_incl_tax: "1.355" },
    ],
  ])("amounts follow the currency's decimals: %s", (_name, document, fields, expected) => {
    expect(one({ taxes: [{ id: 5, rate: "10" }], ...fields }, document)).toMatchObject(expected);
  });
});

describe("packs, services, text and ecotax", () => {
  it("a pack line moves quantity times pack quantity units, priced per pack", () => {
    const doc = compute([
      { lid: "p", kind: "pack", quantity: "2", pack_quantity: "6", price: "30", ecotax: "0.10", weight_amount: "0.25", weight_unit: "kg" },
    ]);
    expect(doc.lines[0]).toMatchObject({ units: "12.0000000", amount: "60.00", ecotax_amount: "1.20", weight: "3000.00000" });
    expect([doc.total_units, doc.total_ecotax, doc.total_excl_tax]).toEqual(["12.0000000", "1.20", "61.20"]);
  });

  it("ecotax counts per unit, is not discounted and is taxed with its line", () => {
    const line = one({ quantity: "4", price: "10", discount: "50", ecotax: "0.5", taxes: [VAT] }, { global_discount: "10" });
    expect(line).toMatchObject({
      total: "20.00",
      global_discount_share: "2.00",
      ecotax_amount: "2.00",
      tax_base: "20.00",
      tax_amount: "4.00",
    });
  });

  it("ecotax counts nowhere when the company does not use it", () => {
    expect(compute([variant("a", { price: "10", ecotax: "0.5" })], { use_ecotax: false }).total_ecotax).toBe("0.00");
  });

  it("services weigh nothing and count their units", () => {
    const doc = compute([{ lid: "s", kind: "service", quantity: "2", price: "50", weight_amount: "3", weight_unit: "kg" }]);
    expect([doc.lines[0]!.weight, doc.total_units, doc.subtotal]).toEqual(["0.00000", "2.0000000", "100.00"]);
  });

  it("free-text lines carry no amounts", () => {
    const doc = compute([
      { lid: "t", kind: "text", description: "Delivered on Monday", quantity: "5", price: "10" },
      variant("a", { price: "1" }),
    ]);
    expect(doc.lines[0]).toMatchObject({ description: "Delivered on Monday", amount: "0.00", units: "0.0000000" });
    expect([doc.subtotal, doc.total_units]).toEqual(["1.00", "1.0000000"]);
  });
});

describe("weights (domain spec §5)", () => {
  it.each([
    ["kg", "1.5", "3000.00000"],
    ["lb", "1", "907.18474"],
    ["oz", "2", "113.39808"],
  ] as const)("weights in %s are converted to grams by the spec's factors", (unit, amount, grams) => {
    expect(one({ quantity: "2", weight_amount: amount, weight_unit: unit }).weight).toBe(grams);
  });
});

describe("taxes (domain spec §3 Tax, §5)", () => {
  const tenCents = (lid: string) => variant(lid, { price: "0.05", taxes: [{ id: 5, rate: "10" }] });

  it("tax is rounded to 2 decimals per line in the global model", () => {
    const doc = compute([tenCents("a"), tenCents("b"), tenCents("c")]);
    expect([doc.lines.map((l) => l.tax_amount), doc.tax_total]).toEqual([["0.01", "0.01", "0.01"], "0.03"]);
  });

  it("tax is computed on the total in the us model, then shared over the lines", () => {
    const doc = compute([tenCents("c"), tenCents("b"), tenCents("a")], { tax_model: "us" });
    expect(doc.tax_total).toBe("0.02");
    expect([byLid(doc).a!.tax_amount, byLid(doc).b!.tax_amount, byLid(doc).c!.tax_amount]).toEqual(["0.01", "0.01", "0.00"]);
  });

  it.each([
    ["12", VAT, "2.00", "10.00"],
    ["10", VAT, "1.67", "8.33"],
    ["9.99", REDUCED, "0.52", "9.47"],
  ])("inclusive prices hold their tax: %s at the rate of %o", (price, tax, taxAmount, excl) => {
    const line = one({ price, taxes: [tax] }, { tax_type: "tax_inclusive" });
    expect([line.tax_amount, line.total_excl_tax, line.total_incl_tax]).toEqual([taxAmount, excl, line.tax_base]);
  });

  it("an inclusive price equal to an exclusive line's total gives back the same tax", () => {
    const exclusive = one({ price: "8.33", taxes: [VAT] });
    const inclusive = one({ price: exclusive.total_incl_tax, taxes: [VAT] }, { tax_type: "tax_inclusive" });
    expect([inclusive.tax_amount, inclusive.total_excl_tax]).toEqual([exclusive.tax_amount, exclusive.total_excl_tax]);
  });

  it("a tax group charges each of its taxes", () => {
    const doc = compute([variant("a", { price: "100", taxes: [GST_PST] })]);
    expect(doc.taxes.map((t) => [t.label, t.amount])).toEqual([
      ["GST", "5.00"],
      ["PST", "7.00"],
    ]);
    expect(doc.tax_total).toBe("12.00");
  });

  it("an inclusive price's tax is rounded once, then split over a group's taxes by rate", () => {
    const line = one({ price: "10", taxes: [GST_PST] }, { tax_type: "tax_inclusive" });
    expect([line.taxes.map((t) => t.amount), line.tax_amount, line.total_excl_tax]).toEqual([["0.45", "0.62"], "1.07", "8.93"]);
  });

  it("a tax named alone and inside a group counts once", () => {
    expect(one({ price: "100", taxes: [GST, GST_PST] }).tax_amount).toBe("12.00");
  });

  it.each<[string, Partial<DocumentInput>, Partial<LineInput>, string]>([
    ["document taxes replace the line's when priority is document", { tax_priority: "document", document_taxes: [REDUCED] }, {}, "5.50"],
    ["the line's taxes stay when priority is product", { tax_priority: "product", document_taxes: [REDUCED] }, {}, "20.00"],
    ["the line's taxes stay when the document names none", { tax_priority: "document" }, {}, "20.00"],
    [
      "an untaxable line pays no tax, whatever the priority",
      { tax_priority: "document", document_taxes: [REDUCED] },
      { taxable: false },
      "0.00",
    ],
  ])("%s", (_rule, document, fields, tax) => {
    expect(one({ price: "100", taxes: [VAT], ...fields }, document).tax_amount).toBe(tax);
  });
});

describe("global discount", () => {
  it("is taken after the line discounts and before tax", () => {
    const doc = compute([variant("a", { price: "100", discount: "10", taxes: [VAT] })], { global_discount: "10" });
    expect([doc.subtotal, doc.global_discount_amount, doc.lines[0]!.tax_base, doc.tax_total, doc.total]).toEqual([
      "90.00",
      "9.00",
      "81.00",
      "16.20",
      "97.20",
    ]);
  });

  it("is spread over the lines in proportion, to the cent", () => {
    const doc = compute([variant("a", { price: "10" }), variant("b", { price: "20" }), variant("c", { price: "30" })], {
      global_discount: "10",
      global_discount_type: "amount",
    });
    expect(doc.lines.map((l) => l.global_discount_share)).toEqual(["1.67", "3.33", "5.00"]);
  });

  it("an amount global discount is capped at the subtotal", () => {
    const doc = compute([variant("a", { price: "60" })], { global_discount: "500", global_discount_type: "amount" });
    expect([doc.global_discount, doc.global_discount_amount, doc.total]).toEqual(["60.00", "60.00", "0.00"]);
  });

  it("equal shares go to the smaller lid, whatever the order of the lines", () => {
    for (const order of [
      ["b", "a"],
      ["a", "b"],
    ]) {
      const doc = compute(
        order.map((lid) => variant(lid, { price: "10" })),
        { global_discount: "0.01", global_discount_type: "amount" },
      );
      expect([byLid(doc).a!.global_discount_share, byLid(doc).b!.global_discount_share]).toEqual(["0.01", "0.00"]);
    }
  });
});

describe("shipping and totals", () => {
  it("shipping cost is taxed with its own taxes and never discounted", () => {
    const doc = compute([variant("a", { price: "100", taxes: [VAT] })], {
      global_discount: "50",
      shipping_cost: "10",
      shipping_taxes: [VAT],
    });
    expect(doc).toMatchObject({ subtotal: "100.00", global_discount_amount: "50.00", shipping_tax_amount: "2.00", tax_total: "12.00" });
    expect([doc.total_excl_tax, doc.total]).toEqual(["60.00", "72.00"]);
  });

  it("totals a document: subtotal, taxes, total, units, ecotax and weight", () => {
    const doc = compute(
      [
        variant("a", { quantity: "3", price: "9.99", discount: "5", taxes: [VAT], ecotax: "0.5", weight_amount: "1.2", weight_unit: "kg" }),
        { lid: "k", kind: "kit", quantity: "2", price: "50", discount: "10", kit_price_type: "components", taxes: [VAT] },
        variant("c", { component_of_lid: "k", required_quantity: "3", weight_amount: "2", weight_unit: "lb" }),
        { lid: "t", kind: "text", description: "hello" },
      ],
      { global_discount: "10", shipping_cost: "5", shipping_taxes: [VAT] },
    );
    expect(doc).toMatchObject({
      subtotal: "128.47",
      global_discount_amount: "12.85",
      total_ecotax: "1.50",
      shipping_tax_amount: "1.00",
      taxes: [{ id: 1, label: "VAT", rate: "20.0000", amount: "24.42" }],
      tax_total: "24.42",
      total_excl_tax: "122.12",
      total: "146.54",
      total_units: "5.0000000",
      total_weight: "9043.10844",
    });
    expect(byLid(doc).a).toMatchObject({ discount_amount: "1.50", global_discount_share: "2.85", tax_base: "27.12", tax_amount: "5.42" });
  });
});

describe("inputs the engine refuses", () => {
  it.each<[string, LineInput[], Partial<DocumentInput>, Record<string, string>]>([
    ["a repeated lid", [variant("a"), variant("a")], {}, { "lines.1.lid": "duplicate_line" }],
    ["a missing lid", [variant("")], {}, { "lines.0.lid": "required" }],
    ["a negative quantity", [variant("a", { quantity: "-1" })], {}, { "lines.0.quantity": "too_small" }],
    ["a quantity that is not a number", [variant("a", { quantity: "two" })], {}, { "lines.0.quantity": "invalid_number" }],
    ["a missing quantity", [variant("a", { quantity: null })], {}, { "lines.0.quantity": "required" }],
    ["a negative price", [variant("a", { price: "-1" })], {}, { "lines.0.price": "too_small" }],
    ["a pack of nothing", [{ lid: "p", kind: "pack", quantity: "1", pack_quantity: "0" }], {}, { "lines.0.pack_quantity": "too_small" }],
    [
      "a component of a line that is not a kit",
      [variant("a"), variant("c", { component_of_lid: "a" })],
      {},
      { "lines.1.component_of_lid": "invalid" },
    ],
    [
      "a requirement of 0",
      [{ lid: "k", kind: "kit", quantity: "1" }, variant("c", { component_of_lid: "k", required_quantity: "0" })],
      {},
      { "lines.1.required_quantity": "too_small" },
    ],
    ["a rate above 100", [variant("a", { taxes: [{ id: 1, rate: "101" }] })], {}, { "lines.0.taxes.0.rate": "too_large" }],
    [
      "one tax with two rates",
      [variant("a", { taxes: [VAT] }), variant("b", { taxes: [{ id: 1, rate: "19" }] })],
      {},
      { "lines.1.taxes.0.rate": "invalid" },
    ],
    [
      "a group inside a group",
      [variant("a", { taxes: [{ id: 11, taxes: [GST_PST as never] }] })],
      {},
      { "lines.0.taxes.0.taxes.0": "invalid_tax_group" },
    ],
    ["an unknown kind", [{ lid: "a", kind: "gift" as never }], {}, { "lines.0.kind": "invalid" }],
    [
      "an unknown weight unit",
      [variant("a", { weight_amount: "1", weight_unit: "stone" as never })],
      {},
      { "lines.0.weight_unit": "invalid_weight_unit" },
    ],
    ["a negative shipping cost", [], { shipping_cost: "-1" }, { shipping_cost: "too_small" }],
    ["an unknown tax model", [], { tax_model: "eu" as never }, { tax_model: "invalid" }],
  ])("refuses %s, naming the field", (_name, lines, document, expected) => {
    const fields = fieldErrors(() => compute(lines, document));
    expect(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.code]))).toEqual(expected);
  });
});

describe("where the engine runs", () => {
  /** Every module the engine imports, followed through relative imports; packages as named. */
  function importsOf(entry: string): Set<string> {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, target] of readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)) {
        if (target!.startsWith(".")) visit(`${resolve(dirname(file), target!)}.ts`);
        else seen.add(target!);
      }
    };
    visit(resolve(entry));
    return seen;
  }

  it("imports no database, no Node module and no Worker runtime, so that the browser runs it too", () => {
    const imports = [...importsOf("worker/domain/documents/lines/compute-document.ts")];
    expect(imports.filter((i) => /^node:|^cloudflare:|drizzle|@libsql|\/db\//.test(i))).toEqual([]);
    expect(imports.some((i) => i.endsWith("shared/decimal.ts"))).toBe(true);
  });
});
