import type { Decimal } from "../../shared/decimal";
import { atScale, minus, plus, sumAt } from "./rounding";
import type { SimpleTax } from "./taxes";
import type { DocumentTax, TaxAmount, TaxType } from "./types";

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
