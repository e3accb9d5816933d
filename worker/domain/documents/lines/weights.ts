import { Decimal } from "../../shared/decimal";
import { WEIGHT_UNITS, type WeightUnit } from "../../shared/money";
import { GRAMS_SCALE, WEIGHT_SCALE, weightInGrams } from "../../products/weights";
import type { InputReader } from "./rounding";
import type { LineInput } from "./types";

export const NO_WEIGHT = Decimal.zero(GRAMS_SCALE);

/**
 * The grams a line carries: its variant units times one unit's weight (domain spec §5 factors).
 * A kit weighs nothing (its component lines carry the weight); services and text weigh nothing.
 */
export function lineWeight(line: LineInput, units: Decimal, field: string, read: InputReader): Decimal {
  if (line.kind !== "variant" && line.kind !== "pack") return NO_WEIGHT;
  const amount = read.nonNegative(line.weight_amount, `${field}.weight_amount`, WEIGHT_SCALE, "0");
  const unit = line.weight_unit ?? "kg";
  if (!(WEIGHT_UNITS as readonly string[]).includes(unit)) {
    read.fail(`${field}.weight_unit`, "invalid_weight_unit");
    return NO_WEIGHT;
  }
  if (amount.isZero()) return NO_WEIGHT;
  return gramsPerUnit(amount, unit as WeightUnit)
    .mul(units)
    .round(GRAMS_SCALE);
}

// Lines share their weights (the same instance from one read): each is converted once.
const converted = new WeakMap<Decimal, Partial<Record<WeightUnit, Decimal>>>();
function gramsPerUnit(amount: Decimal, unit: WeightUnit): Decimal {
  let byUnit = converted.get(amount);
  if (!byUnit) converted.set(amount, (byUnit = {}));
  return (byUnit[unit] ??= weightInGrams(amount, unit));
}
