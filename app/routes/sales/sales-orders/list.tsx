import { requestContext } from "../../../../worker/context";
import { salesListAction, salesListLoader } from "../documents.server";
import { SalesListPage } from "../../../components/sales/sales-document-pages";
import type { Route } from "./+types/list";

export async function loader({ request, context }: Route.LoaderArgs) {
  return salesListLoader(context.get(requestContext), request, "sales_order");
}

// The saved-view forms of the list screen.
export async function action({ request, context }: Route.ActionArgs) {
  return salesListAction(context.get(requestContext), request, "sales_order");
}

export default function SalesOrdersList({ loaderData, actionData }: Route.ComponentProps) {
  return <SalesListPage kind="sales_order" loaderData={loaderData} actionData={actionData} />;
}
