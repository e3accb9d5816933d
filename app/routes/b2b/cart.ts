import { redirect } from "react-router";
import { buyerCart } from "../../../worker/carts";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { clearCart } from "../../../worker/domain/store/clear-cart";
import { orderAgain } from "../../../worker/domain/store/order-again";
import { quickOrder } from "../../../worker/domain/store/quick-order";
import { removeCartItem } from "../../../worker/domain/store/remove-cart-item";
import { updateCartItem } from "../../../worker/domain/store/update-cart-item";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/cart";

/** The cart's form target (UpdateCartItem, DeleteCartItem, ClearCart of platform spec §7): it answers the cart as it now is. */
export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const actor = requireStore(request, rc, readCookie(request, STORE_COOKIE));
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  return formAction(async () => {
    const ctx = await ctxFromRequest(rc);
    const cart = buyerCart(rc, actor);
    switch (text("intent")) {
      case "remove":
        return { cart: await removeCartItem(ctx, { cart, change: { id: text("id") } }) };
      case "clear":
        return { cart: await clearCart(ctx, { cart }) };
      case "again": {
        const { not_added, ...view } = await orderAgain(ctx, { cart, id: text("id") });
        return { cart: view, not_added };
      }
      case "quick": {
        const { not_added, ...view } = await quickOrder(ctx, { cart, order: { quick_order: text("quick_order") } });
        return { cart: view, not_added };
      }
      default:
        return {
          cart: await updateCartItem(ctx, {
            cart,
            change: {
              variant_id: Number(text("variant_id")),
              pack_id: form.get("pack_id") ? Number(text("pack_id")) : null,
              quantity: text("quantity"),
            },
          }),
        };
    }
  });
}

export function loader() {
  return redirect("/b2b");
}
