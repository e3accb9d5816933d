import { requestContext } from "../../../../worker/context";
import { FollowListPage } from "../../../components/sales/follow-pages";
import { followListAction, followListLoader } from "../follows.server";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return followListLoader(context.get(requestContext), request, "refund");
}

export async function action({ request, context }: Route.ActionArgs) {
  return followListAction(context.get(requestContext), request, "refund");
}

export default function RefundsList({ loaderData, actionData }: Route.ComponentProps) {
  return <FollowListPage type="refund" loaderData={loaderData} actionData={actionData} />;
}
