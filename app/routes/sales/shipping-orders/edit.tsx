import { requestContext } from "../../../../worker/context";
import { shippingEditLoader } from "../shipping-orders.server";
import type { Route } from "./+types/edit";

// No verb changes a shipping order's fields: the address opens its detail page, which says so.
export function loader({ request, params, context }: Route.LoaderArgs) {
  return shippingEditLoader(context.get(requestContext), request, params.id);
}
