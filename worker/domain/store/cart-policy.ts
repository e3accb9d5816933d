import type { CartPolicy } from "./cart-rules";
import type { StoreSettings } from "./settings/store-settings";

/** The store's rules for the cart: whether it sells below zero is the setting allow_negative_stock (domain spec §3). */
export function cartPolicy(settings: Pick<StoreSettings, "allow_negative_stock">): CartPolicy {
  return { allowNegativeStock: settings.allow_negative_stock };
}
