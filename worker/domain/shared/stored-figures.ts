import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { Decimal } from "./decimal";

/**
 * Figures stored before the bounds (shared/bounds.ts, decision 036) may be past what a JavaScript
 * number holds exactly, or even floats; the client refuses a whole query over one such value. A
 * column read through `readable` comes as a safe integer, or as its text for anything else.
 */

const SAFE = sql.raw(String(Number.MAX_SAFE_INTEGER));

/** A stored integer column (or a sum of one) as a number when it is a safe integer, else as the text SQLite gives of it. */
export function readable(column: SQLiteColumn | SQL): SQL<number | string> {
  const safe = sql`typeof(${column}) = 'integer' and ${column} between -${SAFE} and ${SAFE}`;
  return sql<number | string>`case when ${safe} then ${column} else cast(${column} as text) end`;
}

/** A value read through `readable` (or a plain integer), at `scale`: exact for any stored integer, the nearest whole units for a float. */
export function storedDecimal(value: number | string | bigint, scale: number): Decimal {
  if (typeof value === "bigint") return Decimal.of(value, scale);
  if (Number.isSafeInteger(value)) return Decimal.of(BigInt(value), scale);
  const text = String(value).trim();
  if (/^-?\d+$/.test(text)) return Decimal.of(BigInt(text), scale);
  // A float (written past the integers SQLite holds): its nearest whole units; not a number at all, none.
  const float = Number(text);
  return Decimal.of(Number.isFinite(float) ? BigInt(Math.round(float)) : 0n, scale);
}

/** A value read through `readable` as a JavaScript number of units (rounded when it was past the exact range). */
export const storedNumber = (value: number | string): number => (typeof value === "number" ? value : Number(storedDecimal(value, 0).units));

/**
 * A stored integer of `scale` decimals as text, rounded half away from zero to `decimals` (at most
 * `scale`): `storedDecimal(value, scale).round(decimals).toString()`. A safe integer, what the
 * client gives for every figure within the bounds, is written with exact arithmetic on numbers
 * (views write a dozen figures a line; a BigInt each was a tenth of writing a document's answer).
 */
export function storedText(value: number | string | bigint, scale: number, decimals = scale): string {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || decimals > scale || scale - decimals > 15)
    return storedDecimal(value, scale).round(decimals).toString();
  let units = value;
  if (decimals < scale) {
    const factor = 10 ** (scale - decimals);
    // Exact: the remainder of safe integers, then a division with no remainder.
    const rest = units % factor;
    units = (units - rest) / factor;
    if (2 * Math.abs(rest) >= factor) units += units < 0 || (units === 0 && rest < 0) ? -1 : 1;
  }
  const negative = units < 0;
  const digits = String(negative ? -units : units).padStart(decimals + 1, "0");
  const int = digits.slice(0, digits.length - decimals);
  return `${negative ? "-" : ""}${int}${decimals ? `.${digits.slice(digits.length - decimals)}` : ""}`;
}
