import type { Ctx } from "../shared/ctx";
import { Decimal } from "../shared/decimal";
import type { CartStore } from "./cart-store";
import type { CartView } from "./cart-view";
import { getStoreOrder } from "./list-store-orders";
import { addToCart } from "./quick-order";

/**
 * Order again (platform spec §2, from the order history): each product line of one of the buyer's
 * orders is added to what the cart holds, by the cart's rules; what the store no longer sells or
 * the stock cannot take is named in `not_added`.
 */
export async function orderAgain(ctx: Ctx, input: { cart: CartStore; id: unknown }): Promise<CartView & { not_added: string[] }> {
  const order = await getStoreOrder(ctx, { id: input.id });
  const lines = (order.lines ?? []).flatMap((line) =>
    line.variant_id === null
      ? []
      : [
          {
            variantId: line.variant_id,
            packId: line.pack_id,
            quantity: Decimal.parse(line.quantity),
            name: line.sku ?? line.description ?? "",
          },
        ],
  );
  return addToCart(ctx, input.cart, lines);
}
