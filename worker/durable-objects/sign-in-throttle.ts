import { DurableObject } from "cloudflare:workers";
import {
  limitsFor,
  pruneFailures,
  retryAfterMs,
  type SignInThrottle as Throttle,
  type SignInThrottleKey,
} from "../domain/identity/sign-in-limits";

/** Failed sign-in times of one account or one address (one object per key). */
export class SignInThrottle extends DurableObject {
  async retryAfter(kind: SignInThrottleKey["kind"]): Promise<number> {
    const now = Date.now();
    return retryAfterMs((await this.ctx.storage.get<number[]>("failures")) ?? [], limitsFor(kind), now);
  }

  async recordFailure(): Promise<void> {
    const now = Date.now();
    const failures = pruneFailures((await this.ctx.storage.get<number[]>("failures")) ?? [], now);
    failures.push(now);
    await this.ctx.storage.put("failures", failures);
  }

  async clear(): Promise<void> {
    await this.ctx.storage.delete("failures");
  }
}

/** The domain's throttle interface over the Durable Object namespace. */
export function signInThrottle(namespace: DurableObjectNamespace<SignInThrottle>): Throttle {
  const stub = (key: SignInThrottleKey) => namespace.get(namespace.idFromName(`${key.kind}:${key.value}`));
  return {
    async retryAfterMs(keys) {
      const waits = await Promise.all(keys.map((key) => stub(key).retryAfter(key.kind)));
      return Math.max(0, ...waits);
    },
    async recordFailure(keys) {
      await Promise.all(keys.map((key) => stub(key).recordFailure()));
    },
    async clear(key) {
      await stub(key).clear();
    },
  };
}
