import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../worker/domain/shared/decimal";
import { computeDocument } from "../../worker/domain/documents/lines/compute-document";
import { allocate } from "../../worker/domain/documents/lines/rounding";
import type { ComputedDocument, DocumentInput, LineInput, TaxInput } from "../../worker/domain/documents/lines/types";

const TAX_POOL: TaxInput[] = [
  { id: 1, label: "VAT", rate: "20" },
  { id: 2, label: "Reduced", rate: "5.5" },
  { id: 3, label: "GST", rate: "5" },
  { id: 4, label: "PST", rate: "7.125" },
  {
    id: 10,
    label: "GST + PST",
    taxes: [
      { id: 3, label: "GST", rate: "5" },
      { id: 4, label: "PST", rate: "7.125" },
    ],
  },
];

/** A decimal text of up to `max` with `scale` decimals (sometimes more digits than kept, to exercise rounding). */
const decimalText = (max: number, scale: number, options: { negative?: boolean; positive?: boolean } = {}) =>
  fc
    .integer({ min: options.negative ? -max * 10 ** scale : options.positive ? 1 : 0, max: max * 10 ** scale })
    .map((units) => Decimal.of(BigInt(units), scale).toString());

const taxes = fc.subarray(TAX_POOL, { maxLength: 2 });
const discount = fc.option(fc.oneof(decimalText(150, 3, { negative: true }), fc.constant("x")), { nil: undefined });
const discountType = fc.constantFrom<"percentage" | "amount" | undefined>("percentage", "amount", undefined);

const pricedLine = fc.record({
  kind: fc.constantFrom<"variant" | "pack" | "kit" | "service">("variant", "pack", "kit", "service"),
  // Common values too, so that lines tie (equal shares of a global discount or of a tax).
  quantity: fc.oneof(decimalText(500, 3), fc.constantFrom("1", "2")),
  pack_quantity: fc.constantFrom("1", "6", "12.5"),
  price: fc.oneof(decimalText(2000, 5), fc.constantFrom("0.05", "10", "19.99")),
  cost: decimalText(1000, 4),
  discount,
  discount_type: discountType,
  taxes,
  taxable: fc.boolean(),
  ecotax: fc.constantFrom("0", "0.05", "1.2345"),
  weight_amount: decimalText(50, 4),
  weight_unit: fc.constantFrom<"kg" | "lb" | "oz">("kg", "lb", "oz"),
  kit_price_type: fc.constantFrom<"price_level" | "advanced_price" | "components">("price_level", "advanced_price", "components"),
  kit_price_locked: fc.boolean(),
  components: fc.array(fc.record({ required_quantity: decimalText(5, 2, { positive: true }), weight_amount: decimalText(10, 4) }), {
    maxLength: 2,
  }),
});

/** Lines with unique lids; kits bring their component lines; some free-text lines. */
const lines = fc
  .array(fc.oneof({ weight: 6, arbitrary: pricedLine }, { weight: 1, arbitrary: fc.constant(null) }), { maxLength: 12 })
  .map((drafts) =>
    drafts.flatMap((draft, i): LineInput[] => {
      const lid = `l${i}`;
      if (draft === null) return [{ lid, kind: "text", description: "note" }];
      const { components, ...line } = draft;
      const own: LineInput = { lid, ...line };
      if (line.kind !== "kit") return [own];
      return [
        own,
        ...components.map((c, j): LineInput => ({
          lid: `${lid}c${j}`,
          kind: "variant",
          component_of_lid: lid,
          required_quantity: c.required_quantity,
          weight_amount: c.weight_amount,
        })),
      ];
    }),
  );

const documents = fc.record({
  currency: fc.constantFrom("EUR", "USD", "JPY", "KWD"),
  tax_model: fc.constantFrom<"us" | "global">("us", "global"),
  tax_type: fc.constantFrom<"tax_exclusive" | "tax_inclusive">("tax_exclusive", "tax_inclusive"),
  tax_priority: fc.constantFrom<"product" | "document">("product", "document"),
  document_taxes: fc.option(taxes, { nil: undefined }),
  global_discount: fc.oneof(discount, fc.constantFrom("0.01", "0.05")),
  global_discount_type: discountType,
  shipping_cost: decimalText(100, 2),
  shipping_taxes: taxes,
  use_ecotax: fc.boolean(),
  lines,
}) as fc.Arbitrary<DocumentInput>;

const d = (text: string) => Decimal.parse(text);
const sum = (texts: string[]) => texts.reduce((acc, t) => acc.add(d(t)), Decimal.zero()).toString();
const same = (a: string, b: string) => d(a).equals(d(b));
const totalsOf = (doc: ComputedDocument) => ({ ...doc, lines: [...doc.lines].sort((a, b) => (a.lid < b.lid ? -1 : 1)) });

