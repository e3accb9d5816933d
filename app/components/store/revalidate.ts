import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * For the store's pages whose loaders do not read the cart: a cart change (the cart's form) leaves
 * them as they are, and only the layout reads the cart again. Every other change follows React
 * Router's rule.
 */
export function unlessCartChange({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return formAction === "/b2b/cart" ? false : defaultShouldRevalidate;
}
