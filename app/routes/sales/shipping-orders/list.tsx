import { requestContext } from "../../../../worker/context";
import { shippingListAction, shippingListLoader } from "../shipping-orders.server";
import { ShippingListPage } from "../../../components/sales/shipping-order-pages";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return shippingListLoader(context.get(requestContext), request);
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  return shippingListAction(context.get(requestContext), request);
}

export default function ShippingOrdersList({ loaderData, actionData }: Route.ComponentProps) {
  return <ShippingListPage loaderData={loaderData} actionData={actionData} />;
}
