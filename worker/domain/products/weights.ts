import { Decimal } from "../shared/decimal";
import { weightToGrams, type WeightUnit } from "../shared/money";

/** Weights are stored at 4 decimals of their unit. */
export const WEIGHT_SCALE = 4;

/** Grams keep 5 decimals: enough for 1 oz = 28.34952 g and 1 lb = 453.59237 g exactly. */
export const GRAMS_SCALE = 5;

/** The weight of one unit in grams (domain spec §5); a kit weighs nothing, its components do. */
export function weightInGrams(amount: Decimal, unit: WeightUnit, isKit = false): Decimal {
  if (isKit) return Decimal.zero(GRAMS_SCALE);
  return weightToGrams(amount, unit).round(GRAMS_SCALE);
}
