import { Decimal } from "../../shared/decimal";
import { allocate, heldWithin, HUNDRED, percentOf, TAX_LINE_MAX_DECIMALS, TAX_RATE_SCALE, type InputReader } from "./rounding";
import type { TaxInput, TaxModel, TaxPriority, TaxType } from "./types";

export interface SimpleTax {
  id: number;
  label: string;
  rate: Decimal;
}

/** Simple taxes by id, with the sum of their rates and 100 + that sum (what an inclusive amount is divided by). */
export interface TaxSet {
  taxes: readonly SimpleTax[];
  rate: Decimal;
  divisor: Decimal;
}

/** Something taxed: a line or the shipping, its amount after discounts and its taxes. */
export interface TaxedItem {
  base: Decimal;
  set: TaxSet;
}

/** Per item, the amount of each of its taxes (same order as `item.taxes`). */
export type TaxAmounts = Decimal[][];

export const NO_TAXES: TaxSet = { taxes: [], rate: Decimal.zero(TAX_RATE_SCALE), divisor: HUNDRED };

/**
 * The simple taxes a document uses, read once: a group stands for its members (a tax named twice
 * counts once), and one id has one rate across the document.
 */
export class TaxBook {
  private readonly byId = new Map<number, SimpleTax>();
  // By content, not identity: lines parsed from JSON each bring their own copy of the same list.
  private readonly lists = new Map<string, TaxSet>();

  constructor(private readonly read: InputReader) {}

  taxSet(list: readonly TaxInput[], field: string): TaxSet {
    const key = list
      .map((tax) => ("taxes" in tax ? `${tax.id}(${tax.taxes.map((m) => `${m.id}:${m.rate}`).join()})` : `${tax.id}:${tax.rate}`))
      .join();
    const known = this.lists.get(key);
    if (known) return known;
    const found = new Map<number, SimpleTax>();
    list.forEach((tax, i) => {
      const members = "taxes" in tax ? tax.taxes : [tax];
      members.forEach((member, j) => {
        const simple = this.simple(member, "taxes" in tax ? `${field}.${i}.taxes.${j}` : `${field}.${i}`);
        if (simple) found.set(simple.id, simple);
      });
    });
    const taxes = [...found.values()].sort((a, b) => a.id - b.id);
    const rate = taxes.reduce((acc, t) => acc.add(t.rate), Decimal.zero(TAX_RATE_SCALE));
    const set = { taxes, rate, divisor: HUNDRED.add(rate) };
    this.lists.set(key, set);
    return set;
  }

  private simple(tax: TaxInput, field: string): SimpleTax | null {
    if ("taxes" in tax) {
      this.read.fail(field, "invalid_tax_group");
      return null;
    }
    if (!Number.isSafeInteger(tax.id)) {
      this.read.fail(`${field}.id`, "unknown_tax");
      return null;
    }
    const rate = this.read.decimal(tax.rate, `${field}.rate`, TAX_RATE_SCALE, { nonNegative: true, max: HUNDRED });
    const known = this.byId.get(tax.id);
    if (known) {
      if (!known.rate.equals(rate)) this.read.fail(`${field}.rate`, "invalid");
      return known;
    }
    const simple = { id: tax.id, label: tax.label ?? "", rate };
    this.byId.set(tax.id, simple);
    return simple;
  }
}

/** Which taxes apply: none when not taxable; the document's instead of its own when the document has priority and names some. */
export function taxesThatApply(
  own: readonly TaxInput[] | null | undefined,
  taxable: boolean,
  priority: TaxPriority,
  documentTaxes: readonly TaxInput[] | null | undefined,
): readonly TaxInput[] {
  if (!taxable) return [];
  if (priority === "document" && documentTaxes) return documentTaxes;
  return own ?? [];
}

/** The tax an inclusive amount holds at `rate` percent among its set: base × rate / (100 + the set's rate). */
function includedTax(base: Decimal, rate: Decimal, set: TaxSet, decimals: number): Decimal {
  return base.mul(rate).div(set.divisor, decimals);
}

