import { Form, Link, useNavigation } from "react-router";
import { isDocumentStatus, statusesOf } from "../../../worker/domain/documents/statuses";
import type { OrderInvoice } from "../../../worker/domain/invoices/order-invoices";
import type { InvoicePayments } from "../../../worker/domain/invoices/invoice-pages";
import type { InvoiceView } from "../../../worker/domain/invoices/invoice-views";
import type { SalesDocumentType, SalesDocumentView } from "../../../worker/domain/sales/sales-documents";
import type { Formatter } from "../../../worker/domain/shared/format";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { SelectField, SubmitButton, TextField } from "../contacts/form-parts";
import type { FieldErrorMap } from "../form-field";
import type { ListColumn, ListFilterDefinition } from "../list/list-screen";
import { StatusChip } from "../status-chip";

/** What the invoice screens add to the shared sales document screens: their list columns and filters, and their facts. */

type Option = { value: string; label: string };

/** The message prefix naming one document of each type an invoice may be made from ("Sales order CMD-…"). */
const ONE_OF: Partial<Record<SalesDocumentType, string>> = {
  estimate: "estimates.one",
  sales_order: "sales_orders.one",
  shipping_order: "shipping_orders.one",
  subscription: "subscriptions.one",
};

/** A row of the sales documents' lists: an estimate's, an order's or an invoice's view. */
export type ListedDocument = SalesDocumentView | InvoiceView;

const isInvoice = (d: ListedDocument): d is InvoiceView => "due_date" in d;

/** The invoice list's own columns: its due date (after the date), and what remains to pay (after the total). */
export function invoiceColumns(t: (id: string) => string, format: Formatter): Record<"due" | "remaining", ListColumn<ListedDocument>> {
  return {
    due: {
      key: "due_date",
      label: t("invoices.due_date"),
      sortable: true,
      render: (d) => (isInvoice(d) && d.due_date ? format.date(d.due_date) : "—"),
    },
    remaining: {
      key: "remaining_to_pay",
      label: t("invoices.remaining_to_pay"),
      numeric: true,
      render: (d) => (isInvoice(d) && d.status !== "draft" ? format.money(d.remaining_to_pay, d.currency) : "—"),
    },
  };
}

/** The invoice list's filters: number, the status as shown (overdue among them), customer, date and due date ranges. */
export function invoiceListFilters(t: (id: string) => string, customers: Option[]): ListFilterDefinition[] {
  return [
    { key: "number", label: t("sales_documents.number"), type: "text" },
    {
      key: "shown_status",
      label: t("sales_documents.status"),
      type: "select",
      options: [...statusesOf("invoice"), "overdue" as const].map((s) => ({ value: s, label: t(`status.${s}`) })),
    },
    ...(customers.length
      ? [{ key: "customer_id", label: t("sales_documents.customer"), type: "select" as const, options: customers }]
      : []),
    { key: "date", label: t("sales_documents.date"), type: "date" },
    { key: "due_date", label: t("invoices.due_date"), type: "date" },
  ];
}

