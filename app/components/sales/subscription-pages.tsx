import { useState } from "react";
import { Link } from "react-router";
import { isStatusOf } from "../../../worker/domain/documents/statuses";
import type { InvoiceView } from "../../../worker/domain/invoices/invoice-views";
import { DELETE_ASKS } from "../../../worker/domain/shared/acknowledgements";
import type { SalesLineFacts } from "../../../worker/domain/sales/sales-line-facts";
import { FIRST_BILLING_RULES, MAX_BILLING_CYCLE, MAX_CYCLE_LIMIT } from "../../../worker/domain/subscriptions/renewal";
import type { SubscriptionView } from "../../../worker/domain/subscriptions/subscription-views";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { ListPageData } from "../../server/list-page.server";
import { FormField, type FieldErrorMap } from "../form-field";
import { IdempotencyKeyProvider } from "../idempotency-key";
import { fromListPage, ListScreen, type ListColumn } from "../list/list-screen";
import { StatusChip } from "../status-chip";
import { ConfirmDelete } from "../ui/confirm-delete";
import { Chip, IntentButton, LinesCard } from "./sales-document-pages";
import { NEW_SALES_DOCUMENT, SalesDocumentForm, salesValues, type SalesFormFailure } from "./sales-document-form";
import { salesListFilters } from "./sales-list-filters";
import "./sales.css";

/** The subscription screens (domain spec §3 'Subscription'): list, create, page with its invoices, edit. */

export const SUBSCRIPTIONS = { path: "/sales/subscriptions", invoicesPath: "/sales/invoices" } as const;

type Option = { value: string; label: string };
type FieldErrors = NonNullable<FieldErrorMap>;
type Rule = (typeof FIRST_BILLING_RULES)[number];

/** The terms as the form holds them, as text. */
export interface TermsValues {
  billing_cycle: string;
  cycle_limit: string;
  first_billing: Rule;
  specific_day: string;
}

export interface SubscriptionFormFailure extends SalesFormFailure {
  terms: TermsValues;
}

const NEW_TERMS: TermsValues = { billing_cycle: "1", cycle_limit: "", first_billing: "immediately", specific_day: "" };

const isRule = (value: string): value is Rule => (FIRST_BILLING_RULES as readonly string[]).includes(value);

/** The terms as posted. */
export function readTermsForm(form: FormData): TermsValues {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const rule = text("first_billing");
  return {
    billing_cycle: text("billing_cycle"),
    cycle_limit: text("cycle_limit"),
    first_billing: isRule(rule) ? rule : "immediately",
    specific_day: text("specific_day"),
  };
}

/** The verb's terms from the form: an empty limit is none (until cancelled); the day only with its rule. */
export function termsInput(terms: TermsValues): Record<string, unknown> {
  return {
    billing_cycle: terms.billing_cycle,
    cycle_limit: terms.cycle_limit || null,
    first_billing: terms.first_billing,
    ...(terms.first_billing === "specific_day" ? { specific_day: terms.specific_day || null } : {}),
  };
}

const termsOf = (doc: SubscriptionView): TermsValues => ({
  billing_cycle: String(doc.billing_cycle),
  cycle_limit: doc.cycle_limit === null ? "" : String(doc.cycle_limit),
  first_billing: doc.first_billing,
  specific_day: doc.specific_day ?? "",
});

