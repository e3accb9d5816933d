import { DomainError } from "./domain-error";

/** 10^n as a BigInt, kept for the exponents scales use (a BigInt power costs more than the operation it scales). */
const POWERS: bigint[] = [];
function pow10(n: number): bigint {
  if (n >= 64) return 10n ** BigInt(n);
  return (POWERS[n] ??= 10n ** BigInt(n));
}

/**
 * An exact decimal number: an integer count of 10^-scale units. Money and quantities never
 * touch floating point; rounding is half away from zero.
 */
export class Decimal {
  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  static of(units: bigint, scale: number): Decimal {
    if (!Number.isInteger(scale) || scale < 0) throw new RangeError(`bad scale ${scale}`);
    return new Decimal(units, scale);
  }

  /** Parses '12', '-0.5', '1234.5678' (or a finite number); anything else is `invalid_number`. */
  static parse(input: string | number | bigint): Decimal {
    if (typeof input === "bigint") return new Decimal(input, 0);
    const text = typeof input === "number" ? (Number.isFinite(input) ? numberToPlain(input) : "") : input.trim();
    const m = /^([+-])?(\d+)(?:\.(\d+))?$/.exec(text) ?? /^([+-])?()\.(\d+)$/.exec(text);
    if (!m) throw new DomainError("invalid_number", { value: String(input) });
    const digits = `${m[2] || "0"}${m[3] ?? ""}`;
    const units = BigInt(digits) * (m[1] === "-" ? -1n : 1n);
    return new Decimal(units, (m[3] ?? "").length);
  }

  static zero(scale = 0): Decimal {
    return new Decimal(0n, scale);
  }

  /** The same value with `scale` decimals, exactly (throws if digits would be lost). */
  withScale(scale: number): Decimal {
    if (scale === this.scale) return this;
    if (scale > this.scale) return new Decimal(this.units * pow10(scale - this.scale), scale);
    const rounded = this.round(scale);
    if (rounded.withScale(this.scale).units !== this.units) throw new RangeError("withScale would lose digits: use round()");
    return rounded;
  }

  /** Rounds half away from zero to `decimals` places. */
  round(decimals: number): Decimal {
    if (decimals >= this.scale) return this.withScale(decimals);
    const factor = pow10(this.scale - decimals);
    const q = this.units / factor;
    const r = this.units % factor;
    const twice = (r < 0n ? -r : r) * 2n;
    const away = twice >= factor ? (this.units < 0n ? -1n : 1n) : 0n;
    return new Decimal(q + away, decimals);
  }

  add(other: Decimal): Decimal {
    if (this.scale === other.scale) return new Decimal(this.units + other.units, this.scale);
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.withScale(scale).units + other.withScale(scale).units, scale);
  }

  sub(other: Decimal): Decimal {
    return this.add(other.neg());
  }

  neg(): Decimal {
    return new Decimal(-this.units, this.scale);
  }

  mul(other: Decimal): Decimal {
    return new Decimal(this.units * other.units, this.scale + other.scale);
  }

  /** Division rounded half away from zero to `decimals` places. */
  div(other: Decimal, decimals: number): Decimal {
    if (other.units === 0n) throw new DomainError("division_by_zero");
    // One extra truncated digit decides half-away-from-zero exactly (truncation keeps the half).
    const extra = decimals + 1;
    const num = this.units * pow10(other.scale + extra);
    const den = other.units * pow10(this.scale);
    return new Decimal(num / den, extra).round(decimals);
  }

  compare(other: Decimal): -1 | 0 | 1 {
    if (this.scale === other.scale) return this.units < other.units ? -1 : this.units > other.units ? 1 : 0;
    const scale = Math.max(this.scale, other.scale);
    const a = this.withScale(scale).units;
    const b = other.withScale(scale).units;
    return a < b ? -1 : a > b ? 1 : 0;
  }

  equals(other: Decimal): boolean {
    return this.compare(other) === 0;
  }

  isNegative(): boolean {
    return this.units < 0n;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  /** Canonical text with exactly `scale` decimals: '12.50', '-0.0001'. */
  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, "0");
    const int = digits.slice(0, digits.length - this.scale);
    const frac = this.scale ? `.${digits.slice(digits.length - this.scale)}` : "";
    return `${negative ? "-" : ""}${int}${frac}`;
  }

  /** Rounded to `decimals` places, as text. */
  toFixed(decimals: number): string {
    return this.round(decimals).toString();
  }

  toJSON(): string {
    return this.toString();
  }
}

export function sum(values: Decimal[], scale = 0): Decimal {
  return values.reduce((acc, v) => acc.add(v), Decimal.zero(scale));
}

function numberToPlain(n: number): string {
  // Shortest round-trip text, expanded out of exponent form.
  const text = String(n);
  if (!/e/i.test(text)) return text;
  return n.toFixed(20).replace(/\.?0+$/, "");
}
