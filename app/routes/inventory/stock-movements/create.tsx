import { requestContext } from "../../../../worker/context";
import { documentCreateLoader, saveDocumentAction } from "../documents.server";
import { DocumentCreatePage } from "../../../components/inventory/document-pages";
import type { Route } from "./+types/create";

export async function loader({ request, context }: Route.LoaderArgs) {
  return documentCreateLoader(context.get(requestContext), request, "movement");
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveDocumentAction(context.get(requestContext), request, "movement");
}

export default function CreateStockMovement({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DocumentCreatePage kind="movement" locations={loaderData.locations} action={actionData} idempotencyKey={loaderData.idempotencyKey} />
  );
}
