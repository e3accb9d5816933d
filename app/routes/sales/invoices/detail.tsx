import { requestContext } from "../../../../worker/context";
import { invoiceDetailAction, invoiceDetailLoader } from "../documents.server";
import { InvoicePaymentsSection, isPaymentRefusal } from "../../../components/sales/invoice-pages";
import { SalesDetailPage } from "../../../components/sales/sales-document-pages";
import { FollowActionsCard } from "../../../components/sales/follow-pages";
import type { Route } from "./+types/detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return invoiceDetailLoader(context.get(requestContext), request, params.id);
}

// Finalise, cancel, the delete of a draft and its payments: they need edit_invoices.
export async function action({ request, params, context }: Route.ActionArgs) {
  return invoiceDetailAction(context.get(requestContext), request, params.id);
}

export default function InvoiceDetail({ loaderData, actionData }: Route.ComponentProps) {
  // A refused payment is shown at its form; any other refusal above the page.
  const refusal = isPaymentRefusal(actionData) ? actionData : undefined;
  const { doc, payments } = loaderData;
  return (
    <SalesDetailPage kind="invoice" loaderData={loaderData} actionData={refusal ? undefined : actionData}>
      <InvoicePaymentsSection invoice={doc} payments={payments} refusal={refusal} />
      <FollowActionsCard source={{ type: "invoice", id: doc.id, currency: doc.currency }} follow={loaderData.follow} />
    </SalesDetailPage>
  );
}
