import { requestContext } from "../../../../worker/context";
import { documentDetailAction, documentDetailLoader } from "../documents.server";
import { DocumentDetailPage } from "../../../components/inventory/document-pages";
import type { Route } from "./+types/detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return documentDetailLoader(context.get(requestContext), request, "entry", params.id);
}

// Delete (after confirmation): needs the edit permission.
export async function action({ request, params, context }: Route.ActionArgs) {
  return documentDetailAction(context.get(requestContext), request, "entry", params.id);
}

export default function StockEntryDetail({ loaderData, actionData }: Route.ComponentProps) {
  return <DocumentDetailPage kind="entry" loaderData={loaderData} actionData={actionData} />;
}