const byIndex = (i: number) => i;
const spread = (total: Decimal, weights: readonly bigint[], decimals: number, rank: (i: number) => number = byIndex) =>
  allocate(total.round(decimals).units, weights, rank).map((u) => Decimal.of(u, decimals));

/**
 * Global model: each item's taxes rounded on their own (2 decimals, fewer for a currency with
 * fewer). Exclusive: base × rate per tax. Inclusive: the tax the base holds at the summed rate,
 * rounded once then split over the taxes in proportion to their rates.
 */
function perItemTaxes(items: readonly TaxedItem[], taxType: TaxType, currencyDecimals: number): TaxAmounts {
  const decimals = Math.min(TAX_LINE_MAX_DECIMALS, currencyDecimals);
  return items.map((item) => {
    const { taxes, rate } = item.set;
    if (taxes.length === 0 || rate.isZero()) return taxes.map(() => Decimal.zero(decimals));
    if (taxType === "tax_exclusive") return taxes.map((t) => percentOf(item.base, t.rate).round(decimals));
    const held = heldWithin(includedTax(item.base, rate, item.set, decimals), item.base);
    return spread(
      held,
      taxes.map((t) => t.rate.units),
      decimals,
    );
  });
}

/**
 * US model: tax on the total. Exclusive: per tax, the sum of its bases × rate, rounded once.
 * Inclusive: the tax held by all items, Σ base × R / (100 + R), rounded once, split over the taxes.
 * Each tax is then shared over the items in proportion (display only: the document's figure is the
 * rounded one).
 */
function onTotalTaxes(items: readonly TaxedItem[], taxType: TaxType, decimals: number, rank: (i: number) => number): TaxAmounts {
  const inclusive = taxType === "tax_inclusive";
  const ids = [...new Set(items.flatMap((item) => item.set.taxes.map((t) => t.id)))].sort((a, b) => a - b);
  // Exact integer weights: base × rate units, each set's brought over the product of all the
  // divisors (100 + R) when inclusive, so that no division happens per line.
  const sets = [...new Set(items.map((item) => item.set))].filter((set) => set.taxes.length > 0);
  const common = inclusive ? sets.reduce((acc, set) => acc * set.divisor.units, 1n) : 1n;
  const factors = new Map(sets.map((set) => [set, inclusive ? common / set.divisor.units : 1n]));
  const weights = new Map(ids.map((id) => [id, items.map(() => 0n)]));
  items.forEach((item, i) => {
    const factor = factors.get(item.set);
    for (const tax of item.set.taxes) weights.get(tax.id)![i] = item.base.units * tax.rate.units * factor!;
  });
  const sums = ids.map((id) => weights.get(id)!.reduce((a, w) => a + w, 0n));
  // Exclusive: Σ base × rate / 100 per tax. Inclusive: Σ w / common is Σ base × rate / (100 + R).
  let totals: Decimal[];
  if (!inclusive) totals = sums.map((units) => Decimal.of(units, decimals + TAX_RATE_SCALE + 2).round(decimals));
  else {
    const held = Decimal.of(
      sums.reduce((a, w) => a + w, 0n),
      decimals,
    ).div(Decimal.of(common, 0), decimals);
    const taxedBases = Decimal.of(
      items.reduce((a, item) => (item.set.rate.isZero() ? a : a + item.base.units), 0n),
      decimals,
    );
    totals = spread(heldWithin(held, taxedBases), sums, decimals);
  }
  const shares = new Map(ids.map((id, k) => [id, spread(totals[k]!, weights.get(id)!, decimals, rank)]));
  return items.map((item, i) => item.set.taxes.map((t) => shares.get(t.id)![i]!));
}

/** The taxes of every item under the company's model (decision 018). */
export function computeTaxes(
  items: readonly TaxedItem[],
  model: TaxModel,
  taxType: TaxType,
  currencyDecimals: number,
  rank: (i: number) => number,
): TaxAmounts {
  return model === "global" ? perItemTaxes(items, taxType, currencyDecimals) : onTotalTaxes(items, taxType, currencyDecimals, rank);
}
