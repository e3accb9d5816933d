import { z } from "zod";
import { MAX_MONEY, MAX_PERCENT, MAX_QUANTITY } from "./bounds";
import { Decimal } from "./decimal";
import { readDecimal } from "./number-format";

/** Prices and costs have 4 decimals, quantities 7, per-line tax 2. */
export const PRICE_SCALE = 4;
export const QUANTITY_SCALE = 7;
export const TAX_LINE_DECIMALS = 2;

// ISO 4217 minor units that differ from the default of 2.
const CURRENCY_DECIMALS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

export function currencyDecimals(iso: string): number {
  return CURRENCY_DECIMALS[iso.toUpperCase()] ?? 2;
}

export const price = (value: string | number | Decimal) => (value instanceof Decimal ? value : Decimal.parse(value)).round(PRICE_SCALE);
export const quantity = (value: string | number | Decimal) =>
  (value instanceof Decimal ? value : Decimal.parse(value)).round(QUANTITY_SCALE);
export const roundCurrency = (value: Decimal, iso: string) => value.round(currencyDecimals(iso));

/** Exact integers for storage: 12.5 at scale 4 is stored as 125000. */
export function toScaledInteger(value: Decimal, scale: number): bigint {
  return value.round(scale).units;
}
export function fromScaledInteger(units: bigint | number, scale: number): Decimal {
  return Decimal.of(BigInt(units), scale);
}

export const WEIGHT_UNITS = ["kg", "lb", "oz"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
const GRAMS_PER_UNIT: Record<WeightUnit, Decimal> = {
  kg: Decimal.parse("1000"),
  lb: Decimal.parse("453.59237"),
  oz: Decimal.parse("28.34952"),
};

export function weightToGrams(amount: Decimal, unit: WeightUnit): Decimal {
  return amount.mul(GRAMS_PER_UNIT[unit]);
}

/** zod: a decimal given as string or number, rounded to `scale`, from an optional minimum to an optional maximum. */
export function zDecimal(scale: number, options: { min?: number; max?: number } = {}) {
  const range = [options.min !== undefined ? `at least ${options.min}` : "", options.max !== undefined ? `at most ${options.max}` : ""];
  const described = z.union([z.string(), z.number()]).meta({
    description: [`A decimal number (text or number), kept to ${scale} decimals`, ...range.filter(Boolean)].join(", "),
  });
  return described.transform((raw, ctx) => {
    const read = readDecimal(raw);
    if ("error" in read) {
      ctx.addIssue({ code: "custom", message: read.error });
      return z.NEVER;
    }
    const value = read.value.round(scale);
    if (options.min !== undefined && value.compare(Decimal.parse(options.min)) < 0) {
      ctx.addIssue({ code: "custom", message: "too_small" });
      return z.NEVER;
    }
    if (options.max !== undefined && value.compare(Decimal.parse(options.max)) > 0) {
      ctx.addIssue({ code: "custom", message: "too_large" });
      return z.NEVER;
    }
    return value;
  });
}

/** Money within ±MAX_MONEY (bounds.ts), at 4 decimals; `min` narrows the lower end. */
export const zMoney = (options: { min?: number } = {}) => zDecimal(PRICE_SCALE, { min: options.min ?? -MAX_MONEY, max: MAX_MONEY });
/** A quantity within ±MAX_QUANTITY (bounds.ts), at 7 decimals; `min` narrows the lower end. */
export const zQuantity = (options: { min?: number } = {}) =>
  zDecimal(QUANTITY_SCALE, { min: options.min ?? -MAX_QUANTITY, max: MAX_QUANTITY });
/** A percentage from 0 to MAX_PERCENT, at 4 decimals. */
export const zPercent = zDecimal(4, { min: 0, max: MAX_PERCENT });
