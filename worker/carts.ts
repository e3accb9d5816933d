import type { RequestContext } from "./context";
import type { UserActor } from "./domain/identity/actor";
import type { CartStore } from "./domain/store/cart-store";
import { cartStore } from "./durable-objects/cart";

/** The signed-in buyer's cart in the company of the request (pages and actions of the store). */
export function buyerCart(rc: RequestContext, actor: UserActor): CartStore {
  return cartStore(rc.env.bindings.CARTS, actor.company.id, actor.userId);
}
