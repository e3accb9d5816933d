import { z } from "zod";
import { beyond, MAX_QUANTITY } from "../shared/bounds";
import type { Ctx } from "../shared/ctx";
import { Decimal } from "../shared/decimal";
import { DomainError } from "../shared/domain-error";
import { parseInput } from "../shared/input";
import { QUANTITY_SCALE } from "../shared/money";
import { buyerOf } from "./buyer";
import { readCartCatalogue } from "./cart-catalogue";
import { cartPolicy } from "./cart-policy";
import { cartKey, setQuantity } from "./cart-rules";
import { changeCart, type CartStore } from "./cart-store";
import { CART_MAX_LINES, cartResult, describedLines, StoredCartLines, type CartView } from "./cart-view";

/** UpdateCartItem (platform spec §7): a variant, or one of its packs, and the quantity wanted. */
export const UpdateCartItemInput = z
  .object({
    variant_id: z.number().int().positive(),
    pack_id: z.number().int().positive().nullish(),
    // Not a number: the click is ignored (spec §5), so any short text is taken and judged by the rules;
    // a number past MAX_QUANTITY (shared/bounds.ts) is refused.
    quantity: z.union([z.number(), z.string().max(40)]).refine((v) => !pastQuantityBound(v), "too_large"),
  })
  .strict();
export type UpdateCartItemInput = z.infer<typeof UpdateCartItemInput>;

function pastQuantityBound(requested: number | string): boolean {
  try {
    return beyond(Decimal.parse(requested).round(QUANTITY_SCALE), MAX_QUANTITY);
  } catch {
    return false;
  }
}

/**
 * Adds a line to the buyer's cart or changes its quantity, by the cart's rules: under the minimum
 * the minimum is taken, over the stock (or not a number) nothing changes. A variant the store does
 * not sell is `not_found`.
 */
export async function updateCartItem(ctx: Ctx, input: { cart: CartStore; change: unknown }): Promise<CartView> {
  const buyer = buyerOf(ctx);
  const change = parseInput(UpdateCartItemInput, input.change);
  const packId = change.pack_id ?? null;
  const key = cartKey(change.variant_id, packId);
  const result = await changeCart(input.cart, async (stored) => {
    const lines = StoredCartLines.parse(stored);
    const catalogue = await readCartCatalogue(ctx, buyer, [...lines, { variantId: change.variant_id, packId }]);
    const item = catalogue.items.get(key);
    if (!item) throw new DomainError("not_found");
    const items = describedLines(lines, catalogue);
    if (!items.some((i) => i.key === key) && items.length >= CART_MAX_LINES) throw new DomainError("cart_full", { max: CART_MAX_LINES });
    return cartResult(
      setQuantity(items, { key, quantity: change.quantity, item }, catalogue.available, cartPolicy(catalogue.settings)),
      catalogue,
    );
  });
  return result.view;
}
