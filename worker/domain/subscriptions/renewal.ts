/**
 * When a subscription bills (domain spec §3 'Subscription'): its first cycle's date from its
 * first-billing rule, and each later cycle counted from that first date, so that a cycle falling
 * on a day the month lacks (the 31st, the 29th of February) takes the month's last day without
 * moving the cycles after it: 31 January, 28 February, 31 March. Dates are calendar dates
 * (YYYY-MM-DD) in the company's time zone.
 */

export const FIRST_BILLING_RULES = ["immediately", "specific_day", "first_day_of_month", "last_day_of_month"] as const;
export type FirstBilling = (typeof FIRST_BILLING_RULES)[number];

/** At most ten years between two invoices. */
export const MAX_BILLING_CYCLE = 120;
/** At most this many cycles when a limit is set (else it bills until cancelled). */
export const MAX_CYCLE_LIMIT = 1000;

interface CalendarDay {
  year: number;
  month: number; // 1..12
  day: number;
}

function parts(date: string): CalendarDay {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");
const format = ({ year, month, day }: CalendarDay) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

/** The number of days of a month (1..12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The date `months` months after `date`: the same day of the month, or the month's last day when
 * it has fewer days; `lastDay` always gives the month's last day.
 */
export function addMonths(date: string, months: number, lastDay = false): string {
  const { year, month, day } = parts(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = daysInMonth(y, m);
  return format({ year: y, month: m, day: lastDay ? last : Math.min(day, last) });
}

/**
 * The first cycle's date, given today in the company's calendar: today (immediately), the day
 * chosen, the next first of a month (today when it is the 1st), or the last day of this month.
 */
export function firstCycleDate(rule: FirstBilling, today: string, specificDay: string | null): string {
  const { year, month, day } = parts(today);
  switch (rule) {
    case "immediately":
      return today;
    case "specific_day":
      if (specificDay === null) throw new Error("a specific day is required");
      return specificDay;
    case "first_day_of_month":
      return day === 1 ? today : addMonths(format({ year, month, day: 1 }), 1);
    case "last_day_of_month":
      return format({ year, month, day: daysInMonth(year, month) });
  }
}

/** The date of cycle `cycle` (1 is the first) of a subscription whose first cycle falls on `first`. */
export function cycleDate(first: string, cycle: number, billingCycle: number, rule: FirstBilling): string {
  return addMonths(first, (cycle - 1) * billingCycle, rule === "last_day_of_month");
}

/** The last cycle's date, or null for a subscription that bills until cancelled. */
export function endDate(first: string, cycleLimit: number | null, billingCycle: number, rule: FirstBilling): string | null {
  return cycleLimit === null ? null : cycleDate(first, cycleLimit, billingCycle, rule);
}

/** The date the next cycle bills, after `billed` cycles; null once the last one is billed. */
export function nextRenewal(
  first: string,
  billed: number,
  cycleLimit: number | null,
  billingCycle: number,
  rule: FirstBilling,
): string | null {
  if (cycleLimit !== null && billed >= cycleLimit) return null;
  return cycleDate(first, billed + 1, billingCycle, rule);
}
