import { z } from "zod";
import type { Ctx } from "../shared/ctx";
import { parseInput } from "../shared/input";
import { buyerOf } from "./buyer";
import { readCartCatalogue } from "./cart-catalogue";
import { changeCart, type CartStore } from "./cart-store";
import { cartResult, describedLines, StoredCartLines, type CartView } from "./cart-view";

export const RemoveCartItemInput = z.object({ id: z.string().min(1).max(64) }).strict();

/** DeleteCartItem (platform spec §7): the line leaves the cart, and its stock shows as available again at once. */
export async function removeCartItem(ctx: Ctx, input: { cart: CartStore; change: unknown }): Promise<CartView> {
  const buyer = buyerOf(ctx);
  const { id } = parseInput(RemoveCartItemInput, input.change);
  const result = await changeCart(input.cart, async (stored) => {
    const lines = StoredCartLines.parse(stored).filter((l) => l.key !== id);
    const catalogue = await readCartCatalogue(ctx, buyer, lines);
    return cartResult(describedLines(lines, catalogue), catalogue);
  });
  return result.view;
}
