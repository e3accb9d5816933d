import { requestContext } from "../../../../worker/context";
import { FollowDetailPage } from "../../../components/sales/follow-pages";
import { followDetailAction, followDetailLoader } from "../follows.server";
import type { Route } from "./+types/detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return followDetailLoader(context.get(requestContext), request, "refund", params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return followDetailAction(context.get(requestContext), request, "refund", params.id);
}

export default function RefundDetail({ loaderData, actionData }: Route.ComponentProps) {
  return <FollowDetailPage type="refund" loaderData={loaderData} actionData={actionData} />;
}
