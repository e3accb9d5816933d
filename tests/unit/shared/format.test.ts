import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../worker/domain/shared/decimal";
import {
  formatDate,
  formatDecimal,
  formatDateTime,
  formatDay,
  formatInput,
  formatMoney,
  formatPercent,
  formatQuantity,
  formatter,
  readCalendarDate,
  type CurrencyFormat,
} from "../../../worker/domain/shared/format";
import { readDecimal } from "../../../worker/domain/shared/number-format";

// Currencies as a company saved them: the sign and template no longer decide how money reads.
const EUR: CurrencyFormat = { iso: "EUR", sign: "€", symbol_template: "{sign}{amount}" };
const USD: CurrencyFormat = { iso: "USD", sign: "$", symbol_template: "{sign}{amount}" };
const JPY: CurrencyFormat = { iso: "JPY", sign: "¥", symbol_template: "{sign}{amount}" };
const KWD: CurrencyFormat = { iso: "KWD", sign: "KD", symbol_template: "{amount} {sign}" };
// French writes a no-break space between the amount and its sign, a narrow one between groups.
const nb = (text: string) => text.replace(/_/g, "\u00a0").replace(/\^/g, "\u202f");

describe("money in the reader's language and the company's number format", () => {
  it.each([
    ["9.5", EUR, "fr", undefined, "9,50_€"],
    ["9.5", EUR, "en", undefined, "€9.50"],
    ["9.5", USD, "en", undefined, "$9.50"],
    ["9.5", USD, "fr", undefined, "9,50_$US"],
    ["-1234.5", EUR, "fr", undefined, "-1^234,50_€"],
    ["-1234.5", USD, "en", undefined, "-$1,234.50"],
    ["1234.5", JPY, "en", undefined, "¥1,235"],
    ["1234.5", JPY, "fr", undefined, "1^235_JPY"],
    ["0", EUR, "fr", undefined, "0,00_€"],
    ["1234567.89", EUR, "fr", "space_comma", "1^234^567,89_€"],
    ["1234567.89", EUR, "fr", "comma_point", "1,234,567.89_€"],
    ["1234567.89", USD, "en", "space_comma", "$1^234^567,89"],
    ["1234567.89", USD, "en", "comma_point", "$1,234,567.89"],
    ["12.3450", USD, "en", "comma_point", "$12.35"],
    ["12.3449", USD, "en", "comma_point", "$12.34"],
    ["-12.3450", USD, "en", "comma_point", "-$12.35"],
    ["-0.0040", EUR, "en", "comma_point", "€0.00"],
    ["999.995", EUR, "fr", "space_comma", "1^000,00_€"],
    ["1234.5678", KWD, "en", "comma_point", "KWD\u00a01,234.568"],
    ["99999999999999.9999", EUR, "en", "comma_point", "€100,000,000,000,000.00"],
  ] as const)("writes %s %s in %s (%s) as %j", (amount, currency, language, numberFormat, expected) => {
    expect(formatMoney(amount, currency, numberFormat, language)).toBe(nb(expected));
  });

  it("takes the language the number format suggests when none is given", () => {
    expect(formatMoney("1234.5", EUR, "space_comma")).toBe(nb("1^234,50_€"));
    expect(formatMoney("1234.5", EUR, "comma_point")).toBe("€1,234.50");
    expect(formatMoney("5", "usd")).toBe("$5.00");
  });

  it("takes the decimals a currency is given over ISO 4217's", () => {
    expect(formatMoney("5.125", { ...EUR, decimals: 3 }, "comma_point", "en")).toBe("€5.125");
  });

  it("writes a code the runtime cannot take as a currency after the amount", () => {
    expect(formatMoney("5", "E$", "comma_point", "en")).toBe("5.00 E$");
  });
});

describe("quantities and rates without trailing zeros", () => {
  it.each([
    ["10.0000000", "comma_point", "10"],
    ["2.5000000", "space_comma", "2,5"],
    ["1234.1250000", "comma_point", "1,234.125"],
    ["1234567.0000001", "space_comma", "1 234 567,0000001"],
    ["-3.0000000", "space_comma", "-3"],
    ["0.0000000", "comma_point", "0"],
    ["-0.00000001", "comma_point", "0"],
  ] as const)("writes the quantity %s in %s as %j", (value, numberFormat, expected) => {
    expect(formatQuantity(value, numberFormat)).toBe(expected);
  });

  it("writes any quantity as its value to 7 decimals, with no trailing zero", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 12 }), (units, scale) => {
        const value = Decimal.of(units, scale);
        const written = formatQuantity(value, "comma_point").replaceAll(",", "");
        expect(Decimal.parse(written).equals(value.round(7))).toBe(true);
        if (written.includes(".")) expect(written).not.toMatch(/0$/);
      }),
      { numRuns: 2000 },
    );
  });

  it("writes a whole number given as text as it writes the same number as a decimal", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }),
        fc.constantFrom("space_comma", "comma_point"),
        fc.constantFrom("", ".0", ".0000000"),
        (units, numberFormat, zeros) => {
          // As typed, and as quantities are stored (seven zero decimals).
          const text = `${units}${zeros}`;
          expect(formatQuantity(text, numberFormat)).toBe(formatQuantity(Decimal.of(units, 0), numberFormat));
          expect(formatPercent(text, numberFormat)).toBe(formatPercent(Decimal.of(units, 0), numberFormat));
          expect(formatDecimal(text, numberFormat, { minDecimals: 2 })).toBe(
            formatDecimal(Decimal.of(units, 0), numberFormat, { minDecimals: 2 }),
          );
        },
      ),
      { numRuns: 3000 },
    );
    expect(formatQuantity("1234567", "space_comma")).toBe("1 234 567");
    expect(formatQuantity("-1000", "comma_point")).toBe("-1,000");
    expect(formatQuantity("-0", "comma_point")).toBe("0");
    expect(formatQuantity("007", "comma_point")).toBe("7");
    expect(formatQuantity("40.0000000", "space_comma")).toBe("40");
    expect(formatQuantity("-0.0000000", "comma_point")).toBe("0");
    expect(formatQuantity("1200.0000001", "comma_point")).toBe("1,200.0000001");
  });

  it.each([
    ["20.0000", "space_comma", "20 %"],
    ["5.5000", "space_comma", "5,5 %"],
    ["12.3456", "comma_point", "12.3456 %"],
  ] as const)("writes the rate %s in %s as %j", (value, numberFormat, expected) => {
    expect(formatPercent(value, numberFormat)).toBe(expected);
  });
});

