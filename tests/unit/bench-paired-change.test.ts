import { describe, expect, it } from "vitest";
import { pairedChange } from "../bench/paired-change";

describe("the compare bench's paired change", () => {
  it("is the mean of the slices' changes, with Student's 95 % interval of that mean", () => {
    // Changes of −10 %, −5 % and 0 %: mean −5 %, standard deviation 5 %, t(2 df) = 4.30.
    const { change, within } = pairedChange([100, 200, 50], [90, 190, 50]);
    expect(change).toBeCloseTo(-5, 10);
    expect(within).toBeCloseTo((4.3 * 5) / Math.sqrt(3), 10);
  });

  it("reads a slice only against the slice beside it: a machine twice as busy in one pair moves neither side's change", () => {
    const same = pairedChange([100, 200, 100, 200], [95, 190, 95, 190]);
    expect(same.change).toBeCloseTo(-5, 10);
    expect(same.within).toBeCloseTo(0, 10);
  });

  it("gives no interval for one slice, and refuses sides of unequal slices", () => {
    expect(Number.isNaN(pairedChange([100], [120]).within)).toBe(true);
    expect(pairedChange([100], [120]).change).toBeCloseTo(20, 10);
    expect(() => pairedChange([100, 100], [100])).toThrow(/as many/);
    expect(() => pairedChange([], [])).toThrow(/at least one/);
  });
});
