import { Decimal } from "../../shared/decimal";
import type { LineItem } from "./line-items";
import { atScale, minus, plus, sumAt } from "./rounding";
import type { SimpleTax } from "./taxes";
import type { ComputedLine, DocumentTax, TaxAmount, TaxType } from "./types";

/** Amounts with and without tax of something whose base is in the document's tax type. */
export function withAndWithoutTax(base: Decimal, tax: Decimal, taxType: TaxType): { excl: Decimal; incl: Decimal } {
  return taxType === "tax_inclusive" ? { excl: minus(base, tax), incl: base } : { excl: base, incl: plus(base, tax) };
}

export const taxAmounts = (taxes: readonly SimpleTax[], amounts: readonly Decimal[], decimals: number): TaxAmount[] =>
  taxes.map((t, k) => ({ id: t.id, rate: t.rate.toString(), amount: atScale(amounts[k]!, decimals).toString() }));

/** Adds up each simple tax over lines and shipping, by tax id. */
export class TaxTotals {
  private readonly totals = new Map<number, { tax: SimpleTax; amount: Decimal }>();

  constructor(private readonly decimals: number) {}

  add(taxes: readonly SimpleTax[], amounts: readonly Decimal[]): void {
    taxes.forEach((tax, k) => {
      const known = this.totals.get(tax.id);
      const amount = amounts[k]!;
      if (known) known.amount = plus(known.amount, amount);
      else this.totals.set(tax.id, { tax, amount: atScale(amount, this.decimals) });
    });
  }

  list(): DocumentTax[] {
    return [...this.totals.values()]
      .sort((a, b) => a.tax.id - b.tax.id)
      .map(({ tax, amount }) => ({
        id: tax.id,
        label: tax.label,
        rate: tax.rate.toString(),
        amount: atScale(amount, this.decimals).toString(),
      }));
  }

  total(): Decimal {
    return sumAt(
      [...this.totals.values()].map((t) => t.amount),
      this.decimals,
    );
  }
}

/**
 * The lines as the document shows them, before the global discount and taxes (filled in after).
 * Lines share many numbers (the same instance from one read): each is written out once.
 */
export function writeLines(items: readonly LineItem[], decimals: number): ComputedLine[] {
  const texts = new Map<Decimal, string>();
  const text = (value: Decimal) => {
    let written = texts.get(value);
    if (written === undefined) texts.set(value, (written = value.toString()));
    return written;
  };
  const none = Decimal.zero(decimals).toString();
  return items.map((item) => ({
    lid: item.input.lid,
    kind: item.kind,
    component_of_lid: item.componentOf,
    description: item.input.description ?? null,
    quantity: text(item.quantity),
    pack_quantity: text(item.packQuantity),
    units: text(item.units),
    price: text(item.price),
    cost: text(item.cost),
    discount: text(item.discount.value),
    discount_type: item.discount.type,
    discount_editable: item.discountEditable,
    amount: item.amount.toString(),
    discount_amount: item.discountAmount.toString(),
    total: item.total.toString(),
    global_discount_share: none,
    ecotax: text(item.ecotax),
    ecotax_amount: item.ecotaxAmount.toString(),
    tax_base: none,
    taxes: [],
    tax_amount: none,
    total_excl_tax: none,
    total_incl_tax: none,
    cost_amount: item.costAmount.toString(),
    weight: item.weight.toString(),
  }));
}