describe("a stored decimal in an input", () => {
  it.each([
    ["12.3456", "comma_point", 2, "12.3456"],
    ["12.3456", "space_comma", 2, "12,3456"],
    ["12.5000", "comma_point", 2, "12.50"],
    ["12.5000", "space_comma", 2, "12,50"],
    ["1234.5000", "space_comma", 2, "1234,50"],
    ["10.0000000", "space_comma", 0, "10"],
    ["1.2500000", "space_comma", 0, "1,25"],
    ["-4.2000", "space_comma", 0, "-4,2"],
  ] as const)("writes %s in %s (at least %i decimals) as %j", (value, numberFormat, minDecimals, expected) => {
    expect(formatInput(value, numberFormat, { minDecimals })).toBe(expected);
  });

  it.each([
    ["1.2500000", "1,25"],
    ["123.4560000", "123,4560"],
    ["1.1250000", "1,1250"],
    ["-5.1250000", "-5,1250"],
    ["1234.1250000", "1234,125"],
  ])("writes %s so that it reads back as the same number (%j)", (value, expected) => {
    const written = formatInput(value, "space_comma");
    expect(written).toBe(expected);
    const read = readDecimal(written);
    expect("value" in read ? read.value.toFixed(7) : read.error).toBe(value);
  });
});

describe("dates in the user's language and time zone", () => {
  it.each([
    ["2026-11-24", "fr", "24/11/2026"],
    ["2026-11-24", "en", "2026-11-24"],
    ["2026-01-05", "fr", "05/01/2026"],
  ] as const)("writes %s in %s as %j", (ymd, language, expected) => {
    expect(formatDate(ymd, language)).toBe(expected);
  });

  const instant = Date.UTC(2026, 10, 24, 23, 30);
  it.each([
    ["fr", "UTC", "24/11/2026 23:30"],
    ["en", "UTC", "2026-11-24 23:30"],
    ["fr", "Europe/Paris", "25/11/2026 00:30"],
    ["en", "America/New_York", "2026-11-24 18:30"],
    ["en", "Mars/Olympus", "2026-11-24 23:30"],
  ] as const)("writes an instant in %s and %s as %j", (language, zone, expected) => {
    expect(formatDateTime(instant, language, zone)).toBe(expected);
  });

  it("takes the calendar day of an instant in the user's zone", () => {
    expect(formatDay(instant, "fr", "Europe/Paris")).toBe("25/11/2026");
    expect(formatDay(instant, "en", "Pacific/Honolulu")).toBe("2026-11-24");
  });
});

describe("a typed date", () => {
  it.each([
    ["2026-11-24", "2026-11-24"],
    ["24/11/2026", "2026-11-24"],
    [" 05/01/2026 ", "2026-01-05"],
    ["2026-11-24T10:00:00+01:00", "2026-11-24"],
    ["2026-11-24T10:00:00Z", "2026-11-24"],
  ])("reads %j as %s", (typed, expected) => {
    expect(readCalendarDate(typed)).toBe(expected);
  });

  it.each(["1970-01-01", "01/01/1970", "2026-02-30", "31/02/2026", "11/24/2026", "2026-1-5", "24-11-2026", "", "tomorrow"])(
    "refuses %j",
    (typed) => {
      expect(() => readCalendarDate(typed)).toThrow(expect.objectContaining({ code: "invalid_date" }));
    },
  );
});

describe("the functions bound to one reader", () => {
  const format = formatter({
    numberFormat: "space_comma",
    language: "fr",
    timeZone: "Europe/Paris",
    currency: "EUR",
    currencies: [EUR, USD],
  });

  it("writes money in the default currency unless another is named, and a dash for nothing", () => {
    expect(format.money("1234567.89")).toBe(nb("1^234^567,89_€"));
    expect(format.money("1234567.89", "USD")).toBe(nb("1^234^567,89_$US"));
    expect(format.money("3", "CHF")).toBe(nb("3,00_CHF"));
    expect(format.money(null)).toBe("—");
    expect(format.quantity("")).toBe("—");
    expect(format.input(null)).toBe("");
  });

  it("writes dates the French way", () => {
    expect(format.date("2026-11-24")).toBe("24/11/2026");
    expect(format.dateTime(Date.UTC(2026, 10, 24, 9, 5))).toBe("24/11/2026 10:05");
  });
});