describe("the line engine's invariants", () => {
  it("totals equal the sum of the lines", () => {
    fc.assert(
      fc.property(documents, (input) => {
        const doc = computeDocument(input);
        const priced = doc.lines.filter((l) => l.kind !== "text" && l.component_of_lid === null);
        const shippingExcl =
          input.tax_type === "tax_inclusive" ? d(doc.shipping_cost).sub(d(doc.shipping_tax_amount)).toString() : doc.shipping_cost;
        expect(same(doc.subtotal, sum(doc.lines.map((l) => l.total)))).toBe(true);
        expect(same(doc.global_discount_amount, sum(doc.lines.map((l) => l.global_discount_share)))).toBe(true);
        expect(same(doc.total_ecotax, sum(doc.lines.map((l) => l.ecotax_amount)))).toBe(true);
        expect(same(doc.tax_total, sum([...doc.lines.map((l) => l.tax_amount), doc.shipping_tax_amount]))).toBe(true);
        expect(same(doc.tax_total, sum(doc.taxes.map((t) => t.amount)))).toBe(true);
        expect(same(doc.total_excl_tax, sum([...doc.lines.map((l) => l.total_excl_tax), shippingExcl]))).toBe(true);
        expect(same(doc.total, sum([doc.total_excl_tax, doc.tax_total]))).toBe(true);
        expect(same(doc.total_units, sum(priced.map((l) => l.units)))).toBe(true);
        expect(same(doc.total_weight, sum(doc.lines.map((l) => l.weight)))).toBe(true);
        for (const line of doc.lines) expect(same(line.tax_amount, sum(line.taxes.map((t) => t.amount)))).toBe(true);
      }),
    );
  });

  it("tax is never negative", () => {
    fc.assert(
      fc.property(documents, (input) => {
        const doc = computeDocument(input);
        const amounts = [
          doc.tax_total,
          doc.shipping_tax_amount,
          ...doc.taxes.map((t) => t.amount),
          ...doc.lines.flatMap((l) => [l.tax_amount, ...l.taxes.map((t) => t.amount)]),
        ];
        expect(amounts.filter((a) => d(a).isNegative())).toEqual([]);
      }),
    );
  });

  it("in the global model every line's taxes are whole cents (whole units of a currency with fewer decimals)", () => {
    fc.assert(
      fc.property(documents, (input) => {
        const doc = computeDocument({ ...input, tax_model: "global" });
        const step = Math.min(2, doc.currency_decimals);
        const amounts = doc.lines.flatMap((l) => l.taxes.map((t) => d(t.amount)));
        expect(amounts.filter((a) => !a.equals(a.round(step)))).toEqual([]);
      }),
    );
  });

  it("discounts never make a total negative", () => {
    fc.assert(
      fc.property(documents, (input) => {
        const doc = computeDocument(input);
        const lineFigures = doc.lines.flatMap((l) => [
          l.total,
          l.tax_base,
          l.total_incl_tax,
          ...(input.tax_model === "global" ? [l.total_excl_tax] : []),
        ]);
        const figures = [doc.subtotal, doc.total_excl_tax, doc.total, ...lineFigures];
        expect(figures.filter((a) => d(a).isNegative())).toEqual([]);
        for (const line of doc.lines) expect(d(line.discount_amount).compare(d(line.amount))).toBeLessThanOrEqual(0);
        for (const line of doc.lines) expect(d(line.global_discount_share).compare(d(line.total))).toBeLessThanOrEqual(0);
      }),
    );
  });

  it("reordering the lines changes no total and no line", () => {
    fc.assert(
      fc.property(
        documents
          // A copy of each line under another lid: equal lines tie for the cents left by a split.
          .map((input) => ({
            ...input,
            lines: [
              ...input.lines,
              ...input.lines.map((l) => ({ ...l, lid: `${l.lid}'`, component_of_lid: l.component_of_lid && `${l.component_of_lid}'` })),
            ],
          }))
          .chain((input) => fc.tuple(fc.constant(input), fc.shuffledSubarray([...input.lines], { minLength: input.lines.length }))),
        ([input, shuffled]) => {
          expect(totalsOf(computeDocument({ ...input, lines: shuffled }))).toEqual(totalsOf(computeDocument(input)));
        },
      ),
    );
  });

  it("results are identical when recomputed, from the same input or from the figures it gave", () => {
    fc.assert(
      fc.property(documents, (input) => {
        const doc = computeDocument(input);
        expect(computeDocument(structuredClone(input))).toEqual(doc);
        // Typing back what the engine shows (rounded quantities, prices, capped discounts) changes nothing.
        const shown = doc.lines.map((line, i) => ({
          ...input.lines[i]!,
          quantity: line.quantity,
          price: line.price,
          cost: line.cost,
          discount: line.discount,
          discount_type: line.discount_type,
        }));
        const again = computeDocument({
          ...input,
          lines: shown,
          global_discount: doc.global_discount,
          global_discount_type: doc.global_discount_type,
        });
        expect(again).toEqual(doc);
      }),
    );
  });

  it("inclusive and exclusive prices agree to the cent with one tax", () => {
    const oneTax = fc.constantFrom(...TAX_POOL.filter((t) => !("taxes" in t)));
    const lineArb = fc.record({ price: decimalText(5000, 2), tax: oneTax });
    fc.assert(
      fc.property(
        fc.constantFrom<"us" | "global">("us", "global"),
        oneTax,
        fc.array(lineArb, { minLength: 1, maxLength: 10 }),
        (model, tax, drafts) => {
          // In the us model the whole document has one tax; in the global model each line has its own.
          const exclusiveLines: LineInput[] = drafts.map((l, i) => ({
            lid: `l${i}`,
            kind: "variant",
            quantity: "1",
            price: l.price,
            taxes: [model === "us" ? tax : l.tax],
          }));
          const settings = { tax_model: model, tax_priority: "product" } as const;
          const exclusive = computeDocument({ ...settings, tax_type: "tax_exclusive", lines: exclusiveLines });
          const inclusive = computeDocument({
            ...settings,
            tax_type: "tax_inclusive",
            lines: exclusiveLines.map((line, i) => ({ ...line, price: exclusive.lines[i]!.total_incl_tax })),
          });
          expect([inclusive.tax_total, inclusive.total_excl_tax, inclusive.total, inclusive.taxes]).toEqual([
            exclusive.tax_total,
            exclusive.total_excl_tax,
            exclusive.total,
            exclusive.taxes,
          ]);
          if (model === "global") expect(inclusive.lines.map((l) => l.tax_amount)).toEqual(exclusive.lines.map((l) => l.tax_amount));
        },
      ),
    );
  });
});