/** An invoice's own lines of its page's facts: due date, what was paid and what remains, where it was made from. */
export function InvoiceFacts({
  invoice,
  origin,
  canShare,
}: {
  invoice: InvoiceView;
  origin: { href: string; number: string; type: SalesDocumentType } | null;
  /** Whoever edits invoices turns the public link on and off. */
  canShare: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const money = (amount: string) => format.money(amount, invoice.currency);
  const one = origin ? ONE_OF[origin.type] : undefined;
  return (
    <>
      <dt>{t("invoices.due_date")}</dt>
      <dd>
        {invoice.due_date ? format.date(invoice.due_date) : "—"}
        {invoice.overdue ? (
          <>
            {" "}
            <StatusChip status="overdue" />
          </>
        ) : null}
      </dd>
      {invoice.status === "draft" ? null : (
        <>
          <dt>{t("invoices.amount_paid")}</dt>
          <dd data-total="amount_paid">{money(invoice.amount_paid)}</dd>
          <dt>{t("invoices.remaining_to_pay")}</dt>
          <dd data-total="remaining_to_pay">{money(invoice.remaining_to_pay)}</dd>
        </>
      )}
      {invoice.status === "draft" ? null : (
        <>
          <dt>{t("invoices.public_link")}</dt>
          <dd className="invoice-public-link">
            {invoice.public_url ? (
              <a href={invoice.public_url} target="_blank" rel="noopener noreferrer" data-testid="public-link">
                {t("invoices.public_link_open")}
              </a>
            ) : (
              <span>{t("invoices.public_link_off")}</span>
            )}
            {canShare ? (
              <Form method="post" className="invoice-public-link__switch">
                <input type="hidden" name="enabled" value={invoice.public_link ? "false" : "true"} />
                <button type="submit" name="intent" value="public_link" className="button button--small">
                  {invoice.public_link ? t("invoices.public_link_disable") : t("invoices.public_link_enable")}
                </button>
              </Form>
            ) : null}
          </dd>
        </>
      )}
      {origin ? (
        <>
          <dt>{t("invoices.created_from")}</dt>
          <dd>
            <Link to={origin.href}>{one ? `${t(one)} ${origin.number}` : origin.number}</Link>
          </dd>
        </>
      ) : null}
    </>
  );
}

/** What the payment form held when its post was refused. */
export interface PaymentFormValues {
  amount: string;
  date: string;
  notes: string;
  payment_method_id: string;
}

/** A refused payment: the error, its fields and what was typed (the page shows it at the form, not above). */
export interface PaymentRefusal {
  error: string;
  params?: Record<string, unknown> | undefined;
  fields?: NonNullable<FieldErrorMap> | undefined;
  payment: PaymentFormValues;
}

export const isPaymentRefusal = (action: unknown): action is PaymentRefusal =>
  typeof action === "object" && action !== null && "payment" in action;

/**
 * An invoice's payments: the list (a payment recorded by mistake may be deleted) and the form that
 * records one, its amount what remains to pay and its date today until the user types others.
 */
export function InvoicePaymentsSection({
  invoice,
  payments,
  refusal,
}: {
  invoice: InvoiceView;
  payments: InvoicePayments;
  refusal: PaymentRefusal | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const money = (amount: string) => format.money(amount, invoice.currency);
  const { record } = payments;
  const values: PaymentFormValues = refusal?.payment ?? {
    amount: format.input(invoice.remaining_to_pay, 2),
    date: record?.today ?? "",
    notes: "",
    payment_method_id: "",
  };
  const errors = refusal?.fields;
  const atFields = Object.keys(errors ?? {}).length > 0;
  const columns = [
    t("sales_documents.date"),
    t("invoices.payment_amount"),
    t("invoices.payment_method"),
    t("sales_documents.notes"),
    ...(payments.canDelete ? [""] : []),
  ];
  return (
    <section aria-labelledby="payments" className="card">
      <h2 id="payments">{t("invoices.payments")}</h2>
      {payments.items.length === 0 ? <p className="muted">{t("invoices.no_payments")}</p> : null}
      {payments.items.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table invoice-payments">
            <thead>
              <tr>
                {columns.map((label, i) => (
                  // The amount is a figure, right-aligned; the delete column is named for screen readers only.
                  <th key={i} scope="col" className={i === 1 ? "numeric" : undefined}>
                    {label || <span className="visually-hidden">{t("invoices.delete_payment")}</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {payments.items.map((p) => (
                <PaymentRow key={p.id} payment={p} money={money} canDelete={payments.canDelete} busy={busy} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {record ? (
        <Form method="post" noValidate className="invoice-payment-form" key={JSON.stringify(values)}>
          <input type="hidden" name="intent" value="record_payment" />
          <h3>{t("invoices.record_payment")}</h3>
          {refusal ? (
            <p role="alert" className="alert alert--error">
              {atFields ? t("sales_documents.fix_fields") : errorText(refusal)}
            </p>
          ) : null}
          <div className="sales-form__grid">
            <TextField name="amount" label={t("invoices.payment_amount")} value={values.amount} errors={errors} inputMode="decimal" />
            <TextField name="date" label={t("sales_documents.date")} value={values.date} errors={errors} type="date" />
            <SelectField
              name="payment_method_id"
              label={t("invoices.payment_method")}
              value={values.payment_method_id}
              errors={errors}
              options={record.methods.map((m) => ({ value: String(m.id), label: m.label }))}
              empty="—"
            />
            <TextField name="notes" label={t("sales_documents.notes")} value={values.notes} errors={errors} maxLength={2000} />
          </div>
          <SubmitButton label={t("invoices.record_payment")} />
        </Form>
      ) : null}
    </section>
  );
}

/** One payment of the list, with its delete button for whoever may delete it now. */
function PaymentRow({
  payment,
  money,
  canDelete,
  busy,
}: {
  payment: InvoicePayments["items"][number];
  money: (amount: string) => string;
  canDelete: boolean;
  busy: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const deleteButton = (
    <Form method="post">
      <input type="hidden" name="payment_id" value={payment.id} />
      <button
        type="submit"
        name="intent"
        value="delete_payment"
        className="button button--secondary"
        disabled={busy}
        aria-label={t("invoices.delete_payment_of", { amount: money(payment.amount) })}
      >
        {t("invoices.delete_payment")}
      </button>
    </Form>
  );
  return (
    <tr>
      <td>{format.date(payment.date)}</td>
      <td className="numeric">{money(payment.amount)}</td>
      <td>{payment.payment_method?.label ?? "—"}</td>
      <td style={{ whiteSpace: "pre-wrap" }}>{payment.notes ?? "—"}</td>
      {canDelete ? <td>{deleteButton}</td> : null}
    </tr>
  );
}

/** A sales order's invoices on its page: number (or Draft), date, status, total and what is left to pay. */
export function OrderInvoicesCard({ invoices, deposit, errors }: { invoices: OrderInvoice[]; deposit: boolean; errors?: FieldErrorMap }) {
  const t = useT();
  const format = useFormat();
  return (
    <section className="card" aria-labelledby="order-invoices">
      <h2 id="order-invoices">{t("invoices.title")}</h2>
      {deposit ? (
        // A deposit invoice of a percentage of the order; its later invoices deduct it.
        <Form method="post" className="deposit-form" data-testid="deposit-form">
          <input type="hidden" name="intent" value="deposit_invoice" />
          <TextField
            name="deposit_percentage"
            label={t("invoices.deposit_percentage")}
            value=""
            errors={errors}
            inputMode="decimal"
            required
            size={6}
          />
          <SubmitButton label={t("invoices.make_deposit")} />
        </Form>
      ) : null}
      {invoices.length === 0 ? (
        <p>{t("invoices.none_for_order")}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("sales_documents.number")}</th>
              <th scope="col">{t("sales_documents.date")}</th>
              <th scope="col">{t("sales_documents.status")}</th>
              <th scope="col" className="numeric">
                {t("sales_documents.total")}
              </th>
              <th scope="col" className="numeric">
                {t("invoices.remaining_to_pay")}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((i) => (
              <tr key={i.id} data-testid="order-invoice">
                <td>
                  <Link to={`/sales/invoices/${i.id}`}>{i.number ?? t("status.draft")}</Link>
                </td>
                <td>{format.date(i.date)}</td>
                <td>{isDocumentStatus(i.shown_status) ? <StatusChip status={i.shown_status} /> : i.shown_status}</td>
                <td className="numeric">{format.money(i.total, i.currency)}</td>
                <td className="numeric">{format.money(i.remaining_to_pay, i.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
