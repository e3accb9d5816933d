import type { Ctx } from "../shared/ctx";
import { buyerOf } from "./buyer";
import { readCartCatalogue } from "./cart-catalogue";
import { changeCart, type CartStore } from "./cart-store";
import { cartResult, type CartView } from "./cart-view";

/** ClearCart (platform spec §7): every line leaves the cart. */
export async function clearCart(ctx: Ctx, input: { cart: CartStore }): Promise<CartView> {
  const buyer = buyerOf(ctx);
  const catalogue = await readCartCatalogue(ctx, buyer, []);
  const result = await changeCart(input.cart, async () => cartResult([], catalogue));
  return result.view;
}
