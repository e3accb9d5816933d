import { Link } from "react-router";
import { requestContext } from "../../../../worker/context";
import { IdempotencyKeyProvider } from "../../../components/idempotency-key";
import type { FieldErrors } from "../../../components/inventory/format";
import { PurchaseOrderForm, purchaseOrderValues, type PurchaseOrderFormValues } from "../../../components/purchasing/purchase-order-form";
import { useFormat } from "../../../format";
import { useErrorText, useT } from "../../../i18n";
import { PURCHASE_ORDERS_PATH } from "../../../components/purchasing/paths";
import { purchaseOrderFormLoader, purchaseOrderSaveAction } from "../purchasing.server";
import type { Route } from "./+types/edit";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return purchaseOrderFormLoader(context.get(requestContext), request, params.id);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return purchaseOrderSaveAction(context.get(requestContext), request, params.id);
}

type Failure = { error?: string; params?: Record<string, unknown>; fields?: FieldErrors; values: PurchaseOrderFormValues } | undefined;

export default function EditPurchaseOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const failure = actionData as Failure;
  const order = loaderData.order!;
  const title = t("purchase_orders.edit_title", { number: order.number });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={`${PURCHASE_ORDERS_PATH}/${order.id}`}>{t("stock_documents.back_to_document")}</Link>
      </div>
      {failure?.error ? (
        <p role="alert" className="alert alert--error">
          {Object.keys(failure.fields ?? {}).length ? t("stock_documents.fix_fields") : errorText(failure.error, failure.params)}
        </p>
      ) : null}
      <IdempotencyKeyProvider value={loaderData.idempotencyKey}>
        <PurchaseOrderForm
          values={failure?.values ?? purchaseOrderValues(order, format)}
          suppliers={loaderData.suppliers}
          locations={loaderData.locations}
          errors={failure?.fields}
          submitLabel={t("stock_documents.save")}
        />
      </IdempotencyKeyProvider>
    </>
  );
}
