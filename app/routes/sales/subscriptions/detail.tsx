import { requestContext } from "../../../../worker/context";
import { SubscriptionDetailPage } from "../../../components/sales/subscription-pages";
import { subscriptionDetailAction, subscriptionDetailLoader } from "./subscriptions.server";
import type { Route } from "./+types/detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return subscriptionDetailLoader(context.get(requestContext), request, params.id);
}

// The cancel button and the delete (after confirmation): they need the edit permission.
export async function action({ request, params, context }: Route.ActionArgs) {
  return subscriptionDetailAction(context.get(requestContext), request, params.id);
}

export default function SubscriptionDetail({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscriptionDetailPage loaderData={loaderData} actionData={actionData} />;
}
