import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../worker/domain/shared/decimal";
import { formatNumber, parseTypedNumber, readDecimal } from "../../../worker/domain/shared/number-format";
import { zMoney } from "../../../worker/domain/shared/money";

describe("a number as people type it", () => {
  it.each([
    ["1234.5", "1234.5"],
    ["1 234,5", "1234.5"],
    ["1\u202f234,56", "1234.56"],
    ["1\u00a0234 567,89", "1234567.89"],
    ["1,234.5", "1234.5"],
    ["1,234,567", "1234567"],
    ["0,125", "0.125"],
    ["12,5", "12.5"],
    ["-3,25", "-3.25"],
    [" 7 ", "7"],
    ["12.", "12"],
    [".5", "0.5"],
  ])("reads %j as %s", (typed, plain) => {
    expect(parseTypedNumber(typed).toString()).toBe(plain);
  });

  it.each(["1,234", "-5,000"])("refuses %j, which could be a thousand or a decimal", (typed) => {
    expect(readDecimal(typed)).toEqual({ error: "ambiguous_number" });
  });

  it.each(["", "abc", "1 2", "1,2,3", "1.2.3", "1,23,456", "--1", "1e3"])("refuses %j as not a number", (typed) => {
    expect(readDecimal(typed)).toEqual({ error: "invalid_number" });
  });

  it("reads back whatever either format writes, to the cent", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.constantFrom("space_comma" as const, "comma_point" as const),
        (cents, format) => {
          const value = Decimal.of(cents, 2);
          const written = formatNumber(value, { format, decimals: 2 });
          expect(parseTypedNumber(written).equals(value)).toBe(true);
        },
      ),
    );
  });

  it("lets money fields take a French amount and name an ambiguous one", () => {
    expect(zMoney().parse("1 499,90").toString()).toBe("1499.9000");
    const refused = zMoney().safeParse("1,499");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("ambiguous_number");
  });
});
