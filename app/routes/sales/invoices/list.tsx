import { requestContext } from "../../../../worker/context";
import { salesListAction, salesListLoader } from "../documents.server";
import { SalesListPage } from "../../../components/sales/sales-document-pages";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return salesListLoader(context.get(requestContext), request, "invoice");
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  return salesListAction(context.get(requestContext), request, "invoice");
}

export default function InvoicesList({ loaderData, actionData }: Route.ComponentProps) {
  return <SalesListPage kind="invoice" loaderData={loaderData} actionData={actionData} />;
}
