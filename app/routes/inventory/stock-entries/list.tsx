import { requestContext } from "../../../../worker/context";
import { documentListAction, documentListLoader } from "../documents.server";
import { DocumentListPage } from "../../../components/inventory/document-pages";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return documentListLoader(context.get(requestContext), request, "entry");
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  return documentListAction(context.get(requestContext), request, "entry");
}

export default function StockEntriesList({ loaderData, actionData }: Route.ComponentProps) {
  return <DocumentListPage kind="entry" loaderData={loaderData} actionData={actionData} />;
}
