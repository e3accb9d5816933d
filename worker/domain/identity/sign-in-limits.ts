/**
 * Failed sign-in limits (issue: at most 5 per minute and 50 per hour per account). Per
 * address the limits are wider, since an office or a shop shares one address.
 */
export interface Limit {
  windowMs: number;
  max: number;
}

export const ACCOUNT_LIMITS: readonly Limit[] = [
  { windowMs: 60_000, max: 5 },
  { windowMs: 3_600_000, max: 50 },
];
export const ADDRESS_LIMITS: readonly Limit[] = [
  { windowMs: 60_000, max: 20 },
  { windowMs: 3_600_000, max: 200 },
];
export const LONGEST_WINDOW_MS = 3_600_000;

/** Milliseconds to wait before another attempt is allowed; 0 when it is allowed now. */
export function retryAfterMs(failures: readonly number[], limits: readonly Limit[], now: number): number {
  let wait = 0;
  for (const { windowMs, max } of limits) {
    const recent = failures.filter((t) => t > now - windowMs).sort((a, b) => a - b);
    if (recent.length >= max) wait = Math.max(wait, recent[recent.length - max]! + windowMs - now);
  }
  return wait;
}

/** Failures old enough to no longer count anywhere are dropped. */
export function pruneFailures(failures: readonly number[], now: number): number[] {
  return failures.filter((t) => t > now - LONGEST_WINDOW_MS);
}

/** The throttle as the sign-in verb sees it; a Durable Object holds the counters. */
export interface SignInThrottle {
  /** The longest wait among the keys, 0 when every key allows an attempt. */
  retryAfterMs(keys: SignInThrottleKey[]): Promise<number>;
  recordFailure(keys: SignInThrottleKey[]): Promise<void>;
  clear(key: SignInThrottleKey): Promise<void>;
}

export interface SignInThrottleKey {
  kind: "account" | "address";
  value: string;
}

export function limitsFor(kind: SignInThrottleKey["kind"]): readonly Limit[] {
  return kind === "account" ? ACCOUNT_LIMITS : ADDRESS_LIMITS;
}
