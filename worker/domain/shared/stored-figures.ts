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
