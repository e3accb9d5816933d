import { DomainError, type ErrorCode } from "../shared/domain-error";
import { randomToken } from "../shared/ids";

/**
 * Attempt limits of the public forms (docs/decisions/008, 036): failed sign-ins (issue: at most 5
 * per minute and 50 per hour per account), password reset requests, signups and store access
 * requests. Per address the limits are wider, since an office or a shop shares one address.
 */
export interface Limit {
  windowMs: number;
  max: number;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;

export const ACCOUNT_LIMITS: readonly Limit[] = [
  { windowMs: MINUTE, max: 5 },
  { windowMs: HOUR, max: 50 },
];
export const ADDRESS_LIMITS: readonly Limit[] = [
  { windowMs: MINUTE, max: 20 },
  { windowMs: HOUR, max: 200 },
];

/** What each kind of key counts, and its limits. No window is longer than an hour. */
export const LIMITS = {
  /** Failed sign-ins of untrusted clients (no device cookie) for one account. */
  account: ACCOUNT_LIMITS,
  /** Failed sign-ins from one address. */
  address: ADDRESS_LIMITS,
  /** Failed sign-ins of one browser holding a device cookie: as many as an account's. */
  device: ACCOUNT_LIMITS,
  "reset-email": [{ windowMs: HOUR, max: 5 }],
  "reset-address": [{ windowMs: HOUR, max: 20 }],
  "signup-email": [{ windowMs: HOUR, max: 3 }],
  "signup-address": [{ windowMs: HOUR, max: 10 }],
  /** Requests of a store's access form from one address, whichever store; and those one store receives. */
  "access-address": [{ windowMs: 10 * MINUTE, max: 5 }],
  "access-store": [{ windowMs: HOUR, max: 30 }],
} satisfies Record<string, readonly Limit[]>;
export const LONGEST_WINDOW_MS = HOUR;

export type LimitKind = keyof typeof LIMITS;

export interface LimitKey {
  kind: LimitKind;
  value: string;
}

/** One counted attempt; the id lets a reservation be taken back. */
export interface Attempt {
  id: string;
  at: number;
}

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

/**
 * Counts one more attempt when the limits allow it. A refused attempt leaves the list as it
 * was, so hammering a locked key does not push its lock further away.
 */
export function reserveAttempt(
  attempts: readonly Attempt[],
  limits: readonly Limit[],
  now: number,
  id: string,
): { allowed: true; attempts: Attempt[] } | { allowed: false; retryAfterMs: number } {
  const kept = attempts.filter((a) => a.at > now - LONGEST_WINDOW_MS);
  const times = kept.map((a) => a.at);
  const wait = retryAfterMs(times, limits, now);
  return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true, attempts: [...kept, { id, at: now }] };
}

/** Attempts counted under several keys at once. */
export interface Reservation {
  id: string;
  keys: LimitKey[];
}

/**
 * The limiter as the verbs see it; a Durable Object per key holds the counts. An attempt is
 * reserved (counted) before the work it guards, so parallel requests cannot all slip through.
 */
export interface AttemptLimiter {
  /** Counts an attempt under every key, or under none when one is at its limit (then the wait in ms). */
  reserve(keys: LimitKey[], id: string): Promise<{ reserved: true } | { reserved: false; retryAfterMs: number }>;
  /** Takes a reserved attempt back: it no longer counts (a sign-in that succeeded). */
  release(reservation: Reservation): Promise<void>;
  /** Forgets every attempt of a key. */
  clear(key: LimitKey): Promise<void>;
}

/** Reserves an attempt, or refuses with `code` (429) saying how long to wait. */
export async function reserveOrRefuse(limiter: AttemptLimiter, keys: LimitKey[], code: ErrorCode): Promise<Reservation> {
  const reservation = { id: randomToken(12), keys };
  const result = await limiter.reserve(keys, reservation.id);
  if (!result.reserved) {
    const wait = result.retryAfterMs;
    throw new DomainError(code, { minutes: Math.ceil(wait / 60_000), seconds: Math.ceil(wait / 1000) });
  }
  return reservation;
}

/**
 * Reserves under each key in turn, narrowest first, taking the earlier ones back when a later one
 * refuses: a request its address already refuses never takes one of the wider key's places.
 */
export async function reserveInTurn(limiter: AttemptLimiter, keys: LimitKey[], code: ErrorCode): Promise<void> {
  const taken: Reservation[] = [];
  try {
    for (const key of keys) taken.push(await reserveOrRefuse(limiter, [key], code));
  } catch (error) {
    await Promise.all(taken.map((reservation) => limiter.release(reservation)));
    throw error;
  }
}

/** The keys of a public form's request: its email, and its address when known. */
export function formKeys(form: "reset" | "signup", email: string, address: string | null | undefined): LimitKey[] {
  const keys: LimitKey[] = [{ kind: `${form}-email`, value: email }];
  if (address) keys.push({ kind: `${form}-address`, value: address });
  return keys;
}
