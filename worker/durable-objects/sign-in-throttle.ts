import { DurableObject } from "cloudflare:workers";
import {
  LIMITS,
  reserveAttempt,
  type Attempt,
  type AttemptLimiter,
  type LimitKey,
  type LimitKind,
} from "../domain/identity/sign-in-limits";

/**
 * Counted attempts of one key (an account, an address, a device cookie, an email on a public
 * form), one object per key. The methods read and write storage synchronously, so one call is
 * atomic: of parallel requests, only as many as the limits allow are counted and let through.
 */
export class SignInThrottle extends DurableObject {
  private attempts(): Attempt[] {
    return this.ctx.storage.kv.get<Attempt[]>("attempts") ?? [];
  }

  /** Counts an attempt and answers 0, or answers the wait in ms without counting anything. */
  reserve(kind: LimitKind, id: string): number {
    const result = reserveAttempt(this.attempts(), LIMITS[kind], Date.now(), id);
    if (!result.allowed) return result.retryAfterMs;
    this.ctx.storage.kv.put("attempts", result.attempts);
    return 0;
  }

  release(id: string): void {
    this.ctx.storage.kv.put(
      "attempts",
      this.attempts().filter((a) => a.id !== id),
    );
  }

  clear(): void {
    this.ctx.storage.kv.delete("attempts");
  }
}

/** The domain's limiter over the Durable Object namespace. */
export function attemptLimiter(namespace: DurableObjectNamespace<SignInThrottle>): AttemptLimiter {
  const stub = (key: LimitKey) => namespace.get(namespace.idFromName(`${key.kind}:${key.value}`));
  const release = (keys: LimitKey[], id: string) => Promise.all(keys.map((key) => stub(key).release(id)));
  return {
    async reserve(keys, id) {
      const waits = await Promise.all(keys.map((key) => stub(key).reserve(key.kind, id)));
      const wait = Math.max(0, ...waits);
      if (wait === 0) return { reserved: true };
      // Refused by one key: the others must not count the attempt either.
      await release(
        keys.filter((_, i) => waits[i] === 0),
        id,
      );
      return { reserved: false, retryAfterMs: wait };
    },
    async release(reservation) {
      await release(reservation.keys, reservation.id);
    },
    async clear(key) {
      await stub(key).clear();
    },
  };
}
