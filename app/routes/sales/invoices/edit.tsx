import { requestContext } from "../../../../worker/context";
import { salesEditLoader, saveSalesAction } from "../documents.server";
import { SalesEditPage } from "../../../components/sales/sales-document-pages";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return salesEditLoader(context.get(requestContext), request, "invoice", params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveSalesAction(context.get(requestContext), request, "invoice", params.id);
}

export default function EditInvoice({ loaderData, actionData }: Route.ComponentProps) {
  return <SalesEditPage kind="invoice" loaderData={loaderData} action={actionData} />;
}
