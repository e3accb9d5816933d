import { z } from "zod";
import { MAX_QUANTITY } from "../shared/bounds";
import { fromScaledInteger, QUANTITY_SCALE, toScaledInteger } from "../shared/money";
import { readDecimal } from "../shared/number-format";

export { fieldError, FieldIssues, objectError, parseInput, recordId, zCalendarDate } from "../shared/input";

/** A referenced id: a positive integer (a string of digits is accepted, as forms send). */
export const zRefId = (code: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: code }).int(code).positive(code).max(Number.MAX_SAFE_INTEGER, code),
  );

/** Largest quantity of one line or count (MAX_QUANTITY, shared/bounds.ts): its scaled integer stays a safe integer. */
export const MAX_UNITS = MAX_QUANTITY;
const MAX_SCALED = BigInt(MAX_UNITS) * 10n ** BigInt(QUANTITY_SCALE);

/** A quantity as a decimal string or number, 7 decimals, returned as scaled integer units. */
export function zScaledQuantity(options: { positive?: boolean } = {}) {
  const described = z.union([z.string(), z.number()], { error: "invalid_number" }).meta({
    description: `A quantity (text or number), kept to ${QUANTITY_SCALE} decimals, ${options.positive ? "above" : "at least"} 0, at most ${MAX_UNITS}`,
  });
  return described.transform((raw, ctx) => {
    const read = readDecimal(raw);
    if ("error" in read) {
      ctx.addIssue({ code: "custom", message: read.error });
      return z.NEVER;
    }
    const value = read.value.round(QUANTITY_SCALE);
    const units = toScaledInteger(value, QUANTITY_SCALE);
    if (units < 0n || (options.positive && units === 0n)) {
      ctx.addIssue({ code: "custom", message: "too_small" });
      return z.NEVER;
    }
    if (units > MAX_SCALED) {
      ctx.addIssue({ code: "custom", message: "too_large" });
      return z.NEVER;
    }
    return Number(units);
  });
}

/** A missing value is `required`; anything else that is not a positive id is the given code. */
export function zRefIdRequired(code: string) {
  // Built once here, not at each value parsed: building a schema cost more than checking the value.
  const id = zRefId(code);
  return z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === "") {
      ctx.addIssue({ code: "custom", message: "required" });
      return z.NEVER;
    }
    const parsed = id.safeParse(v);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: code });
      return z.NEVER;
    }
    return parsed.data;
  });
}

/** An id that may be left out (null); anything else that is not a positive id is the given code. */
export function zOptionalId(code: string) {
  const id = zRefId(code);
  return z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === "") return null;
    const parsed = id.safeParse(v);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: code });
      return z.NEVER;
    }
    return parsed.data;
  });
}

/** A quantity that must be given (`required`), as scaled units. */
export function zRequiredQuantity(options: { positive?: boolean } = {}) {
  const quantity = zScaledQuantity(options);
  return z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === "") {
      ctx.addIssue({ code: "custom", message: "required" });
      return z.NEVER;
    }
    const parsed = quantity.safeParse(v);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "invalid_number" });
      return z.NEVER;
    }
    return parsed.data;
  });
}

/** Quantities as the API shows them: decimal text at 7 places. */
export const qty = (units: number | bigint) => fromScaledInteger(units, QUANTITY_SCALE).toString();

// A formatter per time zone, made once per isolate: making one was a twentieth of a sales order's CPU.
// An unknown zone is kept as null (UTC). Bounded: zones come from company settings, a few per isolate.
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();
const DAY_FORMATS_MAX = 500;

function dayFormat(timeZone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    } catch {
      format = null;
    }
    if (dayFormats.size >= DAY_FORMATS_MAX) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Today's date (YYYY-MM-DD) in a time zone; UTC when the zone is unknown. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dayFormat(timeZone)?.format(now) ?? now.toISOString().slice(0, 10);
}
