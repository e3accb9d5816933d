import { requestContext } from "../../../../worker/context";
import { ReturnCreatePage } from "../../../components/sales/follow-pages";
import { returnCreateAction, returnCreateLoader } from "../follows.server";
import type { Route } from "./+types/create";

export async function loader({ request, context }: Route.LoaderArgs) {
  return returnCreateLoader(context.get(requestContext), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return returnCreateAction(context.get(requestContext), request);
}

export default function ProductReturnCreate({ loaderData, actionData }: Route.ComponentProps) {
  return <ReturnCreatePage loaderData={loaderData} actionData={actionData} />;
}
