import { useFormat } from "../../format";
import { useT } from "../../i18n";

export interface StoreTotalsFigures {
  shipping_cost: string;
  total_excl_tax: string;
  tax_total: string;
  total_incl_tax: string;
}

/**
 * A cart's or an order's totals, written the same way wherever the store shows them: the shipping
 * (when there is some), the total excluding tax, the taxes and the total including tax.
 */
export function StoreTotals({ figures, currency, testId }: { figures: StoreTotalsFigures; currency: string | null; testId: string }) {
  const t = useT();
  const format = useFormat();
  const rows: [string, string, string][] = [
    ...(Number(figures.shipping_cost) > 0
      ? [["b2b.cart_shipping", figures.shipping_cost, `${testId}-shipping`] as [string, string, string]]
      : []),
    ["b2b.cart_total", figures.total_excl_tax, `${testId}-total`],
    ["b2b.cart_taxes", figures.tax_total, `${testId}-taxes`],
    ["b2b.cart_total_incl_tax", figures.total_incl_tax, `${testId}-total-incl-tax`],
  ];
  return (
    <dl className="store-totals">
      {rows.map(([label, amount, id]) => (
        <div key={id} className={id.endsWith("-incl-tax") ? "store-totals__grand" : undefined}>
          <dt>{t(label)}</dt>
          <dd data-testid={id}>{format.money(amount, currency)}</dd>
        </div>
      ))}
    </dl>
  );
}
