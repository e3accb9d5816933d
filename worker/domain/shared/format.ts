import { Decimal } from "./decimal";
import { DomainError } from "./domain-error";
import type { Locale } from "./locale";
import { currencyDecimals, QUANTITY_SCALE, weightToGrams, type WeightUnit } from "./money";
import { formatNumber, groupDigits, type NumberFormat } from "./number-format";

/**
 * How numbers, money, quantities and dates are written for people: on every page, and in PDFs,
 * emails and exports. Numbers follow the company's format (domain spec §3), dates the user's
 * language and time zone (platform spec §5, §9). Pure: no runtime, no React.
 */
export { formatNumber, type NumberFormat };

type DecimalLike = Decimal | string | number;
const toDecimal = (value: DecimalLike) => (value instanceof Decimal ? value : Decimal.parse(value));

/** A currency as the company set it up (domain spec §3 'Currency'); amounts are written by `formatMoney`. */
export interface CurrencyFormat {
  iso: string;
  sign: string;
  /** "{sign}{amount}", "{amount} {sign}"... as the company saved it; money is written in the reader's language instead. */
  symbol_template: string;
  /** Decimals when they differ from ISO 4217's. */
  decimals?: number;
}

/** A currency known by its code only. */
export function plainCurrency(iso: string): CurrencyFormat {
  return { iso, sign: iso, symbol_template: "{amount} {sign}" };
}

/** The fewest decimals, at most `max`, that write the value exactly (trailing zeros dropped). */
function neededDecimals(value: Decimal, max: number): number {
  const rounded = value.round(max);
  if (rounded.units === 0n) return 0;
  // The units' trailing zeros, read off their digits (a list page writes thousands of numbers).
  const digits = rounded.units.toString();
  let decimals = max;
  while (decimals > 0 && digits.charCodeAt(digits.length - 1 - (max - decimals)) === 48) decimals--;
  return decimals;
}

// A whole number, with or without zero decimals ('40', '40.0000000' as quantities are stored).
const WHOLE = /^(0|-?[1-9]\d{0,14})(?:\.0+)?$/;
const groupWhole = (text: string, numberFormat: NumberFormat) =>
  text.startsWith("-") ? `-${groupDigits(text.slice(1), numberFormat)}` : groupDigits(text, numberFormat);

/** A decimal without trailing zeros (at least `minDecimals`, at most `maxDecimals`): '1 234,5', '2.125'. */
export function formatDecimal(
  value: DecimalLike,
  numberFormat: NumberFormat,
  options: { minDecimals?: number; maxDecimals?: number } = {},
): string {
  // A whole number written as one (most quantities on a list page) is only grouped.
  const whole = typeof value === "string" && !options.minDecimals ? WHOLE.exec(value) : null;
  if (whole) return groupWhole(whole[1]!, numberFormat);
  const max = options.maxDecimals ?? QUANTITY_SCALE;
  const rounded = toDecimal(value).round(max);
  const decimals = Math.max(options.minDecimals ?? 0, neededDecimals(rounded, max));
  return formatNumber(rounded.round(decimals), { format: numberFormat, decimals });
}

/** A quantity: up to 7 decimals, none trailing ('10', '2,5', '1,234.125'). */
export function formatQuantity(value: DecimalLike, numberFormat: NumberFormat): string {
  return formatDecimal(value, numberFormat, { maxDecimals: QUANTITY_SCALE });
}

/** A rate as people read it: '20 %', '5,5 %'. */
export function formatPercent(value: DecimalLike, numberFormat: NumberFormat): string {
  return `${formatDecimal(value, numberFormat, { maxDecimals: 4 })} %`;
}

/**
 * An amount of money as the language writes it, by the runtime's Intl data ('9,50 €' in French,
 * '€9.50' in English, '-$1,234.50'), with the currency's decimals (half away from zero). The
 * number format, when given, chooses the marks: space_comma '1 234,50', comma_point '1,234.50'.
 * Without a language, the one the number format suggests (space_comma: French). Every page, PDF
 * and email writes money through this function.
 */
