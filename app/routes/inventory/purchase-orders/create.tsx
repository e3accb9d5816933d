import { Link } from "react-router";
import { requestContext } from "../../../../worker/context";
import { IdempotencyKeyProvider } from "../../../components/idempotency-key";
import type { FieldErrors } from "../../../components/inventory/format";
import { NEW_PURCHASE_ORDER, PurchaseOrderForm, type PurchaseOrderFormValues } from "../../../components/purchasing/purchase-order-form";
import { useErrorText, useT } from "../../../i18n";
import { PURCHASE_ORDERS_PATH } from "../../../components/purchasing/paths";
import { purchaseOrderFormLoader, purchaseOrderSaveAction } from "../purchasing.server";
import type { Route } from "./+types/create";

export async function loader({ request, context }: Route.LoaderArgs) {
  return purchaseOrderFormLoader(context.get(requestContext), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return purchaseOrderSaveAction(context.get(requestContext), request);
}

type Failure = { error?: string; params?: Record<string, unknown>; fields?: FieldErrors; values: PurchaseOrderFormValues } | undefined;

export default function CreatePurchaseOrder({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const failure = actionData as Failure;
  const title = t("purchase_orders.new_title");
  // A supplier's page links here with ?supplier=<id>.
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={PURCHASE_ORDERS_PATH}>{t("purchase_orders.back_to_list")}</Link>
      </div>
      {failure?.error ? (
        <p role="alert" className="alert alert--error">
          {Object.keys(failure.fields ?? {}).length ? t("stock_documents.fix_fields") : errorText(failure.error, failure.params)}
        </p>
      ) : null}
      <IdempotencyKeyProvider value={loaderData.idempotencyKey}>
        <PurchaseOrderForm
          values={failure?.values ?? NEW_PURCHASE_ORDER}
          suppliers={loaderData.suppliers}
          locations={loaderData.locations}
          errors={failure?.fields}
          submitLabel={t("purchase_orders.create")}
        />
      </IdempotencyKeyProvider>
    </>
  );
}
