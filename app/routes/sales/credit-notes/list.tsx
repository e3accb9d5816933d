import { requestContext } from "../../../../worker/context";
import { FollowListPage } from "../../../components/sales/follow-pages";
import { followListAction, followListLoader } from "../follows.server";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return followListLoader(context.get(requestContext), request, "credit_note");
}

export async function action({ request, context }: Route.ActionArgs) {
  return followListAction(context.get(requestContext), request, "credit_note");
}

export default function CreditNotesList({ loaderData, actionData }: Route.ComponentProps) {
  return <FollowListPage type="credit_note" loaderData={loaderData} actionData={actionData} />;
}
