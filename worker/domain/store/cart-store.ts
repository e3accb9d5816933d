import type { StoredCartLine } from "./cart-catalogue";

/**
 * Where a buyer's cart is kept (a Durable Object per buyer and company). A change takes the cart
 * (`begin`, waiting while another change holds it) and gives it back with its new lines, or none
 * to leave it as it was (`end`); a holder that never comes back loses it after a lease.
 */
export interface CartStore {
  /** The lines as they are, without taking the cart (for showing it). */
  read(): Promise<StoredCartLine[]>;
  begin(): Promise<{ token: string; lines: StoredCartLine[] }>;
  /** False when the lease ran out and another change took the cart meanwhile: nothing was saved. */
  end(token: string, lines: StoredCartLine[] | null): Promise<boolean>;
}

const ATTEMPTS = 3;

/**
 * Changes the cart one change at a time: two tabs clicking at once both count, neither is lost.
 * A change that fails leaves the cart as it was.
 */
export async function changeCart<T extends { lines: StoredCartLine[] }>(
  store: CartStore,
  next: (lines: StoredCartLine[]) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { token, lines } = await store.begin();
    let result: T;
    try {
      result = await next(lines);
    } catch (error) {
      await store.end(token, null);
      throw error;
    }
    if (await store.end(token, result.lines)) return result;
  }
  throw new Error("the cart could not be saved: its lease kept running out");
}
