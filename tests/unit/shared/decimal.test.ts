import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_MONEY, MAX_QUANTITY, MAX_WEIGHT_GRAMS, beyond } from "../../../worker/domain/shared/bounds";
import { Decimal, sum } from "../../../worker/domain/shared/decimal";
import { storedDecimal } from "../../../worker/domain/shared/stored-figures";
import { pastBound } from "../../../worker/domain/documents/lines/storable";
import {
  currencyDecimals,
  fromScaledInteger,
  price,
  quantity,
  roundCurrency,
  toScaledInteger,
  weightToGrams,
  zMoney,
} from "../../../worker/domain/shared/money";
import { formatNumber, parseNumber } from "../../../worker/domain/shared/number-format";

const d = Decimal.parse;

describe("exact decimals", () => {
  it.each([
    ["2.345", 2, "2.35"],
    ["-2.345", 2, "-2.35"],
    ["2.5", 0, "3"],
    ["-2.5", 0, "-3"],
    ["2.4999", 0, "2"],
    ["1.00005", 4, "1.0001"],
    ["0.12345675", 7, "0.1234568"],
    ["-0.0000001", 2, "0.00"],
    ["12", 2, "12.00"],
  ])("rounds %s to %i decimals as %s, half away from zero", (input, decimals, expected) => {
    expect(d(input).round(decimals).toString()).toBe(expected);
  });

  it.each(["", "abc", "1e5", "NaN", "Infinity", "1.2.3", "--1", "1,5"])("refuses %j as a number", (input) => {
    expect(() => d(input)).toThrow(expect.objectContaining({ code: "invalid_number" }));
  });

  it("adds, subtracts and multiplies exactly where floats drift", () => {
    expect(d("0.1").add(d("0.2")).toString()).toBe("0.3");
    expect(d("19.99").mul(d("3")).toString()).toBe("59.97");
    expect(
      sum(
        Array.from({ length: 1000 }, () => d("0.01")),
        2,
      ).toString(),
    ).toBe("10.00");
  });

  it("divides with half-away rounding at the asked precision", () => {
    expect(d("10").div(d("3"), 4).toString()).toBe("3.3333");
    expect(d("-2").div(d("3"), 2).toString()).toBe("-0.67");
    expect(d("1").div(d("8"), 2).toString()).toBe("0.13");
    expect(() => d("1").div(d("0"), 2)).toThrow();
  });

  it("rounds prices to 4 decimals, quantities to 7 and currency amounts to the currency's decimals", () => {
    expect(price("12.345678").toString()).toBe("12.3457");
    expect(quantity("1.123456789").toString()).toBe("1.1234568");
    expect(roundCurrency(d("1234.5"), "JPY").toString()).toBe("1235");
    expect(roundCurrency(d("1.2345"), "KWD").toString()).toBe("1.235");
    expect(roundCurrency(d("1.005"), "EUR").toString()).toBe("1.01");
    expect(currencyDecimals("usd")).toBe(2);
  });

  it("stores values as exact scaled integers and reads them back", () => {
    expect(toScaledInteger(d("12.5"), 4)).toBe(125000n);
    expect(fromScaledInteger(125000n, 4).toString()).toBe("12.5000");
  });

  it.each([
    ["1", "kg", "1000"],
    ["1", "lb", "453.59237"],
    ["2", "oz", "56.69904"],
  ] as const)("converts %s %s to %s grams", (amount, unit, grams) => {
    expect(weightToGrams(d(amount), unit).equals(d(grams))).toBe(true);
  });

  it("validates money input with coded errors", () => {
    expect(zMoney({ min: 0 }).parse("3.14159").toString()).toBe("3.1416");
    expect(zMoney({ min: 0 }).safeParse("-1").error?.issues[0]?.message).toBe("too_small");
    expect(zMoney().safeParse("abc").error?.issues[0]?.message).toBe("invalid_number");
  });

  it("keeps add and sub inverse, for any values", () => {
    const arb = fc.tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 7 }));
    fc.assert(
      fc.property(arb, arb, ([ua, sa], [ub, sb]) => {
        const a = Decimal.of(ua, sa);
        const b = Decimal.of(ub, sb);
        expect(a.add(b).sub(b).equals(a)).toBe(true);
        expect(a.compare(b)).toBe(a.sub(b).isNegative() ? -1 : a.sub(b).isZero() ? 0 : 1);
      }),
    );
  });

  it("adds, compares and rescales as plain integers at the larger scale do, scales equal or not", () => {
    const arb = fc.tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 70 }));
    fc.assert(
      fc.property(arb, arb, fc.boolean(), ([ua, sa], [ub, sbOwn], same) => {
        const sb = same ? sa : sbOwn;
        const a = Decimal.of(ua, sa);
        const b = Decimal.of(ub, sb);
        const scale = Math.max(sa, sb);
        const x = ua * 10n ** BigInt(scale - sa);
        const y = ub * 10n ** BigInt(scale - sb);
        const sum = a.add(b);
        expect([sum.units, sum.scale]).toEqual([x + y, scale]);
        expect(a.compare(b)).toBe(x < y ? -1 : x > y ? 1 : 0);
        const wider = a.withScale(scale + 3);
        expect([wider.units, wider.scale]).toEqual([x * 1000n, scale + 3]);
        expect(a.withScale(sa)).toEqual(a);
      }),
    );
  });

  it("rounds idempotently and by at most half a unit", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 9 }),
        (units, scale, decimals) => {
          const value = Decimal.of(units, scale);
          const rounded = value.round(decimals);
          expect(rounded.round(decimals).equals(rounded)).toBe(true);
          const diff = rounded.sub(value);
          const half = Decimal.of(5n, decimals + 1);
          expect(diff.compare(half) <= 0 && diff.neg().compare(half) <= 0).toBe(true);
        },
      ),
    );
  });

  it("gets a product back from a division within rounding", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (a, b) => {
        const product = Decimal.of(a, 4).mul(Decimal.of(b, 2));
        expect(product.div(Decimal.of(b, 2), 4).equals(Decimal.of(a, 4))).toBe(true);
      }),
    );
  });
});

