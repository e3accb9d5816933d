import { requestContext } from "../../../../worker/context";
import { SubscriptionListPage } from "../../../components/sales/subscription-pages";
import { subscriptionListAction, subscriptionListLoader } from "./subscriptions.server";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return subscriptionListLoader(context.get(requestContext), request);
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  return subscriptionListAction(context.get(requestContext), request);
}

export default function SubscriptionsList({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscriptionListPage loaderData={loaderData} actionData={actionData} />;
}
