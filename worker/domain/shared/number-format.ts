import { Decimal } from "./decimal";
import { DomainError } from "./domain-error";

/** space_comma: '1 234 567,89'; comma_point: '1,234,567.89'. */
export type NumberFormat = "space_comma" | "comma_point";
const SEPARATORS: Record<NumberFormat, { group: string; decimal: string }> = {
  space_comma: { group: " ", decimal: "," },
  comma_point: { group: ",", decimal: "." },
};

export function formatNumber(value: Decimal, options: { format: NumberFormat; decimals: number }): string {
  const { group, decimal } = SEPARATORS[options.format];
  const text = value.toFixed(options.decimals);
  const negative = text.startsWith("-");
  const [int, frac] = (negative ? text.slice(1) : text).split(".");
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? "-" : ""}${grouped}${frac ? decimal + frac : ""}`;
}

/** Reads a number typed in the company's format; a plain '1234.5' is accepted in both. */
export function parseNumber(text: string, format: NumberFormat): Decimal {
  let t = text.trim();
  t = format === "space_comma" ? t.replace(/[ \u00a0\u202f]/g, "").replace(",", ".") : t.replace(/,/g, "");
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) throw new DomainError("invalid_number", { value: text });
  return Decimal.parse(t.endsWith(".") ? t.slice(0, -1) : t);
}
