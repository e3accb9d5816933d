import type { Ctx } from "../shared/ctx";
import { buyerOf } from "./buyer";
import { readCartCatalogue } from "./cart-catalogue";
import { changeCart, type CartStore } from "./cart-store";
import { cartResult, describedLines, StoredCartLines, type CartView } from "./cart-view";

/**
 * The buyer's cart, priced and stocked as the catalogue is now: a line the store no longer sells
 * (unpublished, disabled, a pack removed) leaves the cart.
 */
export async function getCart(ctx: Ctx, input: { cart: CartStore }): Promise<CartView> {
  const buyer = buyerOf(ctx);
  // Shown as it is, the cart is only read; it is taken and saved only when a line has to leave it.
  const kept = await input.cart.read();
  const stored = StoredCartLines.parse(kept);
  const catalogue = await readCartCatalogue(ctx, buyer, stored);
  const shown = cartResult(describedLines(stored, catalogue), catalogue);
  // A line dropped when read back (StoredCartLines) leaves the stored cart too.
  if (shown.lines.length === kept.length) return shown.view;
  const result = await changeCart(input.cart, async (held) => {
    const lines = StoredCartLines.parse(held);
    const catalogue = await readCartCatalogue(ctx, buyer, lines);
    return cartResult(describedLines(lines, catalogue), catalogue);
  });
  return result.view;
}
