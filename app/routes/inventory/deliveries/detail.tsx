import { Form, Link } from "react-router";
import { requestContext } from "../../../../worker/context";
import { StatusChip } from "../../../components/status-chip";
import { useFormat } from "../../../format";
import { useErrorText, useT } from "../../../i18n";
import { DELIVERIES_PATH, PURCHASE_ORDERS_PATH } from "../../../components/purchasing/paths";
import { deliveryDetailAction, deliveryDetailLoader } from "../purchasing.server";
import type { Route } from "./+types/detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return deliveryDetailLoader(context.get(requestContext), request, params.id);
}

/** Cancel: its goods leave stock again and its order expects them again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return deliveryDetailAction(context.get(requestContext), request, params.id);
}

export default function DeliveryDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const { delivery, canEdit, notice } = loaderData;
  const failure = actionData as { error: string; params?: Record<string, unknown> } | undefined;
  return (
    <>
      <title>{`${t("deliveries.one", { number: delivery.number })} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {t("deliveries.one", { number: delivery.number })} {delivery.status ? <StatusChip status={delivery.status} /> : null}
        </h1>
        <Link to={DELIVERIES_PATH}>{t("deliveries.back_to_list")}</Link>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`purchase_orders.notice_${notice}`)}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="alert alert--error">
          {errorText(failure.error, failure.params)}
        </p>
      ) : null}
      <section className="card">
        <dl className="detail-list">
          <dt>{t("deliveries.purchase_order")}</dt>
          <dd>
            {delivery.purchase_order_id ? (
              <Link to={`${PURCHASE_ORDERS_PATH}/${delivery.purchase_order_id}`}>{t("deliveries.open_order")}</Link>
            ) : (
              "—"
            )}
          </dd>
          <dt>{t("stock_documents.location")}</dt>
          <dd>{delivery.location.label}</dd>
          <dt>{t("stock_documents.date")}</dt>
          <dd>{format.date(delivery.date)}</dd>
        </dl>
      </section>
      <section className="card">
        <h2>{t("stock_documents.lines")}</h2>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("stock.sku")}</th>
              <th scope="col">{t("purchase_orders.description")}</th>
              <th scope="col">{t("stock_documents.batch_number")}</th>
              <th scope="col" className="numeric">
                {t("stock_documents.quantity")}
              </th>
              <th scope="col" className="numeric">
                {t("stock_documents.unit_cost")}
              </th>
            </tr>
          </thead>
          <tbody>
            {(delivery.lines ?? []).map((l) => (
              <tr key={l.id}>
                <td>{l.sku}</td>
                <td>{l.label}</td>
                <td>{l.batch_number ?? "—"}</td>
                <td className="numeric">{format.quantity(l.quantity)}</td>
                <td className="numeric">{l.unit_cost === null ? "—" : format.money(l.unit_cost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {canEdit && delivery.status === "delivered" ? (
        <Form method="post">
          <button type="submit" name="intent" value="cancel" className="button button--danger">
            {t("deliveries.cancel")}
          </button>
        </Form>
      ) : null}
    </>
  );
}
