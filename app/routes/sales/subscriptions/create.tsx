import { requestContext } from "../../../../worker/context";
import { SubscriptionCreatePage } from "../../../components/sales/subscription-pages";
import { saveSubscriptionAction, subscriptionCreateLoader } from "./subscriptions.server";
import type { Route } from "./+types/create";

export async function loader({ request, context }: Route.LoaderArgs) {
  return subscriptionCreateLoader(context.get(requestContext), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveSubscriptionAction(context.get(requestContext), request);
}

export default function CreateSubscription({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscriptionCreatePage loaderData={loaderData} action={actionData} />;
}
