import type { Formatter } from "../../../worker/domain/shared/format";
import type { FieldErrorMap } from "../../components/form-field";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { ProductOptions } from "./product-options";

/** Amounts typed in a price grid, by `${levelId}:${currencyId}`. */
export type PriceCells = Record<string, string>;

export interface PriceRow {
  price_level_id: number;
  currency_id: number;
  amount: string;
}

export const cellKey = (levelId: number, currencyId: number) => `${levelId}:${currencyId}`;

/** Saved prices as the grid's inputs show them: every stored decimal, the company's decimal mark. */
export function priceCellsOf(prices: readonly PriceRow[], format: Formatter): PriceCells {
  return Object.fromEntries(prices.map((p) => [cellKey(p.price_level_id, p.currency_id), format.input(p.amount, 2)]));
}

/** The cells of the grid posted under `prefix` (inputs named `prefix.level.currency`). */
export function readPriceCells(form: FormData, prefix: string): PriceCells {
  const cells: PriceCells = {};
  for (const [name, value] of form.entries()) {
    const match = new RegExp(`^${prefix.replace(".", "\\.")}\\.(\\d+)\\.(\\d+)$`).exec(name);
    if (match && typeof value === "string") cells[`${match[1]}:${match[2]}`] = value;
  }
  return cells;
}

/** The domain's price list of the filled cells, and the cell of each item (to put errors back at their cell). */
export function priceList(cells: PriceCells): { prices: PriceRow[]; keys: string[] } {
  const keys = Object.keys(cells).filter((k) => cells[k]!.trim() !== "");
  return {
    keys,
    prices: keys.map((k) => {
      const [level, currency] = k.split(":").map(Number);
      return { price_level_id: level!, currency_id: currency!, amount: cells[k]!.trim() };
    }),
  };
}

/** Errors of `base.i.*` (e.g. "prices.2.amount") keyed by their cell. */
export function cellErrors(fields: FieldErrorMap, base: string, keys: readonly string[]): FieldErrorMap {
  if (!fields) return undefined;
  const out: NonNullable<FieldErrorMap> = {};
  for (const [field, error] of Object.entries(fields)) {
    const match = new RegExp(`^${base.replace(/\./g, "\\.")}\\.(\\d+)(\\.|$)`).exec(field);
    const key = match ? keys[Number(match[1])] : undefined;
    if (key) out[key] ??= error;
  }
  return Object.keys(out).length ? out : undefined;
}

/** A grid of amount inputs: one row per price level the user may change, one column per currency. */
export function PriceGridInputs({
  prefix,
  options,
  cells,
  errors,
  caption,
  idPrefix = prefix,
}: {
  prefix: string;
  /** Ids of the inputs, when several grids share a prefix on one page. */
  idPrefix?: string;
  options: ProductOptions;
  cells: PriceCells;
  errors?: FieldErrorMap;
  caption: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const levels = options.priceLevels.filter((l) => l.editable);
  if (levels.length === 0 || options.currencies.length === 0) return null;
  return (
    <div className="table-scroll">
      <table className="data-table price-grid" aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">{t("products.price_level")}</th>
            {options.currencies.map((c) => (
              <th key={c.id} scope="col">
                {c.iso}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {levels.map((level) => (
            <tr key={level.id}>
              <th scope="row">
                {level.label} <span className="muted">({t(`products.level_type_${level.type}`)})</span>
              </th>
              {options.currencies.map((c) => {
                const key = cellKey(level.id, c.id);
                const id = `${idPrefix}-${level.id}-${c.id}`;
                const error = errors?.[key];
                return (
                  <td key={c.id} className={error ? "field--invalid" : undefined}>
                    <input
                      id={id}
                      name={`${prefix}.${level.id}.${c.id}`}
                      defaultValue={cells[key] ?? ""}
                      inputMode="decimal"
                      placeholder="0.00"
                      aria-label={`${level.label} ${c.iso}`}
                      aria-invalid={Boolean(error)}
                      aria-describedby={error ? `${id}-error` : undefined}
                      size={8}
                    />
                    {error ? (
                      <span id={`${id}-error`} className="field__error" role="alert">
                        {errorText(error.code, error.params)}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Prices shown as a grid: price levels down, currencies across. */
export function PriceGridView({
  prices,
  caption,
}: {
  prices: readonly { price_level_id: number; price_level_label: string; currency_id: number; currency_iso: string; amount: string }[];
  caption: string;
}) {
  const t = useT();
  const format = useFormat();
  if (prices.length === 0) return <p className="muted">{t("products.no_prices")}</p>;
  const levels = [...new Map(prices.map((p) => [p.price_level_id, p.price_level_label])).entries()];
  const currencies = [...new Map(prices.map((p) => [p.currency_id, p.currency_iso])).entries()];
  const amount = (level: number, currency: number) => prices.find((p) => p.price_level_id === level && p.currency_id === currency)?.amount;
  return (
    <div className="table-scroll">
      <table className="data-table price-grid" aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">{t("products.price_level")}</th>
            {currencies.map(([id, iso]) => (
              <th key={id} scope="col" className="numeric">
                {iso}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {levels.map(([id, label]) => (
            <tr key={id}>
              <th scope="row">{label}</th>
              {currencies.map(([cid, iso]) => (
                <td key={cid} className="numeric" data-cell={`${id}:${cid}`}>
                  {format.money(amount(id, cid), iso)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
