import { requestContext } from "../../../../worker/context";
import { shippingDetailAction, shippingDetailLoader } from "../shipping-orders.server";
import { ShippingDetailPage } from "../../../components/sales/shipping-order-pages";
import type { Route } from "./+types/detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return shippingDetailLoader(context.get(requestContext), request, params.id);
}

// Ship, deliver, cancel: they need edit_shipping_orders.
export async function action({ request, params, context }: Route.ActionArgs) {
  return shippingDetailAction(context.get(requestContext), request, params.id);
}

export default function ShippingOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  return <ShippingDetailPage loaderData={loaderData} actionData={actionData} />;
}
