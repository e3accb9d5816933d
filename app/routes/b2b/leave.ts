import { redirect } from "react-router";
import { buyerCart } from "../../../worker/carts";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { leaveStore } from "../../../worker/domain/store/view-as-customer";
import { requireStore, STORE_COOKIE } from "../../../worker/guards";
import { readCookie } from "../../../worker/session-cookie";
import { formAction } from "../../server/form-page.server";
import type { Route } from "./+types/leave";

/** Leave store (platform spec §4): staff stop viewing the store as a customer, their cart is emptied, and they return to the store's customers. */
export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const actor = requireStore(request, rc, readCookie(request, STORE_COOKIE));
  return formAction(async () => {
    await leaveStore(await ctxFromRequest(rc), { cart: buyerCart(rc, actor) });
    return redirect("/b2b-store/customers");
  });
}

export function loader() {
  return redirect("/b2b");
}
