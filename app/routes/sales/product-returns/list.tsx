import { requestContext } from "../../../../worker/context";
import { FollowListPage } from "../../../components/sales/follow-pages";
import { followListAction, followListLoader } from "../follows.server";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return followListLoader(context.get(requestContext), request, "product_return");
}

export async function action({ request, context }: Route.ActionArgs) {
  return followListAction(context.get(requestContext), request, "product_return");
}

export default function ProductReturnsList({ loaderData, actionData }: Route.ComponentProps) {
  return <FollowListPage type="product_return" loaderData={loaderData} actionData={actionData} />;
}