describe("number formats", () => {
  it.each([
    ["1234567.89", "space_comma", 2, "1 234 567,89"],
    ["1234567.89", "comma_point", 2, "1,234,567.89"],
    ["0", "comma_point", 2, "0.00"],
    ["-1234.5", "space_comma", 2, "-1 234,50"],
    ["999.9999", "comma_point", 3, "1,000.000"],
    ["0.1234567", "space_comma", 7, "0,1234567"],
    ["1000", "comma_point", 0, "1,000"],
  ] as const)("formats %s in %s with %i decimals as %j", (value, format, decimals, expected) => {
    expect(formatNumber(d(value), { format, decimals })).toBe(expected);
  });

  it.each([
    ["1 234 567,89", "space_comma", "1234567.89"],
    ["1,234,567.89", "comma_point", "1234567.89"],
    ["1234.5", "space_comma", "1234.5"],
    ["-0,5", "space_comma", "-0.5"],
  ] as const)("reads %j in %s as %s", (text, format, expected) => {
    expect(parseNumber(text, format).equals(d(expected))).toBe(true);
  });

  it.each([
    ["12abc", "comma_point"],
    ["1.234,5", "space_comma"],
    ["", "comma_point"],
  ] as const)("refuses %j in %s", (text, format) => {
    expect(() => parseNumber(text, format)).toThrow(expect.objectContaining({ code: "invalid_number" }));
  });

  it("reads back what it formats, in both formats", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 7 }),
        fc.constantFrom("space_comma" as const, "comma_point" as const),
        (units, scale, format) => {
          const value = Decimal.of(units, scale);
          expect(parseNumber(formatNumber(value, { format, decimals: scale }), format).equals(value)).toBe(true);
        },
      ),
    );
  });
});

describe("figures read back and held to their bounds", () => {
  it("reads a stored integer the same whether the client gave a number or its text", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 9 }),
        (n, scale) => {
          expect(storedDecimal(n, scale)).toEqual(storedDecimal(String(n), scale));
          expect(storedDecimal(n, scale)).toEqual(Decimal.of(BigInt(n), scale));
        },
      ),
    );
  });

  it("tells a figure past its bound as the exact comparison does, at the bound and around it", () => {
    const near = (max: number) =>
      fc.tuple(fc.bigInt({ min: -2n, max: 2n }), fc.integer({ min: 0, max: 9 })).map(([step, scale]) => {
        const units = BigInt(max) * 10n ** BigInt(scale) + step;
        return Decimal.of(units, scale).toString();
      });
    const anyFigure = fc
      .tuple(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), fc.integer({ min: 0, max: 12 }))
      .map(([units, scale]) => Decimal.of(units, scale).toString());
    for (const max of [MAX_MONEY, MAX_QUANTITY, MAX_WEIGHT_GRAMS]) {
      fc.assert(
        fc.property(
          fc.oneof(
            anyFigure,
            near(max),
            near(max).map((t) => `-${t}`.replace("--", "")),
          ),
          (text) => {
            expect(pastBound(text, max)).toBe(beyond(Decimal.parse(text), max));
          },
        ),
      );
    }
    // Leading zeros, a sign, and what the engine never writes still get the exact answer.
    for (const text of ["000000000000000001", "-099999999999", "+100000000001", "100000000000.0001", "99999999999.9999"])
      expect(pastBound(text, MAX_MONEY)).toBe(beyond(Decimal.parse(text), MAX_MONEY));
  });
});
