import { Decimal } from "../../shared/decimal";
import { DomainError, type FieldErrorCode, type FieldErrors } from "../../shared/domain-error";

/** Per-line tax keeps 2 decimals (domain spec §5), or the currency's when it has fewer. */
export const TAX_LINE_MAX_DECIMALS = 2;
export const DISCOUNT_DECIMALS = 2;
/** Tax rates are percents with 4 decimals, as settings store them (their module holds queries: not imported here). */
export const TAX_RATE_SCALE = 4;
export const HUNDRED = Decimal.parse("100");

/** `percent` % of `value`, exactly. */
export function percentOf(value: Decimal, percent: Decimal): Decimal {
  const product = value.mul(percent);
  return Decimal.of(product.units, product.scale + 2);
}

export const minOf = (a: Decimal, b: Decimal) => ((a.scale === b.scale ? a.units <= b.units : a.compare(b) <= 0) ? a : b);
/** The tax an inclusive `base` holds, never past the base itself, on the base's side of zero (a deduction is negative). */
export const heldWithin = (held: Decimal, base: Decimal) =>
  base.isNegative() ? (minOf(held, base) === held ? base : held) : minOf(held, base);

// Same-scale sums and differences without the rescaling copies of the general case: a document of
// a thousand lines adds tens of thousands of amounts that all share their scale.
export const plus = (a: Decimal, b: Decimal) => (a.scale === b.scale ? Decimal.of(a.units + b.units, a.scale) : a.add(b));
/** `value` at `scale`, rounded half away from zero; as it is when it already has that scale. */
export const atScale = (value: Decimal, scale: number) => (value.scale === scale ? value : value.round(scale));
export const minus = (a: Decimal, b: Decimal) => (a.scale === b.scale ? Decimal.of(a.units - b.units, a.scale) : a.sub(b));

/** The sum of `values` at `scale`. */
export function sumAt(values: Iterable<Decimal>, scale: number): Decimal {
  let units = 0n;
  for (const value of values) units += atScale(value, scale).units;
  return Decimal.of(units, scale);
}

/**
 * Splits `total` (integer units) over `weights` in proportion: each gets its share cut toward
 * zero, then the units left go one each to the largest remainders on the side they are missing;
 * equal remainders go by `rank` (lower first), so that the split never depends on the order of the
 * lines. Totals and weights may be negative (a deposit deducted is a negative line): the shares
 * always add up to `total`.
 */
export function allocate(total: bigint, weights: readonly bigint[], rank: (index: number) => number): bigint[] {
  const whole = weights.reduce((a, w) => a + w, 0n);
  if (whole === 0n || total === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / whole);
  let left = total - shares.reduce((a, s) => a + s, 0n);
  if (left === 0n) return shares;
  const step = left > 0n ? 1n : -1n;
  // A share's missing fraction is remainder / whole: the candidates are those missing on `step`'s side.
  const side = whole > 0n ? step : -step;
  const remainders: { i: number; r: bigint }[] = [];
  weights.forEach((w, i) => {
    const r = ((total * w) % whole) * side;
    if (r > 0n) remainders.push({ i, r });
  });
  remainders.sort((a, b) => (a.r === b.r ? rank(a.i) - rank(b.i) : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i] = shares[i]! + step;
    left -= step;
  }
  return shares;
}

/** Reads plain input, collecting every field at fault to throw them together as `validation_failed`. */
export class InputReader {
  readonly errors: FieldErrors = {};
  // Documents repeat their numbers ("1", "0", the same price): each text is read once per scale.
  private readonly parsed = new Map<number, Map<string, Decimal | null>>();

  fail(field: string, code: FieldErrorCode): void {
    this.errors[field] ??= { code };
  }

  /** A decimal rounded to `scale` (half away from zero); missing is `fallback`; out of range is an error. */
  decimal(
    raw: string | null | undefined,
    field: string,
    scale: number,
    options: { fallback?: string; nonNegative?: boolean; positive?: boolean; max?: Decimal } = {},
  ): Decimal {
    const zero = Decimal.zero(scale);
    if (raw === undefined || raw === null || raw === "") {
      if (options.fallback !== undefined) return this.parse(options.fallback, scale) ?? zero;
      this.fail(field, "required");
      return zero;
    }
    const value = this.parse(raw, scale);
    if (!value) {
      this.fail(field, "invalid_number");
      return zero;
    }
    if ((options.nonNegative && value.isNegative()) || (options.positive && (value.isNegative() || value.isZero()))) {
      this.fail(field, "too_small");
      return zero;
    }
    if (options.max && value.compare(options.max) > 0) {
      this.fail(field, "too_large");
      return zero;
    }
    return value;
  }

  /** `raw` rounded to `scale`, or null when it is not a number. */
  parse(raw: string, scale: number): Decimal | null {
    let known = this.parsed.get(scale);
    if (!known) this.parsed.set(scale, (known = new Map()));
    let value = known.get(raw);
    if (value === undefined) {
      try {
        value = Decimal.parse(raw).round(scale);
      } catch {
        value = null;
      }
      known.set(raw, value);
    }
    return value;
  }

  /** A decimal that must not be negative. */
  nonNegative(raw: string | null | undefined, field: string, scale: number, fallback?: string): Decimal {
    return this.decimal(raw, field, scale, { fallback, nonNegative: true });
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new DomainError("validation_failed", {}, this.errors);
  }
}