describe("deposit lines (decision 043)", () => {
  const deposit = fc.record({ price: decimalText(2000, 2, { positive: true }), taxes });

  it("a deposit and its deduction cancel out: the document's totals and taxes are those without them", () => {
    fc.assert(
      fc.property(documents, deposit, (input, { price, taxes: depositTaxes }) => {
        const without = computeDocument(input);
        const lines: LineInput[] = [
          ...input.lines,
          { lid: "deposit", kind: "deposit", price, taxes: depositTaxes },
          { lid: "deducted", kind: "deposit", price: `-${price}`, taxes: depositTaxes },
        ];
        const doc = computeDocument({ ...input, lines });
        expect([doc.subtotal, doc.global_discount_amount, doc.total_excl_tax, doc.tax_total, doc.total]).toEqual([
          without.subtotal,
          without.global_discount_amount,
          without.total_excl_tax,
          without.tax_total,
          without.total,
        ]);
        expect(same(doc.tax_total, sum([...doc.lines.map((l) => l.tax_amount), doc.shipping_tax_amount]))).toBe(true);
        const [plus, minus] = doc.lines.slice(-2);
        // The deposit takes no share of the global discount, and in the global model its deduction is its exact opposite.
        expect([plus!.global_discount_share, minus!.global_discount_share].every((s) => d(s).isZero())).toBe(true);
        if (input.tax_model === "global") expect(same(minus!.tax_amount, d(plus!.tax_amount).neg().toString())).toBe(true);
      }),
    );
  });
});

describe("allocate", () => {
  it("splits any total over any weights, whatever their signs, into shares that add up to it", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -1_000_000n, max: 1_000_000n }),
        fc.array(fc.bigInt({ min: -100_000n, max: 100_000n }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const shares = allocate(total, weights, (i) => i);
          const whole = weights.reduce((a, w) => a + w, 0n);
          if (whole === 0n) {
            // Nothing to share by: every share is 0 (the assertion is not returned: fast-check takes any value but true as a failure).
            expect(shares.every((s) => s === 0n)).toBe(true);
            return;
          }
          expect(shares.reduce((a, s) => a + s, 0n)).toBe(total);
          // Each share is within one unit of its exact proportion.
          shares.forEach((s, i) => {
            const exact = total * weights[i]!;
            const diff = s * whole - exact;
            expect(diff < 0n ? -diff : diff).toBeLessThan(whole < 0n ? -whole : whole);
          });
        },
      ),
    );
  });
});
