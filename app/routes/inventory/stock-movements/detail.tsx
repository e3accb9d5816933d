import { requestContext } from "../../../../worker/context";
import { documentDetailAction, documentDetailLoader } from "../documents.server";
import { DocumentDetailPage } from "../../../components/inventory/document-pages";
import type { Route } from "./+types/detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return documentDetailLoader(context.get(requestContext), request, "movement", params.id);
}

// Delete (after confirmation): needs the edit permission.
export async function action({ request, params, context }: Route.ActionArgs) {
  return documentDetailAction(context.get(requestContext), request, "movement", params.id);
}

export default function StockMovementDetail({ loaderData, actionData }: Route.ComponentProps) {
  return <DocumentDetailPage kind="movement" loaderData={loaderData} actionData={actionData} />;
}
