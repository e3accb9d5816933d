import type { CartPolicy } from "./cart-rules";

/**
 * The store's rules for the cart. Until the store's settings exist, a store does not sell below
 * zero: the store setting allow_negative_stock (domain spec §3) will decide it.
 */
export function cartPolicy(): CartPolicy {
  return { allowNegativeStock: false };
}
