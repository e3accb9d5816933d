import { Decimal } from "./decimal";
import { DomainError } from "./domain-error";

/** space_comma: '1 234 567,89'; comma_point: '1,234,567.89'. */
export type NumberFormat = "space_comma" | "comma_point";
const SEPARATORS: Record<NumberFormat, { group: string; decimal: string }> = {
  space_comma: { group: " ", decimal: "," },
  comma_point: { group: ",", decimal: "." },
};

export function formatNumber(value: Decimal, options: { format: NumberFormat; decimals: number }): string {
  const { decimal } = SEPARATORS[options.format];
  const text = value.toFixed(options.decimals);
  const negative = text.startsWith("-");
  const [int, frac] = (negative ? text.slice(1) : text).split(".");
  return `${negative ? "-" : ""}${groupDigits(int!, options.format)}${frac ? decimal + frac : ""}`;
}

/** A whole number's digits written with the format's group mark: '1 234 567', '1,234,567'. */
export function groupDigits(digits: string, format: NumberFormat): string {
  return digits.length > 3 ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, SEPARATORS[format].group) : digits;
}

/** Reads a number typed in the company's format; a plain '1234.5' is accepted in both. */
export function parseNumber(text: string, format: NumberFormat): Decimal {
  let t = text.trim();
  t = format === "space_comma" ? t.replace(/[ \u00a0\u202f]/g, "").replace(",", ".") : t.replace(/,/g, "");
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) throw new DomainError("invalid_number", { value: text });
  return Decimal.parse(t.endsWith(".") ? t.slice(0, -1) : t);
}

/**
 * Reads a number as people type it in either language's format: "1234.5", "1 234,5" (spaces,
 * no-break spaces, a decimal comma), "1,234.5" (comma groups, a decimal point). "1,234" alone could
 * be either 1.234 or 1234: it is refused (`ambiguous_number`) rather than read one way silently.
 */
export function parseTypedNumber(text: string): Decimal {
  const t = text.trim().replace(/[ \u00a0\u202f]/g, (space, offset: number, whole: string) =>
    // Spaces only group digits: "1 234" yes, "1 2" no.
    /^\d{3}(\D|$)/.test(whole.slice(offset + 1)) ? "" : space,
  );
  const sign = /^[+-]/.test(t) ? t[0] : "";
  const body = sign ? t.slice(1) : t;
  if (/^\d+(\.\d*)?$|^\.\d+$/.test(body)) return Decimal.parse(`${sign}${body.endsWith(".") ? body.slice(0, -1) : body}`);
  // English groups: 1,234,567.89
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(body)) {
    if (!body.includes(".") && /^[1-9]\d{0,2},\d{3}$/.test(body)) throw new DomainError("ambiguous_number", { value: text });
    if (body.includes(".") || /^\d{1,3}(,\d{3}){2,}$/.test(body)) return Decimal.parse(`${sign}${body.replace(/,/g, "")}`);
  }
  // A decimal comma: 1234,5 or 0,125 (spaces were groups and are gone).
  if (/^\d+,\d+$/.test(body)) return Decimal.parse(`${sign}${body.replace(",", ".")}`);
  throw new DomainError("invalid_number", { value: text });
}

/** A decimal given to an input: a JSON number as it is, a string as people type it; the error code when it is none. */
export function readDecimal(raw: string | number): { value: Decimal } | { error: string } {
  try {
    return { value: typeof raw === "number" ? Decimal.parse(raw) : parseTypedNumber(raw) };
  } catch (error) {
    return { error: error instanceof DomainError && error.code === "ambiguous_number" ? "ambiguous_number" : "invalid_number" };
  }
}
