import { describe, expect, it } from "vitest";
import { EU_COUNTRIES, isEuropean } from "../../worker/domain/contacts/european-union";
import { checkMinimumOrderAmount, dueDate } from "../../worker/domain/contacts/payment-terms";
import { Decimal } from "../../worker/domain/shared/decimal";
import { DomainError } from "../../worker/domain/shared/domain-error";

describe("the due date of a document under payment terms", () => {
  it.each([
    ["net 30 from 15 January", { type: "net", days: 30 }, "2025-01-15", "2025-02-14"],
    ["net 0 is the document's own date", { type: "net", days: 0 }, "2025-01-15", "2025-01-15"],
    ["net 45 across a year end", { type: "net", days: 45 }, "2024-12-01", "2025-01-15"],
    ["net 1 on 28 February of a leap year", { type: "net", days: 1 }, "2024-02-28", "2024-02-29"],
    ["net 1 on 28 February of a common year", { type: "net", days: 1 }, "2025-02-28", "2025-03-01"],
    ["end of the following month from mid-January", { type: "eom", days: 0 }, "2025-01-15", "2025-02-28"],
    ["end of the following month in a leap year", { type: "eom", days: 0 }, "2024-01-31", "2024-02-29"],
    ["end of the following month from the last day of a month", { type: "eom", days: 0 }, "2025-03-31", "2025-04-30"],
    ["end of the following month from December", { type: "eom", days: 0 }, "2025-12-10", "2026-01-31"],
    ["end of the following month plus 10 days", { type: "eom", days: 10 }, "2025-01-15", "2025-03-10"],
  ] as const)("%s", (_name, terms, from, expected) => {
    expect(dueDate(terms, from)).toBe(expected);
  });

  it("refuses a date that is not a calendar date", () => {
    expect(() => dueDate({ type: "net", days: 30 }, "2025-02-30")).toThrow(DomainError);
    expect(() => dueDate({ type: "net", days: 30 }, "15/01/2025")).toThrow(DomainError);
  });

  it("refuses a negative or fractional number of days", () => {
    expect(() => dueDate({ type: "net", days: -1 }, "2025-01-15")).toThrow(RangeError);
    expect(() => dueDate({ type: "net", days: 1.5 }, "2025-01-15")).toThrow(RangeError);
  });

  it("never falls before the document date and grows with the days", () => {
    for (let days = 0; days < 400; days += 7) {
      const a = dueDate({ type: "net", days }, "2025-05-20");
      const b = dueDate({ type: "net", days: days + 7 }, "2025-05-20");
      expect(a >= "2025-05-20").toBe(true);
      expect(b > a).toBe(true);
    }
  });
});

describe("a customer's minimum order amount", () => {
  it("lets an order at or above the minimum through", () => {
    expect(() => checkMinimumOrderAmount(Decimal.parse("100"), Decimal.parse("100.00"))).not.toThrow();
    expect(() => checkMinimumOrderAmount(Decimal.parse("100"), Decimal.parse("250"))).not.toThrow();
  });

  it("refuses an order below it, naming the minimum", () => {
    try {
      checkMinimumOrderAmount(Decimal.parse("100.5000"), Decimal.parse("99.99"));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("minimum_order_amount_not_reached");
      expect((error as DomainError).params).toEqual({ value: "100.5000" });
    }
  });

  it("has no effect when the customer has no minimum", () => {
    expect(() => checkMinimumOrderAmount(null, Decimal.parse("0"))).not.toThrow();
    expect(() => checkMinimumOrderAmount(Decimal.parse("0"), Decimal.parse("0"))).not.toThrow();
  });
});

describe("whether an address is in the European Union", () => {
  it("knows the 27 member states, in any case", () => {
    expect(EU_COUNTRIES.size).toBe(27);
    expect(isEuropean("FR")).toBe(true);
    expect(isEuropean("de")).toBe(true);
  });

  it("says no for other countries and for no country", () => {
    expect(isEuropean("GB")).toBe(false);
    expect(isEuropean("CH")).toBe(false);
    expect(isEuropean("US")).toBe(false);
    expect(isEuropean(null)).toBe(false);
  });
});
