import { z } from "zod";
import { isCurrencyCode } from "../../shared/countries";
import { Decimal } from "../../shared/decimal";
import { zDecimal } from "../../shared/money";
import { objectError, zFlag, zLabel } from "../common";

/** Exchange rates are exact at 8 decimals (stored as integers of 10^-8). */
export const RATE_SCALE = 8;
export const ONE = Decimal.parse(1).withScale(RATE_SCALE);
// A rate must fit an exact integer once scaled (10^15 < 2^53).
export const MAX_RATE = Decimal.parse("10000000");

/** A currency the company trades in (domain spec §3 'Currency'). */
export interface CurrencyView {
  id: number;
  iso: string;
  label: string;
  sign: string;
  /** How amounts are written: "{sign}{amount}", "{amount} {sign}". */
  symbol_template: string;
  /** Units of this currency per unit of the default one, as text with 8 decimals. */
  exchange_rate: string;
  is_default: boolean;
  active: boolean;
  created_at: number;
}

const fields = {
  iso: z
    .string({ error: "required" })
    .trim()
    .min(1, "required")
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "invalid_currency")
    .refine(isCurrencyCode, "invalid_currency"),
  label: zLabel(100),
  sign: z.string({ error: "required" }).trim().min(1, "required").max(10, "too_long"),
  symbol_template: z
    .string({ error: "required" })
    .trim()
    .min(1, "required")
    .max(40, "too_long")
    .refine((v) => v.includes("{amount}"), "invalid_symbol_template"),
  exchange_rate: zDecimal(RATE_SCALE)
    .refine((v) => v.compare(Decimal.zero()) > 0, "too_small")
    .refine((v) => v.compare(MAX_RATE) <= 0, "too_large"),
  active: zFlag,
};

export const CurrencyInput = z.strictObject(
  {
    iso: fields.iso,
    label: fields.label.optional(),
    sign: fields.sign.optional(),
    symbol_template: fields.symbol_template.optional(),
    exchange_rate: fields.exchange_rate.optional(),
    active: fields.active.optional(),
  },
  objectError,
);
export type CurrencyInput = z.input<typeof CurrencyInput>;
export const UpdateCurrencyInput = CurrencyInput.partial();
export type UpdateCurrencyInput = z.input<typeof UpdateCurrencyInput>;
