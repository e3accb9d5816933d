import { requestContext } from "../../../../worker/context";
import { salesCreateLoader, saveSalesAction } from "../documents.server";
import { SalesCreatePage } from "../../../components/sales/sales-document-pages";
import type { Route } from "./+types/create";

export async function loader({ request, context }: Route.LoaderArgs) {
  return salesCreateLoader(context.get(requestContext), request, "invoice");
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveSalesAction(context.get(requestContext), request, "invoice");
}

export default function CreateInvoice({ loaderData, actionData }: Route.ComponentProps) {
  return <SalesCreatePage kind="invoice" loaderData={loaderData} action={actionData} />;
}
