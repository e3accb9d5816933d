import { Link } from "react-router";
import { isStatusOf } from "../../../worker/domain/documents/statuses";
import type { ShippingOrderListRow } from "../../../worker/domain/sales/list-shipping-orders";
import { useFormat } from "../../format";
import { useErrorText, useT, type Translate } from "../../i18n";
import { fromListPage, ListScreen, type ListColumn } from "../list/list-screen";
import { PackNote } from "../documents/pack-note";
import { statusChip } from "../status-chip";
import { EmailDialog, SentEmails } from "./document-emails";
import { IntentButton } from "./sales-document-pages";
import { SALES_KINDS } from "./sales-kinds";
import { SHIPPING_ORDERS, type ShippingDetailData, type ShippingIntent, type ShippingListData } from "./shipping-kinds";
import { salesListFilters } from "./sales-list-filters";
import "./sales.css";

/** A shipping order's status as a chip (any other text as it is). */
export function ShippingChip({ status }: { status: string }) {
  return shippingChip(status, useT());
}

/** The chip's markup, for a list's cells (plain markup: decision 056). */
export function shippingChip(status: string, t: Translate) {
  return isStatusOf("shipping_order", status) ? statusChip(status, t) : status;
}

/** A shipping table's head: SKU, description, a quantity, then more columns (message ids). */
export function ShippingLinesHead({ numeric, more }: { numeric: string; more: string[] }) {
  const t = useT();
  return (
    <thead>
      <tr>
        <th scope="col">{t("documents.line.sku")}</th>
        <th scope="col">{t("documents.line.description")}</th>
        <th scope="col" className="numeric">
          {t(numeric)}
        </th>
        {more.map((id) => (
          <th key={id} scope="col">
            {t(id)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export function ShippingListPage({ loaderData, actionData }: { loaderData: ShippingListData; actionData: unknown }) {
  const t = useT();
  const format = useFormat();
  const { list } = loaderData;
  const columns: ListColumn<ShippingOrderListRow>[] = [
    { key: "number", label: t("sales_documents.number"), sortable: true, render: (d) => d.number },
    { key: "customer", label: t("sales_documents.customer"), render: (d) => d.customer.label },
    {
      key: "sales_order",
      label: t("shipping_orders.sales_order"),
      render: (d) => d.sales_order?.number ?? "—",
    },
    { key: "date", label: t("sales_documents.date"), sortable: true, render: (d) => format.date(d.date) },
    { key: "status", label: t("sales_documents.status"), render: (d) => shippingChip(d.status, t) },
    { key: "location", label: t("sales_documents.location"), render: (d) => d.location.label, defaultVisible: false },
    {
      key: "units",
      label: t("shipping_orders.units"),
      numeric: true,
      render: (d) => format.quantity(d.total_units),
      defaultVisible: false,
    },
  ];
  const filters = salesListFilters(t, "shipping_order");
  return (
    <>
      <title>{`${t("shipping_orders.title")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("shipping_orders.title")}
        exportList="shipping_orders"
        bulkPdf="shipping_order"
        columns={columns}
        rowHref={(d) => `${SHIPPING_ORDERS.path}/${d.id}`}
        filters={filters}
        searchable
      />
    </>
  );
}

// ── Detail ───────────────────────────────────────────────────────────────────────────────────

const INTENT_LABELS: Record<ShippingIntent, string> = {
  prepare: "shipping_orders.prepare",
  ready: "shipping_orders.ready",
  ship: "shipping_orders.ship",
  deliver: "shipping_orders.deliver",
  invoice: "invoices.invoice_it",
  cancel: "shipping_orders.cancel",
};

export function ShippingDetailPage({
  loaderData,
  actionData,
}: {
  loaderData: ShippingDetailData;
  actionData: { error: string; params?: Record<string, unknown> } | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const { doc, intents, order, emails, notice } = loaderData;
  const title = `${t("shipping_orders.one")} ${doc.number}`;
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {title} <ShippingChip status={doc.status} />
        </h1>
        <div className="actions">
          <Link to={SHIPPING_ORDERS.path}>{t("shipping_orders.back_to_list")}</Link>
          <a href={`${SHIPPING_ORDERS.path}/${doc.id}/pdf`} target="_blank" rel="noreferrer" className="button button--secondary">
            {t("sales_documents.pdf")}
          </a>
          {emails.draft ? <EmailDialog action={`${SHIPPING_ORDERS.path}/${doc.id}/email`} draft={emails.draft} /> : null}
          {intents.map((intent) => (
            <IntentButton
              key={intent}
              intent={intent}
              label={t(INTENT_LABELS[intent])}
              primary={intent === "ship" || intent === "deliver"}
            />
          ))}
        </div>
      </div>
      {notice ? (
        <p role="status" className={`alert ${notice === "not_editable" ? "alert--warning" : "alert--success"}`}>
          {t(notice === "not_editable" ? "shipping_orders.not_editable" : `sales_documents.notice_${notice}`)}
        </p>
      ) : null}
      {actionData ? (
        <p role="alert" className="alert alert--error">
          {errorText(actionData.error, actionData.params)}
        </p>
      ) : null}
      <section className="card">
        <dl className="detail-list">
          <dt>{t("shipping_orders.sales_order")}</dt>
          <dd>{order ? <Link to={`${SALES_KINDS.sales_order.path}/${order.id}`}>{order.number}</Link> : "—"}</dd>
          <dt>{t("sales_documents.customer")}</dt>
          <dd>{doc.customer.label}</dd>
          <dt>{t("sales_documents.location")}</dt>
          <dd>{doc.location.label}</dd>
          <dt>{t("sales_documents.date")}</dt>
          <dd>{format.date(doc.date)}</dd>
          <dt>{t("sales_documents.shipping_date")}</dt>
          <dd>{doc.shipping_date ? format.date(doc.shipping_date) : "—"}</dd>
          <dt>{t("sales_documents.delivery_type")}</dt>
          <dd>{t(`sales_documents.delivery_${doc.delivery_type}`)}</dd>
          <dt>{t("sales_documents.notes")}</dt>
          <dd style={{ whiteSpace: "pre-wrap" }}>{doc.notes ?? "—"}</dd>
        </dl>
      </section>
      <section className="card">
        <h2>{t("sales_documents.lines")}</h2>
        <div className="table-scroll">
          <table className="data-table sales-lines">
            <ShippingLinesHead numeric="documents.line.quantity" more={["shipping_orders.batches"]} />
            <tbody>
              {(doc.lines ?? []).map((line) => (
                <tr key={line.id} className={line.component_of_lid ? "line-editor__component" : undefined}>
                  <td>{line.sku}</td>
                  <td>
                    {line.component_of_lid ? `– ${line.description ?? ""}` : line.description}
                    {line.kind === "pack" ? <PackNote label={line.pack_label} units={line.units} /> : null}
                  </td>
                  <td className="numeric">{format.quantity(line.quantity)}</td>
                  <td>
                    {line.batches && line.batches.length > 0
                      ? line.batches.map((b) => `${b.number} (${format.quantity(b.quantity)})`).join(", ")
                      : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          {t("shipping_orders.units")}: <strong>{format.quantity(doc.total_units)}</strong>
        </p>
      </section>
      <SentEmails sent={emails.sent} />
    </>
  );
}