export function formatMoney(
  amount: DecimalLike,
  currency: string | { iso: string; decimals?: number | undefined },
  numberFormat?: NumberFormat,
  language?: Locale,
): string {
  const iso = (typeof currency === "string" ? currency : currency.iso).toUpperCase();
  const decimals = (typeof currency === "string" ? undefined : currency.decimals) ?? currencyDecimals(iso);
  const rounded = toDecimal(amount).round(decimals);
  const lang = language ?? (numberFormat === "space_comma" ? "fr" : "en");
  const intl = moneyFormat(lang, iso, decimals);
  // Not a currency code the runtime could write: the amount and the code.
  if (!intl)
    return `${formatNumber(rounded, { format: numberFormat ?? (lang === "fr" ? "space_comma" : "comma_point"), decimals })} ${iso}`;
  // A decimal string is formatted exactly (no float on the way).
  const parts = intl.formatToParts(rounded.toString() as unknown as number);
  const marks = numberFormat ? MONEY_MARKS[numberFormat] : null;
  return parts.map((p) => (marks && p.type === "group" ? marks.group : marks && p.type === "decimal" ? marks.decimal : p.value)).join("");
}

// Money's group mark in space_comma is the no-break space French uses, so an amount never wraps.
const MONEY_MARKS: Record<NumberFormat, { group: string; decimal: string }> = {
  space_comma: { group: "\u202f", decimal: "," },
  comma_point: { group: ",", decimal: "." },
};

