import { describe, expect, it } from "vitest";
import { todayIn } from "../../worker/domain/stock/common";

describe("todayIn", () => {
  // 2026-11-26 23:30 UTC: already the 27th in Paris and Auckland, still the 26th in New York.
  const instant = new Date(Date.UTC(2026, 10, 26, 23, 30));

  it("gives the calendar day in each time zone, with the formatter kept per zone giving the same answers again", () => {
    for (let round = 0; round < 2; round++) {
      expect(todayIn("UTC", instant)).toBe("2026-11-26");
      expect(todayIn("Europe/Paris", instant)).toBe("2026-11-27");
      expect(todayIn("Pacific/Auckland", instant)).toBe("2026-11-27");
      expect(todayIn("America/New_York", instant)).toBe("2026-11-26");
    }
  });

  it("falls back to UTC for an unknown zone, every time", () => {
    expect(todayIn("Mars/Olympus_Mons", instant)).toBe("2026-11-26");
    expect(todayIn("Mars/Olympus_Mons", new Date(Date.UTC(2026, 0, 1, 0, 0)))).toBe("2026-01-01");
  });
});
