import { Decimal } from "../../shared/decimal";
import {
  allocate,
  HUNDRED,
  minOf,
  percentOf,
  SHARE_SCALE,
  sumAt,
  TAX_LINE_MAX_DECIMALS,
  TAX_RATE_SCALE,
  type InputReader,
} from "./rounding";
import type { TaxInput, TaxModel, TaxPriority, TaxType } from "./types";

export interface SimpleTax {
  id: number;
  label: string;
  rate: Decimal;
}

/** Something taxed: a line or the shipping, its amount after discounts and its simple taxes by id. */
export interface TaxedItem {
  base: Decimal;
  taxes: readonly SimpleTax[];
  /** The sum of the rates. */
  rate: Decimal;
}

/** Per item, the amount of each of its taxes (same order as `item.taxes`). */
export type TaxAmounts = Decimal[][];

/**
 * The simple taxes a document uses, read once: a group stands for its members (a tax named twice
 * counts once), and one id has one rate across the document.
 */
export class TaxBook {
  readonly byId = new Map<number, SimpleTax>();
  // By content, not identity: lines parsed from JSON each bring their own copy of the same list.
  private readonly lists = new Map<string, SimpleTax[]>();

  constructor(private readonly read: InputReader) {}

  simpleTaxes(list: readonly TaxInput[], field: string): SimpleTax[] {
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
    this.lists.set(key, taxes);
    return taxes;
  }

  private simple(tax: TaxInput, field: string): SimpleTax | null {
    if ("taxes" in tax || !Number.isSafeInteger(tax.id)) {
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

export const totalRate = (taxes: readonly SimpleTax[]) => taxes.reduce((acc, t) => acc.add(t.rate), Decimal.zero(TAX_RATE_SCALE));

/** The tax an inclusive amount holds at `rate` percent: base × rate / (100 + rate). */
function includedTax(base: Decimal, rate: Decimal, rateOfAll: Decimal, decimals: number): Decimal {
  return base.mul(rate).div(HUNDRED.add(rateOfAll), decimals);
}

const byIndex = (i: number) => i;
const spread = (total: Decimal, weights: readonly Decimal[], decimals: number, rank: (i: number) => number = byIndex) =>
  allocate(
    total.round(decimals).units,
    weights.map((w) => w.units),
    rank,
  ).map((u) => Decimal.of(u, decimals));

/**
 * Global model: each item's taxes rounded on their own (2 decimals, fewer for a currency with
 * fewer). Exclusive: base × rate per tax. Inclusive: the tax the base holds at the summed rate,
 * rounded once then split over the taxes in proportion to their rates.
 */
function perItemTaxes(items: readonly TaxedItem[], taxType: TaxType, currencyDecimals: number): TaxAmounts {
  const decimals = Math.min(TAX_LINE_MAX_DECIMALS, currencyDecimals);
  return items.map((item) => {
    if (item.taxes.length === 0 || item.rate.isZero()) return item.taxes.map(() => Decimal.zero(decimals));
    if (taxType === "tax_exclusive") return item.taxes.map((t) => percentOf(item.base, t.rate).round(decimals));
    const held = minOf(includedTax(item.base, item.rate, item.rate, decimals), item.base);
    return spread(
      held,
      item.taxes.map((t) => t.rate),
      decimals,
    );
  });
}

/**
 * US model: tax on the total. Exclusive: per tax, the sum of its bases × rate, rounded once.
 * Inclusive: the tax held by all items, rounded once, split over the taxes. Each tax is then
 * shared over the items in proportion (display only: the document's figure is the rounded one).
 */
function onTotalTaxes(items: readonly TaxedItem[], taxType: TaxType, decimals: number, rank: (i: number) => number): TaxAmounts {
  const ids = [...new Set(items.flatMap((item) => item.taxes.map((t) => t.id)))].sort((a, b) => a - b);
  const weightsOf = (id: number) =>
    items.map((item) => {
      const tax = item.taxes.find((t) => t.id === id);
      if (!tax) return Decimal.zero(SHARE_SCALE);
      return taxType === "tax_exclusive"
        ? percentOf(item.base, tax.rate).round(SHARE_SCALE)
        : includedTax(item.base, tax.rate, item.rate, SHARE_SCALE);
    });
  const weights = new Map(ids.map((id) => [id, weightsOf(id)]));
  const sumOf = (values: readonly Decimal[]) => sumAt(values, SHARE_SCALE);
  let totals: Decimal[];
  if (taxType === "tax_exclusive") totals = ids.map((id) => sumOf(weights.get(id)!).round(decimals));
  else {
    const held = items.map((item) =>
      item.rate.isZero() ? Decimal.zero(SHARE_SCALE) : includedTax(item.base, item.rate, item.rate, SHARE_SCALE),
    );
    const taxedBases = sumOf(items.filter((item) => !item.rate.isZero()).map((item) => item.base));
    const all = minOf(sumOf(held).round(decimals), taxedBases);
    totals = spread(
      all,
      ids.map((id) => sumOf(weights.get(id)!)),
      decimals,
    );
  }
  const shares = new Map(ids.map((id, k) => [id, spread(totals[k]!, weights.get(id)!, decimals, rank)]));
  return items.map((item, i) => item.taxes.map((t) => shares.get(t.id)![i]!));
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
