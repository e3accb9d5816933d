import { requestContext } from "../../../../worker/context";
import { SubscriptionEditPage } from "../../../components/sales/subscription-pages";
import { saveSubscriptionAction, subscriptionEditLoader } from "./subscriptions.server";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return subscriptionEditLoader(context.get(requestContext), request, params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveSubscriptionAction(context.get(requestContext), request, params.id);
}

export default function EditSubscription({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscriptionEditPage loaderData={loaderData} action={actionData} />;
}