/** The terms fields, in the sales form's first card: the day field shows with its rule only. */
function TermsFields({ values, errors, locked }: { values: TermsValues; errors: FieldErrors | undefined; locked: boolean }) {
  const t = useT();
  const [rule, setRule] = useState<Rule>(values.first_billing);
  return (
    <>
      <FormField name="billing_cycle" label={t("subscriptions.billing_cycle")} errors={errors}>
        {(props) => <input {...props} type="number" min={1} max={MAX_BILLING_CYCLE} step={1} defaultValue={values.billing_cycle} />}
      </FormField>
      <FormField name="cycle_limit" label={t("subscriptions.cycle_limit")} errors={errors}>
        {(props) => (
          <input
            {...props}
            type="number"
            min={1}
            max={MAX_CYCLE_LIMIT}
            step={1}
            placeholder={t("subscriptions.cycle_limit_hint")}
            defaultValue={values.cycle_limit}
          />
        )}
      </FormField>
      <FormField name="first_billing" label={t("subscriptions.first_billing")} errors={errors}>
        {(props) => (
          // Once a cycle is billed the first billing no longer moves (the verb refuses it): shown, not changed.
          <select {...props} value={rule} disabled={locked} onChange={(e) => isRule(e.target.value) && setRule(e.target.value)}>
            {FIRST_BILLING_RULES.map((r) => (
              <option key={r} value={r}>
                {t(`subscriptions.first_billing.${r}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {locked ? <input type="hidden" name="first_billing" value={rule} /> : null}
      {rule === "specific_day" ? (
        <FormField name="specific_day" label={t("subscriptions.specific_day")} errors={errors}>
          {(props) => <input {...props} type="date" readOnly={locked} defaultValue={values.specific_day} />}
        </FormField>
      ) : null}
    </>
  );
}

/** Above the form: the error without a field, or a pointer to the fields that hold theirs. */
function ErrorAlert({ action }: { action: SalesFormFailure | undefined }) {
  const t = useT();
  const errorText = useErrorText();
  if (!action) return null;
  const atFields = Object.keys(action.fields ?? {}).length > 0;
  return (
    <p role="alert" className="alert alert--error">
      {atFields ? t("sales_documents.fix_fields") : errorText(action)}
    </p>
  );
}

const chip = (status: string) => (isStatusOf("subscription", status) ? <StatusChip status={status} /> : <>{status}</>);

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export function SubscriptionListPage({
  loaderData,
  actionData,
}: {
  loaderData: { list: ListPageData<SubscriptionView>; canEdit: boolean; notice: "deleted" | null };
  actionData: unknown;
}) {
  const t = useT();
  const format = useFormat();
  const { list, canEdit, notice } = loaderData;
  const day = (value: string | null) => (value ? format.date(value) : "—");
  const columns: ListColumn<SubscriptionView>[] = [
    { key: "number", label: t("sales_documents.number"), sortable: true, render: (d) => d.number },
    { key: "customer", label: t("sales_documents.customer"), render: (d) => d.customer.label },
    { key: "date", label: t("sales_documents.date"), sortable: true, render: (d) => format.date(d.date) },
    {
      key: "status",
      label: t("sales_documents.status"),
      // A subscription whose last billing failed says so in the list, for the merchant to open it and fix it.
      render: (d) =>
        d.billing_failure && d.status === "active" ? (
          <>
            {chip(d.status)} <span className="muted">{t("subscriptions.billing_failed_short")}</span>
          </>
        ) : (
          chip(d.status)
        ),
    },
    { key: "billing_cycle", label: t("subscriptions.billing_cycle"), numeric: true, render: (d) => d.billing_cycle },
    { key: "renewal_date", label: t("subscriptions.renewal_date"), sortable: true, render: (d) => day(d.renewal_date) },
    {
      key: "end_date",
      label: t("subscriptions.end_date"),
      sortable: true,
      render: (d) => (d.cycle_limit === null ? t("subscriptions.never") : day(d.end_date)),
    },
    { key: "cycles_billed", label: t("subscriptions.cycles_billed"), numeric: true, render: (d) => d.cycles_billed, defaultVisible: false },
    { key: "location", label: t("sales_documents.location"), render: (d) => d.location.label, defaultVisible: false },
    { key: "total", label: t("sales_documents.total"), sortable: true, numeric: true, render: (d) => format.money(d.total, d.currency) },
    {
      key: "created",
      label: t("sales_documents.created_at"),
      sortable: true,
      render: (d) => format.dateTime(d.created_at),
      defaultVisible: false,
    },
  ];
  return (
    <>
      <title>{`${t("subscriptions.title")} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t("subscriptions.title")}
        columns={columns}
        rowHref={(d) => `${SUBSCRIPTIONS.path}/${d.id}`}
        exportList="subscriptions"
        filters={[...salesListFilters(t, "subscription"), { key: "renewal_date", label: t("subscriptions.renewal_date"), type: "date" }]}
        searchable
        createHref={canEdit ? `${SUBSCRIPTIONS.path}/create` : undefined}
        createLabel={t("subscriptions.new")}
        notice={
          notice ? (
            <p role="status" className="alert alert--success list-screen__notice">
              {t("sales_documents.notice_deleted")}
            </p>
          ) : null
        }
      />
    </>
  );
}

// ── Create and edit ──────────────────────────────────────────────────────────────────────────

export function SubscriptionCreatePage({
  loaderData,
  action,
}: {
  loaderData: { customers: Option[]; locations: Option[]; idempotencyKey: string };
  action: SubscriptionFormFailure | undefined;
}) {
  const t = useT();
  const title = t("subscriptions.new_title");
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={SUBSCRIPTIONS.path}>{t("subscriptions.back_to_list")}</Link>
      </div>
      <ErrorAlert action={action} />
      <IdempotencyKeyProvider value={loaderData.idempotencyKey}>
        <SalesDocumentForm
          // A refused post keeps what was typed.
          key={action ? JSON.stringify([action.values, action.terms]) : "new"}
          kind="subscription"
          values={action?.values ?? NEW_SALES_DOCUMENT}
          customers={loaderData.customers}
          locations={loaderData.locations}
          errors={action?.fields}
          submitLabel={t("subscriptions.create")}
          extra={<TermsFields values={action?.terms ?? NEW_TERMS} errors={action?.fields} locked={false} />}
        />
      </IdempotencyKeyProvider>
    </>
  );
}

export function SubscriptionEditPage({
  loaderData,
  action,
}: {
  loaderData: { doc: SubscriptionView; facts: SalesLineFacts; customers: Option[]; locations: Option[] };
  action: SubscriptionFormFailure | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const { doc, facts } = loaderData;
  const title = t("subscriptions.edit_title", { number: doc.number });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={`${SUBSCRIPTIONS.path}/${doc.id}`}>{t("sales_documents.back_to_document")}</Link>
      </div>
      <ErrorAlert action={action} />
      <SalesDocumentForm
        key={action ? JSON.stringify([action.values, action.terms]) : doc.id}
        kind="subscription"
        values={action?.values ?? salesValues(doc, facts, format)}
        customers={loaderData.customers}
        locations={loaderData.locations}
        errors={action?.fields}
        submitLabel={t("sales_documents.save")}
        extra={<TermsFields values={action?.terms ?? termsOf(doc)} errors={action?.fields} locked={doc.cycles_billed > 0} />}
      />
    </>
  );
}

// ── Detail ───────────────────────────────────────────────────────────────────────────────────

/**
 * The last billing that failed, while no invoice has been made since: what the merchant must fix
 * (the error, each field at fault) and when the cron tries again (an edit makes it try at once).
 */
function BillingFailure({ doc }: { doc: SubscriptionView }) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const failure = doc.billing_failure;
  if (!failure || doc.status !== "active") return null;
  const fields = Object.entries(failure.error.fields ?? {});
  // A line's field (lines.0.quantity) reads as the line's number and its column's name, as the line editor names it.
  const fieldName = (path: string) => {
    const line = /^lines\.(\d+)\.(\w+)$/.exec(path);
    if (!line) return `${path}:`;
    const id = `documents.line.${line[2]}`;
    const label = t(id);
    return t("subscriptions.billing_failed_line", { line: Number(line[1]) + 1, field: label === id ? line[2] : label });
  };
  return (
    <div role="alert" className="alert alert--error" data-testid="billing-failure">
      <p>
        {t("subscriptions.billing_failed", { date: format.dateTime(failure.failed_at), count: failure.failures })}{" "}
        {errorText(failure.error.code, failure.error.params)}
      </p>
      {fields.length ? (
        <ul>
          {fields.map(([field, error]) => (
            <li key={field}>
              {fieldName(field)} {errorText(error.code, error.params)}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        {failure.retry_at === null
          ? t("subscriptions.billing_retry_next_run")
          : t("subscriptions.billing_retry_at", { date: format.dateTime(failure.retry_at) })}
      </p>
    </div>
  );
}

export function SubscriptionDetailPage({
  loaderData,
  actionData,
}: {
  loaderData: {
    doc: SubscriptionView;
    invoices: InvoiceView[] | null;
    canEdit: boolean;
    canCancel: boolean;
    canDelete: boolean;
    notice: "created" | "saved" | "moved" | null;
  };
  actionData: { error: string; params?: Record<string, unknown> | undefined; fields?: FieldErrors | undefined } | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const { doc, invoices, canEdit, canCancel, canDelete, notice } = loaderData;
  const title = `${t("subscriptions.one")} ${doc.number}`;
  const day = (value: string | null) => (value ? format.date(value) : "—");
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {title} {chip(doc.status)}
        </h1>
        <div className="actions">
          <Link to={SUBSCRIPTIONS.path}>{t("subscriptions.back_to_list")}</Link>
          {canCancel ? <IntentButton intent="cancel" label={t("subscriptions.cancel")} /> : null}
          {canEdit ? (
            <Link to={`${SUBSCRIPTIONS.path}/${doc.id}/edit`} className="button button--secondary">
              {t("sales_documents.edit")}
            </Link>
          ) : null}
          {canDelete ? (
            <ConfirmDelete
              label={t("sales_documents.delete")}
              details={t("sales_documents.delete_details", { number: doc.number })}
              acknowledge={DELETE_ASKS.sales_document}
            />
          ) : null}
        </div>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`sales_documents.notice_${notice}`)}
        </p>
      ) : null}
      {actionData ? (
        <div role="alert" className="alert alert--error">
          <p>{errorText(actionData)}</p>
        </div>
      ) : null}
      <BillingFailure doc={doc} />
      <section className="card">
        <dl className="detail-list">
          <dt>{t("sales_documents.customer")}</dt>
          <dd>{doc.customer.label}</dd>
          <dt>{t("sales_documents.location")}</dt>
          <dd>{doc.location.label}</dd>
          <dt>{t("sales_documents.date")}</dt>
          <dd>{format.date(doc.date)}</dd>
          <dt>{t("subscriptions.billing_cycle")}</dt>
          <dd>{doc.billing_cycle}</dd>
          <dt>{t("subscriptions.first_billing")}</dt>
          <dd>
            {t(`subscriptions.first_billing.${doc.first_billing}`)} ({format.date(doc.first_billing_date)})
          </dd>
          <dt>{t("subscriptions.renewal_date")}</dt>
          <dd>{day(doc.renewal_date)}</dd>
          <dt>{t("subscriptions.end_date")}</dt>
          <dd>{doc.cycle_limit === null ? t("subscriptions.never") : day(doc.end_date)}</dd>
          <dt>{t("subscriptions.cycles_billed")}</dt>
          <dd>
            {doc.cycle_limit === null
              ? doc.cycles_billed
              : t("subscriptions.cycles_of", { billed: doc.cycles_billed, limit: doc.cycle_limit })}
          </dd>
          <dt>{t("sales_documents.notes")}</dt>
          <dd style={{ whiteSpace: "pre-wrap" }}>{doc.notes ?? "—"}</dd>
          <dt>{t("sales_documents.terms")}</dt>
          <dd style={{ whiteSpace: "pre-wrap" }}>{doc.terms ?? "—"}</dd>
          <dt>{t("sales_documents.internal_notes")}</dt>
          <dd style={{ whiteSpace: "pre-wrap" }}>{doc.internal_notes ?? "—"}</dd>
        </dl>
      </section>
      <LinesCard doc={doc} />
      {invoices ? (
        <section className="card">
          <h2>{t("subscriptions.invoices")}</h2>
          {invoices.length === 0 ? (
            <p className="muted">{t("subscriptions.no_invoices")}</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th>{t("sales_documents.number")}</th>
                    <th>{t("sales_documents.date")}</th>
                    <th>{t("sales_documents.status")}</th>
                    <th className="numeric">{t("sales_documents.total")}</th>
                  </tr>
                </thead>
                <tbody>
                  {invoices.map((invoice) => (
                    <tr key={invoice.id}>
                      <td>
                        <Link to={`${SUBSCRIPTIONS.invoicesPath}/${invoice.id}`}>{invoice.number ?? t("status.draft")}</Link>
                      </td>
                      <td>{format.date(invoice.date)}</td>
                      <td>
                        <Chip status={invoice.shown_status} />
                      </td>
                      <td className="numeric">{format.money(invoice.total, invoice.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}
