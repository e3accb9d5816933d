import { requestContext } from "../../../../worker/context";
import { salesDetailAction, salesDetailLoader } from "../documents.server";
import { SalesDetailPage } from "../../../components/sales/sales-document-pages";
import type { Route } from "./+types/detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return salesDetailLoader(context.get(requestContext), request, "estimate", params.id);
}

// The status buttons and the delete (after confirmation): they need the edit permission.
export async function action({ request, params, context }: Route.ActionArgs) {
  return salesDetailAction(context.get(requestContext), request, "estimate", params.id);
}

export default function EstimateDetail({ loaderData, actionData }: Route.ComponentProps) {
  return <SalesDetailPage kind="estimate" loaderData={loaderData} actionData={actionData} />;
}
