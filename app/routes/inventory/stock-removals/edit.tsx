import { requestContext } from "../../../../worker/context";
import { documentEditLoader, saveDocumentAction } from "../documents.server";
import { DocumentEditPage } from "../../../components/inventory/document-pages";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return documentEditLoader(context.get(requestContext), request, "removal", params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveDocumentAction(context.get(requestContext), request, "removal", params.id);
}

export default function EditStockRemoval({ loaderData, actionData }: Route.ComponentProps) {
  return <DocumentEditPage kind="removal" doc={loaderData.doc} locations={loaderData.locations} action={actionData} />;
}
