// Student's t at 97.5 % for 1 to 30 degrees of freedom (1.96 beyond).
const T_975 = [
  12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.1, 2.09, 2.09, 2.08, 2.07, 2.07,
  2.06, 2.06, 2.06, 2.05, 2.05, 2.05, 2.04,
];

/**
 * The bench's paired comparison (tests/bench/compare.ts): the change from the first side to the
 * second, in %, as the mean of each slice's change, and the half-width of its 95 % interval
 * (Student's t over the slices). Each slice of the second side is read against the slice of the
 * first side run beside it, so that what else the shared cores ran at that moment falls on both.
 */
export function pairedChange(first: readonly number[], second: readonly number[]): { change: number; within: number } {
  if (first.length !== second.length || first.length === 0) throw new Error("paired slices: both sides need as many, at least one");
  const changes = first.map((ms, i) => second[i]! / ms - 1);
  const n = changes.length;
  const mean = changes.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { change: 100 * mean, within: Number.NaN };
  const sd = Math.sqrt(changes.reduce((a, c) => a + (c - mean) ** 2, 0) / (n - 1));
  return { change: 100 * mean, within: (100 * (T_975[n - 2] ?? 1.96) * sd) / Math.sqrt(n) };
}
