import { Form, Link } from "react-router";
import { requestContext } from "../../../../worker/context";
import { IdempotencyKeyField, IdempotencyKeyProvider } from "../../../components/idempotency-key";
import { readableParams, type FieldErrors } from "../../../components/inventory/format";
import { StatusChip } from "../../../components/status-chip";
import { useFormat } from "../../../format";
import { useErrorText, useT } from "../../../i18n";
import { DELIVERIES_PATH, PURCHASE_ORDERS_PATH } from "../../../components/purchasing/paths";
import { purchaseOrderDetailAction, purchaseOrderDetailLoader } from "../purchasing.server";
import "../../../components/inventory/inventory.css";
import type { Route } from "./+types/detail";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return purchaseOrderDetailLoader(context.get(requestContext), request, params.id);
}

/** Receive, complete, cancel or email: the edit permissions are checked by the domain. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return purchaseOrderDetailAction(context.get(requestContext), request, params.id);
}

type Failure = { error: string; params?: Record<string, unknown>; fields?: FieldErrors } | undefined;

export default function PurchaseOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const { order, deliveries, canEdit, canReceive, notice, idempotencyKey } = loaderData;
  const failure = actionData as Failure;
  const fields = readableParams(failure?.fields, format.quantity);
  const open = order.status === "pending" || order.status === "in_progress";
  const receivable = (order.lines ?? []).filter((l) => (l.kind === "variant" || l.kind === "pack") && Number(l.remaining_units) > 0);
  const money = (v: string) => format.money(v, order.currency);
  return (
    <>
      <title>{`${t("purchase_orders.one", { number: order.number })} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {t("purchase_orders.one", { number: order.number })} <StatusChip status={order.status} />
        </h1>
        <Link to={PURCHASE_ORDERS_PATH}>{t("purchase_orders.back_to_list")}</Link>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`purchase_orders.notice_${notice}`)}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="alert alert--error">
          {errorText(failure.error, failure.params)}
          {fields
            ? Object.entries(fields).map(([key, e]) => (
                <span key={key} className="field__error">
                  {" "}
                  {errorText(e.code, e.params)}
                </span>
              ))
            : null}
        </p>
      ) : null}
      <section className="card">
        <dl className="detail-list">
          <dt>{t("purchase_orders.supplier")}</dt>
          <dd>
            <Link to={`/contacts/suppliers/${order.supplier_id}`}>{order.supplier.label}</Link>
          </dd>
          <dt>{t("purchase_orders.location")}</dt>
          <dd>{order.location.label}</dd>
          <dt>{t("stock_documents.date")}</dt>
          <dd>{format.date(order.date)}</dd>
          <dt>{t("purchase_orders.expected_date")}</dt>
          <dd>{order.expected_date ? format.date(order.expected_date) : "—"}</dd>
          <dt>{t("purchase_orders.supplier_reference")}</dt>
          <dd>{order.supplier_reference ?? "—"}</dd>
          <dt>{t("purchase_orders.currency")}</dt>
          <dd>{order.currency}</dd>
        </dl>
        <p className="actions">
          <a className="button" href={`${PURCHASE_ORDERS_PATH}/${order.id}/pdf`} target="_blank" rel="noreferrer">
            {t("purchase_orders.pdf")}
          </a>{" "}
          {canEdit && open ? (
            <Link className="button" to={`${PURCHASE_ORDERS_PATH}/${order.id}/edit`}>
              {t("stock_documents.edit")}
            </Link>
          ) : null}
        </p>
      </section>

      <section className="card">
        <h2>{t("stock_documents.lines")}</h2>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("stock.sku")}</th>
              <th scope="col">{t("purchase_orders.description")}</th>
              <th scope="col" className="numeric">
                {t("stock_documents.quantity")}
              </th>
              <th scope="col" className="numeric">
                {t("purchase_orders.unit_price")}
              </th>
              <th scope="col" className="numeric">
                {t("purchase_orders.received")}
              </th>
              <th scope="col" className="numeric">
                {t("purchase_orders.remaining")}
              </th>
              <th scope="col" className="numeric">
                {t("purchase_orders.total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {(order.lines ?? []).map((l) => (
              <tr key={l.id}>
                <td>{l.sku ?? ""}</td>
                <td>{l.pack_label ? `${l.description ?? ""} (${l.pack_label})` : (l.description ?? "")}</td>
                <td className="numeric">{l.kind === "text" ? "" : format.quantity(l.quantity)}</td>
                <td className="numeric">{l.kind === "text" ? "" : money(l.price)}</td>
                <td className="numeric">{l.kind === "variant" || l.kind === "pack" ? format.quantity(l.received_units) : ""}</td>
                <td className="numeric">{l.kind === "variant" || l.kind === "pack" ? format.quantity(l.remaining_units) : ""}</td>
                <td className="numeric">{l.kind === "text" ? "" : money(l.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="detail-list">
          <dt>{t("purchase_orders.total_excl_tax")}</dt>
          <dd>{money(order.total_excl_tax)}</dd>
          <dt>{t("purchase_orders.tax_total")}</dt>
          <dd>{money(order.tax_total)}</dd>
          <dt>{t("purchase_orders.total")}</dt>
          <dd>
            <strong>{money(order.total)}</strong>
          </dd>
        </dl>
      </section>

      {canReceive && open && receivable.length ? (
        <section className="card">
          <h2>{t("purchase_orders.receive")}</h2>
          <p className="muted">{t("purchase_orders.receive_hint")}</p>
          <IdempotencyKeyProvider value={idempotencyKey}>
            <Form method="post" noValidate>
              <IdempotencyKeyField />
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t("stock.sku")}</th>
                    <th scope="col" className="numeric">
                      {t("purchase_orders.remaining")}
                    </th>
                    <th scope="col">{t("purchase_orders.receive_quantity")}</th>
                    <th scope="col">{t("stock_documents.batch_number")}</th>
                    <th scope="col">{t("purchase_orders.expiration_date")}</th>
                  </tr>
                </thead>
                <tbody>
                  {receivable.map((l, i) => (
                    <tr key={l.id}>
                      <td>
                        <input type="hidden" name="line_id" value={l.id} />
                        {l.sku}
                      </td>
                      <td className="numeric">{format.quantity(l.remaining_units)}</td>
                      <td>
                        <input
                          name="quantity"
                          inputMode="decimal"
                          aria-label={t("purchase_orders.receive_quantity_of", { sku: l.sku ?? "" })}
                          defaultValue={l.kind === "pack" ? "" : format.input(l.remaining_units)}
                          aria-invalid={Boolean(fields?.[`lines.${i}.quantity`])}
                        />
                      </td>
                      <td>
                        {l.batch_tracked ? (
                          <input name="batch_number" aria-label={t("stock_documents.batch_number")} maxLength={100} />
                        ) : (
                          <input type="hidden" name="batch_number" value="" />
                        )}
                      </td>
                      <td>
                        {l.batch_tracked ? (
                          <input name="expiration_date" type="date" aria-label={t("purchase_orders.expiration_date")} />
                        ) : (
                          <input type="hidden" name="expiration_date" value="" />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <button type="submit" name="intent" value="receive" className="button button--primary">
                {t("purchase_orders.receive_button")}
              </button>
            </Form>
          </IdempotencyKeyProvider>
        </section>
      ) : null}

      {deliveries.length ? (
        <section className="card">
          <h2>{t("menu.deliveries")}</h2>
          <ul>
            {deliveries.map((d) => (
              <li key={d.id}>
                <Link to={`${DELIVERIES_PATH}/${d.id}`}>{d.number}</Link> — {format.date(d.date)} <StatusChip status={d.status} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {canEdit ? (
        <section className="card">
          <h2>{t("purchase_orders.send")}</h2>
          <Form method="post" className="inline-form">
            <label htmlFor="email-to">{t("purchase_orders.email_to")}</label>{" "}
            <input id="email-to" name="to" type="email" defaultValue={order.supplier.email ?? ""} />{" "}
            <button type="submit" name="intent" value="email" className="button">
              {t("purchase_orders.email_button")}
            </button>
          </Form>
          {open ? (
            <Form method="post" className="actions">
              <button type="submit" name="intent" value="complete" className="button">
                {t("purchase_orders.complete")}
              </button>{" "}
              <button type="submit" name="intent" value="cancel" className="button button--danger">
                {t("purchase_orders.cancel")}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
