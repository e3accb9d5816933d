import { requestContext } from "../../../../worker/context";
import { salesEditLoader, saveSalesAction } from "../documents.server";
import { SalesEditPage } from "../../../components/sales/sales-document-pages";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return salesEditLoader(context.get(requestContext), request, "sales_order", params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveSalesAction(context.get(requestContext), request, "sales_order", params.id);
}

export default function EditSalesOrder({ loaderData, actionData }: Route.ComponentProps) {
  return <SalesEditPage kind="sales_order" loaderData={loaderData} action={actionData} />;
}