const moneyFormats = new Map<string, Intl.NumberFormat | null>();
function moneyFormat(language: Locale, iso: string, decimals: number): Intl.NumberFormat | null {
  const key = `${language}|${iso}|${decimals}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    try {
      format = /^[A-Z]{3}$/.test(iso)
        ? new Intl.NumberFormat(language, {
            style: "currency",
            currency: iso,
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
          })
        : null;
    } catch {
      format = null;
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/** The unit documents weigh in: pounds in the countries that weigh in them, kilograms elsewhere. */
export function weightUnitOf(country: string | null | undefined): WeightUnit {
  return country && ["US", "LR", "MM"].includes(country.toUpperCase()) ? "lb" : "kg";
}

const ONE = Decimal.parse("1");

/** A weight given in grams, in a unit with two decimals and the unit's name (platform spec §9): '1 234,50 kg', '2.20 lb'. */
export function formatWeight(grams: DecimalLike, unit: WeightUnit, numberFormat: NumberFormat): string {
  const value = toDecimal(grams).div(weightToGrams(ONE, unit), 2);
  return `${formatNumber(value, { format: numberFormat, decimals: 2 })} ${unit}`;
}

/**
 * A stored decimal as an input's value: every decimal it holds (a price keeps its 4), no
 * group separators, the company's decimal mark. '1,250' would read as ambiguous (decision
 * 007), so a decimal comma followed by exactly three digits gets a fourth: '1,2500'.
 */
export function formatInput(value: DecimalLike, numberFormat: NumberFormat, options: { minDecimals?: number } = {}): string {
  const decimal = toDecimal(value);
  const decimals = Math.max(options.minDecimals ?? 0, neededDecimals(decimal, Math.max(decimal.scale, options.minDecimals ?? 0)));
  const plain = decimal.round(decimals).toString();
  if (numberFormat === "comma_point") return plain;
  const comma = plain.replace(".", ",");
  return /^-?[1-9]\d{0,2},\d{3}$/.test(comma) ? `${comma}0` : comma;
}

// ── Dates ─────────────────────────────────────────────────────────────────────────────────────

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date (YYYY-MM-DD) as the language writes it: DD/MM/YYYY in French, YYYY-MM-DD otherwise. */
export function formatDate(ymd: string, language: Locale): string {
  const m = YMD.exec(ymd);
  if (!m || language !== "fr") return ymd;
  return `${m[3]}/${m[2]}/${m[1]}`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Year, month, day, hours and minutes of an instant in a time zone (UTC when the zone is unknown). */
function wallClock(ms: number, timeZone: string): { ymd: string; hm: string } {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      });
    } catch {
      return wallClock(ms, "UTC");
    }
    zoneFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  return { ymd: `${part.year}-${part.month}-${part.day}`, hm: `${part.hour}:${part.minute}` };
}

/** The calendar day of an instant (ms) in a time zone, as the language writes it. */
export function formatDay(ms: number, language: Locale, timeZone: string): string {
  return formatDate(wallClock(ms, timeZone).ymd, language);
}

/** An instant (ms) in a time zone, to the minute: '24/11/2026 14:05' in French, '2026-11-24 14:05' otherwise. */
export function formatDateTime(ms: number, language: Locale, timeZone: string): string {
  const { ymd, hm } = wallClock(ms, timeZone);
  return `${formatDate(ymd, language)} ${hm}`;
}

function isCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A typed date as YYYY-MM-DD: ISO (its date part, with a time and an offset or not),
 * YYYY-MM-DD or DD/MM/YYYY (domain spec §5). 1970 dates are placeholders: `invalid_date`.
 */
export function readCalendarDate(text: string): string {
  const trimmed = text.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(trimmed);
  let parts: [number, number, number] | null = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
  if (!parts && (m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(trimmed))) parts = [Number(m[3]), Number(m[2]), Number(m[1])];
  if (!parts || !isCalendarDate(...parts) || parts[0] === 1970 || parts[0] < 1900 || parts[0] > 9999)
    throw new DomainError("invalid_date", { value: text });
  return parts.map((n, i) => String(n).padStart(i === 0 ? 4 : 2, "0")).join("-");
}

// ── Bound to one reader ───────────────────────────────────────────────────────────────────────

/** Whose conventions apply: the company's number format and currencies, the user's language and zone. */
export interface FormatSettings {
  numberFormat: NumberFormat;
  language: Locale;
  timeZone: string;
  /** The company's default currency (its ISO code). */
  currency: string;
  currencies: CurrencyFormat[];
  /** The unit documents weigh in (kg unless given). */
  weightUnit?: WeightUnit;
}

export const DEFAULT_FORMAT: FormatSettings = {
  numberFormat: "comma_point",
  language: "en",
  timeZone: "UTC",
  currency: "USD",
  currencies: [{ iso: "USD", sign: "$", symbol_template: "{sign}{amount}" }],
};

type Maybe<T> = T | null | undefined;
const EMPTY = "—";
const orEmpty =
  <T, A extends unknown[]>(write: (value: T, ...rest: A) => string) =>
  (value: Maybe<T> | "", ...rest: A) =>
    value === null || value === undefined || value === "" ? EMPTY : write(value as T, ...rest);

/** The functions of this module bound to one reader's settings; a missing value reads '—'. */
export function formatter(settings: FormatSettings) {
  const { numberFormat, language, timeZone } = settings;
  const currencyOf = (iso?: string | null): CurrencyFormat => {
    const wanted = iso ?? settings.currency;
    return settings.currencies.find((c) => c.iso === wanted) ?? plainCurrency(wanted);
  };
  return {
    settings,
    number: orEmpty((value: DecimalLike, decimals: number) =>
      formatNumber(toDecimal(value).round(decimals), { format: numberFormat, decimals }),
    ),
    decimal: orEmpty((value: DecimalLike, maxDecimals: number = QUANTITY_SCALE) => formatDecimal(value, numberFormat, { maxDecimals })),
    quantity: orEmpty((value: DecimalLike) => formatQuantity(value, numberFormat)),
    percent: orEmpty((value: DecimalLike) => formatPercent(value, numberFormat)),
    /** In the given currency (by ISO code), else the company's default one, in the reader's language. */
    money: orEmpty((amount: DecimalLike, iso?: string | null) => formatMoney(amount, currencyOf(iso), numberFormat, language)),
    /** A weight given in grams, in the company's unit: '12.35 kg'. */
    weight: orEmpty((grams: DecimalLike) => formatWeight(grams, settings.weightUnit ?? "kg", numberFormat)),
    /** An input's value: "" when there is none. */
    input: (value: Maybe<DecimalLike> | "", minDecimals = 0) =>
      value === null || value === undefined || value === "" ? "" : formatInput(value, numberFormat, { minDecimals }),
    date: orEmpty((ymd: string) => formatDate(ymd, language)),
    day: orEmpty((ms: number) => formatDay(ms, language, timeZone)),
    dateTime: orEmpty((ms: number) => formatDateTime(ms, language, timeZone)),
  };
}
export type Formatter = ReturnType<typeof formatter>;
