import { requestContext } from "../../../../worker/context";
import { salesDetailAction, salesDetailLoader } from "../documents.server";
import { shipOrderAction } from "../shipping-orders.server";
import { SalesDetailPage } from "../../../components/sales/sales-document-pages";
import { OrderInvoicesCard } from "../../../components/sales/invoice-pages";
import { FollowActionsCard } from "../../../components/sales/follow-pages";
import { ShipOrderPanel, type ShipRefusal } from "../../../components/sales/ship-order-panel";
import type { Route } from "./+types/detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return salesDetailLoader(context.get(requestContext), request, "sales_order", params.id);
}

// The status buttons and the delete (after confirmation): they need the edit permission. The ship
// form makes a shipping order: it needs edit_shipping_orders.
export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.clone().formData();
  if (form.get("intent") === "ship") return shipOrderAction(rc, request, form, params.id);
  return salesDetailAction(rc, request, "sales_order", params.id);
}

export default function SalesOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData && "ship" in actionData ? (actionData as ShipRefusal) : undefined;
  return (
    <SalesDetailPage kind="sales_order" loaderData={loaderData} actionData={refusal ? undefined : actionData}>
      {loaderData.shipping ? <ShipOrderPanel shipping={loaderData.shipping} refusal={refusal} /> : null}
      {loaderData.invoices ? (
        <OrderInvoicesCard
          invoices={loaderData.invoices}
          deposit={(loaderData.intents as readonly string[]).includes("invoice")}
          errors={actionData && "fields" in actionData ? actionData.fields : undefined}
        />
      ) : null}
      {loaderData.follow ? (
        <FollowActionsCard
          source={{ type: "sales_order", id: loaderData.doc.id, currency: loaderData.doc.currency }}
          follow={loaderData.follow}
        />
      ) : null}
    </SalesDetailPage>
  );
}
