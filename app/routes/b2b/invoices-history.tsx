import { Link } from "react-router";
import { isStatusOf } from "../../../worker/domain/documents/statuses";
import { getStoreInvoice, listStoreInvoices } from "../../../worker/domain/store/list-store-invoices";
import { StatusChip } from "../../components/status-chip";
import { StoreDocumentLines } from "../../components/store/store-document-lines";
import { StoreHistory } from "../../components/store/store-history";
import { StoreTotals } from "../../components/store/store-totals";
import { useFormat } from "../../format";
import { useT } from "../../i18n";
import { loadStoreHistory } from "../../server/store-history.server";
import type { Route } from "./+types/invoices-history";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadStoreHistory(request, context, params.invoice, {
    shown: (menu) => menu.invoices,
    one: (ctx, id) => getStoreInvoice(ctx, { id }),
    list: (ctx, page) => listStoreInvoices(ctx, { page }),
  });
}

/** The invoice's status as the buyer reads it: overdue when it is (derived), else the stored one. */
function InvoiceStatus({ status }: { status: string }) {
  return isStatusOf("invoice", status) || status === "overdue" ? <StatusChip status={status as "overdue"} /> : <>{status}</>;
}

/** The buyer's invoice history (platform spec §2): the customer's issued invoices, 10 a page, and one with its lines and payments. */
export default function InvoicesHistory({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const { detail, list } = loaderData;
  if (detail) {
    const { invoice, payments } = detail;
    const number = invoice.number ?? "";
    return (
      <>
        <title>{t("b2b.invoice_number", { number })}</title>
        <h1>{t("b2b.invoice_number", { number })}</h1>
        <p>
          <InvoiceStatus status={invoice.shown_status} /> · {format.date(invoice.date)}
          {invoice.due_date ? ` · ${t("b2b.due_on", { date: format.date(invoice.due_date) })}` : ""}
        </p>
        <StoreDocumentLines lines={invoice.lines ?? []} currency={invoice.currency} />
        <StoreTotals figures={{ ...invoice, total_incl_tax: invoice.total }} currency={invoice.currency} testId="invoice-detail" />
        <dl className="store-invoice__money" data-testid="invoice-money">
          <dt>{t("b2b.amount_paid")}</dt>
          <dd>{format.money(invoice.amount_paid, invoice.currency)}</dd>
          <dt>{t("b2b.remaining_to_pay")}</dt>
          <dd>{format.money(invoice.remaining_to_pay, invoice.currency)}</dd>
        </dl>
        <h2>{t("b2b.payments_title")}</h2>
        {payments.length === 0 ? (
          <p>{t("b2b.no_payments")}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table" data-testid="invoice-payments">
              <thead>
                <tr>
                  <th>{t("b2b.date")}</th>
                  <th>{t("b2b.payment_method")}</th>
                  <th>{t("b2b.amount")}</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((p) => (
                  <tr key={p.id}>
                    <td>{format.date(p.date)}</td>
                    <td>{p.payment_method?.label ?? "—"}</td>
                    <td>{format.money(p.amount, p.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Link to="/b2b/invoices-history">{t("b2b.back_to_invoices")}</Link>
      </>
    );
  }
  return (
    <StoreHistory
      title={t("b2b.invoices_title")}
      empty={t("b2b.no_invoices")}
      columns={[t("b2b.number"), t("b2b.date"), t("b2b.due_date"), t("b2b.status"), t("b2b.total"), t("b2b.remaining_to_pay")]}
      testId="store-invoice"
      page={list}
      rows={
        list?.items.map((i) => ({
          id: i.id,
          cells: [
            <Link key="number" to={`/b2b/invoices-history/${i.id}`}>
              {i.number}
            </Link>,
            format.date(i.date),
            i.due_date ? format.date(i.due_date) : "—",
            <InvoiceStatus key="status" status={i.shown_status} />,
            format.money(i.total, i.currency),
            format.money(i.remaining_to_pay, i.currency),
          ],
        })) ?? null
      }
    />
  );
}
