import { DurableObject } from "cloudflare:workers";
import type { StoredCartLine } from "../domain/store/cart-catalogue";
import type { CartStore } from "../domain/store/cart-store";

// A change holds the cart for at most this long: a request that died lets the next one in.
const LEASE_MS = 10_000;

/**
 * One buyer's cart in one company (platform spec §4 Storefront cart), in the object's own storage:
 * it survives sign-out and follows the buyer to a new device. It keeps the lines and lets one
 * change hold them at a time; the cart verbs decide every change (domain/store/cart-store.ts).
 */
export class Cart extends DurableObject {
  private holder: { token: string; until: number } | null = null;
  private waiting: (() => void)[] = [];

  private lines(): StoredCartLine[] {
    return this.ctx.storage.kv.get<StoredCartLine[]>("lines") ?? [];
  }

  async begin(): Promise<{ token: string; lines: StoredCartLine[] }> {
    while (this.holder && this.holder.until > Date.now()) {
      const wait = this.holder.until - Date.now();
      await new Promise<void>((wake) => {
        this.waiting.push(wake);
        setTimeout(wake, wait);
      });
    }
    const token = crypto.randomUUID();
    this.holder = { token, until: Date.now() + LEASE_MS };
    return { token, lines: this.lines() };
  }

  end(token: string, lines: StoredCartLine[] | null): boolean {
    if (this.holder?.token !== token) return false;
    if (lines) this.ctx.storage.kv.put("lines", lines);
    this.holder = null;
    this.waiting.shift()?.();
    return true;
  }

  /** The lines as stored, with no change. */
  stored(): StoredCartLine[] {
    return this.lines();
  }
}

/** The cart of one buyer (a user) in one company. */
export function cartStore(carts: DurableObjectNamespace<Cart>, companyId: string, userId: string): CartStore {
  const stub = carts.getByName(`${companyId}:${userId}`);
  // One read serves the handle until a change takes the cart (a page may start it early, beside its other reads).
  let reading: Promise<StoredCartLine[]> | undefined;
  return {
    read: () => (reading ??= stub.stored().then((lines) => lines as StoredCartLine[])),
    begin: async () => {
      reading = undefined;
      const { token, lines } = await stub.begin();
      return { token, lines: lines as StoredCartLine[] };
    },
    end: (token, lines) => {
      reading = undefined;
      return stub.end(token, lines);
    },
  };
}
