import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { isDocumentStatus } from "../../../worker/domain/documents/statuses";
import { DELETE_ASKS } from "../../../worker/domain/shared/acknowledgements";
import type { DocumentEmails } from "../../../worker/domain/documents/document-emails";
import type { InvoiceFormChoices } from "../../../worker/domain/invoices/invoice-pages";
import type { InvoiceView } from "../../../worker/domain/invoices/invoice-views";
import type { SalesDocumentType, SalesDocumentView } from "../../../worker/domain/sales/sales-documents";
import type { SalesLineFacts } from "../../../worker/domain/sales/sales-line-facts";
import { useFormat } from "../../format";
import { useErrorText, useT, type Translate } from "../../i18n";
import type { ListPageData } from "../../server/list-page.server";
import type { FieldErrorMap } from "../form-field";
import { IdempotencyKeyProvider } from "../idempotency-key";
import { fromListPage, ListScreen, type ListColumn } from "../list/list-screen";
import { LinesHead, useLineLabels } from "../documents/line-editor";
import { PackNote } from "../documents/pack-note";
import { statusChip } from "../status-chip";
import { ConfirmDelete } from "../ui/confirm-delete";
import { EmailDialog, SentEmails } from "./document-emails";
import { NEW_SALES_DOCUMENT, SalesDocumentForm, salesValues, type SalesFormFailure } from "./sales-document-form";
import { invoiceColumns, InvoiceFacts, invoiceListFilters, type ListedDocument } from "./invoice-pages";
import { FORM_KINDS, type DocumentFormKind, type SalesIntent } from "./sales-kinds";
import { salesListFilters } from "./sales-list-filters";
import "./sales.css";

type Option = { value: string; label: string };
type FieldErrors = NonNullable<FieldErrorMap>;

/** A row of a sales document list: an invoice's view says null for a draft's number. */
export type { ListedDocument } from "./invoice-pages";

/** A status as a chip when it is one the machine knows, else as text. */
export function Chip({ status }: { status: string | null }) {
  return chip(status, useT());
}

/** The chip's markup, for a list's cells (plain markup: decision 056). */
export function chip(status: string | null, t: Translate) {
  if (status === null) return "—";
  // Every status of every machine, and an invoice's derived overdue (invoices/invoice-views.ts), has its colour.
  return isDocumentStatus(status) ? statusChip(status, t) : status;
}

/** Above the form: the error without a field (with its values), or a pointer to the fields that hold theirs. */
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

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export function SalesListPage({
  kind,
  loaderData,
  actionData,
}: {
  kind: DocumentFormKind;
  loaderData: {
    list: ListPageData<ListedDocument>;
    /** The customer filter's choices (invoices). */
    customers?: Option[];
    canEdit: boolean;
    notice: "deleted" | "validated" | null;
    count: number;
  };
  actionData: unknown;
}) {
  const t = useT();
  const format = useFormat();
  const info = FORM_KINDS[kind];
  const m = info.messages;
  const { list, canEdit, notice, count } = loaderData;
  const invoice = kind === "invoice" ? invoiceColumns(t, format) : null;
  const columns: ListColumn<ListedDocument>[] = [
    { key: "number", label: t("sales_documents.number"), sortable: true, render: (d) => d.number ?? t("status.draft") },
    { key: "customer", label: t("sales_documents.customer"), render: (d) => d.customer.label },
    { key: "date", label: t("sales_documents.date"), sortable: true, render: (d) => format.date(d.date) },
    ...(invoice ? [invoice.due] : []),
    ...(kind === "estimate"
      ? [
          {
            key: "expiration",
            label: t("sales_documents.expiration_date"),
            render: (d: ListedDocument) => (d.expiration_date ? format.date(d.expiration_date) : "—"),
          },
        ]
      : []),
    {
      key: "status",
      label: t("sales_documents.status"),
      render: (d) => chip("shown_status" in d ? d.shown_status : d.status, t),
    },
    ...(kind === "sales_order"
      ? [
          {
            key: "payment_status",
            label: t("sales_documents.payment_status"),
            render: (d: ListedDocument) => chip(d.payment_status, t),
          },
          {
            key: "shipping_status",
            label: t("sales_documents.shipping_status"),
            render: (d: ListedDocument) => chip(d.shipping_status, t),
          },
        ]
      : []),
    { key: "location", label: t("sales_documents.location"), render: (d) => d.location.label, defaultVisible: false },
    { key: "total", label: t("sales_documents.total"), sortable: true, numeric: true, render: (d) => format.money(d.total, d.currency) },
    ...(invoice ? [invoice.remaining] : []),
    {
      key: "created",
      label: t("sales_documents.created_at"),
      sortable: true,
      render: (d) => format.dateTime(d.created_at),
      defaultVisible: false,
    },
  ];
  const filters = kind === "invoice" ? invoiceListFilters(t, loaderData.customers ?? []) : salesListFilters(t, kind);
  return (
    <>
      <title>{`${t(`${m}.title`)} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t(`${m}.title`)}
        columns={columns}
        rowHref={(d) => `${info.path}/${d.id}`}
        exportList={m}
        bulkPdf={kind}
        bulkActions={kind === "sales_order" && canEdit ? [{ intent: "validate_selected", label: t("sales_orders.validate_selected") }] : []}
        filters={filters}
        searchable
        createHref={canEdit ? `${info.path}/create` : undefined}
        createLabel={t(`${m}.new`)}
        notice={
          notice ? (
            <p role="status" className="alert alert--success list-screen__notice">
              {notice === "validated" ? t("sales_orders.notice_validated", { count }) : t("sales_documents.notice_deleted")}
            </p>
          ) : null
        }
      />
    </>
  );
}

// ── Create and edit ──────────────────────────────────────────────────────────────────────────

export function SalesCreatePage({
  kind,
  loaderData,
  action,
}: {
  kind: DocumentFormKind;
  loaderData: { customers: Option[]; locations: Option[]; invoice?: InvoiceFormChoices | null; idempotencyKey: string };
  action: SalesFormFailure | undefined;
}) {
  const t = useT();
  const info = FORM_KINDS[kind];
  const title = t(`${info.messages}.new_title`);
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={info.path}>{t(`${info.messages}.back_to_list`)}</Link>
      </div>
      <ErrorAlert action={action} />
      <IdempotencyKeyProvider value={loaderData.idempotencyKey}>
        <SalesDocumentForm
          // A refused post keeps what was typed.
          key={action ? JSON.stringify(action.values) : "new"}
          kind={kind}
          values={action?.values ?? NEW_SALES_DOCUMENT}
          customers={loaderData.customers}
          locations={loaderData.locations}
          errors={action?.fields}
          submitLabel={t(`${info.messages}.create`)}
          invoice={loaderData.invoice ? { ...loaderData.invoice, creating: true } : undefined}
        />
      </IdempotencyKeyProvider>
    </>
  );
}

export function SalesEditPage({
  kind,
  loaderData,
  action,
}: {
  kind: DocumentFormKind;
  loaderData: {
    doc: SalesDocumentView | InvoiceView;
    facts: SalesLineFacts;
    customers: Option[];
    locations: Option[];
    invoice?: InvoiceFormChoices | null;
  };
  action: SalesFormFailure | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const info = FORM_KINDS[kind];
  const { doc, facts } = loaderData;
  const title = t(`${info.messages}.edit_title`, { number: doc.number ?? t("status.draft") });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={`${info.path}/${doc.id}`}>{t("sales_documents.back_to_document")}</Link>
      </div>
      <ErrorAlert action={action} />
      <SalesDocumentForm
        key={action ? JSON.stringify(action.values) : doc.id}
        kind={kind}
        values={action?.values ?? salesValues(doc, facts, format)}
        customers={loaderData.customers}
        locations={loaderData.locations}
        errors={action?.fields}
        submitLabel={t("sales_documents.save")}
        invoice={loaderData.invoice ? { ...loaderData.invoice, creating: false } : undefined}
      />
    </>
  );
}

// ── Detail ───────────────────────────────────────────────────────────────────────────────────

export interface SalesDetailData {
  doc: SalesDocumentView | InvoiceView;
  /** The moves of the status machine this user may make now, as buttons. */
  intents: SalesIntent[];
  /** Edit: the permission, and a status that may still change. */
  canEdit: boolean;
  canDelete: boolean;
  /** The estimate an order was made from (the order, shipping order or estimate of an invoice), when the user may see it. */
  origin: { href: string; number: string; type: SalesDocumentType } | null;
  /** The emails sent with it, and the one the email button would send (none: the user may not send it). */
  emails: DocumentEmails;
  notice: "created" | "saved" | "moved" | "emailed" | "payment_recorded" | "payment_deleted" | null;
}

/** A status move of a detail page: a button posting its intent. */
export function IntentButton({ intent, label, primary }: { intent: string; label: string; primary?: boolean }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post">
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`button ${primary ? "button--primary" : "button--secondary"}`}
        disabled={busy}
      >
        {label}
      </button>
    </Form>
  );
}

export function SalesDetailPage({
  kind,
  loaderData,
  actionData,
  children,
}: {
  kind: DocumentFormKind;
  loaderData: SalesDetailData;
  actionData: { error: string; params?: Record<string, unknown> | undefined; fields?: FieldErrors | undefined } | undefined;
  /** Sections of one kind's page, under the lines (a sales order's shipping). */
  children?: ReactNode;
}) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const info = FORM_KINDS[kind];
  const m = info.messages;
  const { doc, intents, canEdit, canDelete, emails, origin, notice } = loaderData;
  const title = `${t(`${m}.one`)} ${doc.number ?? t("status.draft")}`;
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>
          {title} <Chip status={"shown_status" in doc ? doc.shown_status : doc.status} />
        </h1>
        <div className="actions">
          <Link to={info.path}>{t(`${m}.back_to_list`)}</Link>
          <a href={`${info.path}/${doc.id}/pdf`} target="_blank" rel="noreferrer" className="button button--secondary">
            {t("sales_documents.pdf")}
          </a>
          {emails.draft ? <EmailDialog action={`${info.path}/${doc.id}/email`} draft={emails.draft} /> : null}
          {intents.includes("accept") ? <IntentButton intent="accept" label={t("estimates.accept")} /> : null}
          {intents.includes("reject") ? <IntentButton intent="reject" label={t("estimates.reject")} /> : null}
          {intents.includes("transform") ? <IntentButton intent="transform" label={t("estimates.transform")} primary /> : null}
          {intents.includes("invoice") ? <IntentButton intent="invoice" label={t("invoices.invoice_it")} primary /> : null}
          {intents.includes("validate") ? <IntentButton intent="validate" label={t("sales_orders.validate")} primary /> : null}
          {intents.includes("finalize") ? <IntentButton intent="finalize" label={t("invoices.finalize")} primary /> : null}
          {intents.includes("complete") ? <IntentButton intent="complete" label={t("sales_orders.complete")} primary /> : null}
          {intents.includes("cancel") ? (
            <IntentButton intent="cancel" label={t(kind === "invoice" ? "invoices.cancel" : "sales_orders.cancel")} />
          ) : null}
          {canEdit ? (
            <Link to={`${info.path}/${doc.id}/edit`} className="button button--secondary">
              {t("sales_documents.edit")}
            </Link>
          ) : null}
          {canDelete ? (
            <ConfirmDelete
              label={t("sales_documents.delete")}
              details={t("sales_documents.delete_details", { number: doc.number ?? t("status.draft") })}
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
          {actionData.fields && Object.keys(actionData.fields).length ? (
            <ul>
              {Object.entries(actionData.fields).map(([name, field]) => (
                <li key={name}>{errorText(field.code, field.params)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <section className="card">
        <dl className="detail-list">
          <dt>{t("sales_documents.customer")}</dt>
          <dd>{doc.customer.label}</dd>
          <dt>{t("sales_documents.location")}</dt>
          <dd>{doc.location.label}</dd>
          <dt>{t("sales_documents.date")}</dt>
          <dd>{format.date(doc.date)}</dd>
          {kind === "estimate" ? (
            <>
              <dt>{t("sales_documents.expiration_date")}</dt>
              <dd>{doc.expiration_date ? format.date(doc.expiration_date) : "—"}</dd>
            </>
          ) : "due_date" in doc ? (
            <InvoiceFacts invoice={doc} origin={origin} canShare={"canShare" in loaderData && loaderData.canShare === true} />
          ) : (
            <>
              <dt>{t("sales_documents.payment_status")}</dt>
              <dd>
                <Chip status={doc.payment_status} />
              </dd>
              <dt>{t("sales_documents.shipping_status")}</dt>
              <dd>
                <Chip status={doc.shipping_status} />
              </dd>
              <dt>{t("sales_documents.delivery_type")}</dt>
              <dd>{t(`sales_documents.delivery_${doc.delivery_type}`)}</dd>
              <dt>{t("sales_documents.shipping_date")}</dt>
              <dd>{doc.shipping_date ? format.date(doc.shipping_date) : "—"}</dd>
              {origin ? (
                <>
                  <dt>{t("sales_orders.from_estimate")}</dt>
                  <dd>
                    <Link to={origin.href}>{t("sales_orders.see_estimate", { number: origin.number })}</Link>
                  </dd>
                </>
              ) : null}
            </>
          )}
          <dt>{t("sales_documents.notes")}</dt>
          <dd style={{ whiteSpace: "pre-wrap" }}>{doc.notes ?? "—"}</dd>
          <dt>{t("sales_documents.terms")}</dt>
          <dd style={{ whiteSpace: "pre-wrap" }}>{doc.terms ?? "—"}</dd>
          <dt>{t("sales_documents.internal_notes")}</dt>
          <dd style={{ whiteSpace: "pre-wrap" }}>{doc.internal_notes ?? "—"}</dd>
        </dl>
      </section>
      <LinesCard doc={doc} />
      {children}
      <SentEmails sent={emails.sent} />
    </>
  );
}

/** A saved document's lines and totals, as its page shows them. */
export function LinesCard({ doc }: { doc: SalesDocumentView | InvoiceView }) {
  const t = useT();
  const format = useFormat();
  const label = useLineLabels();
  const money = (amount: string) => format.money(amount, doc.currency);
  return (
    <section className="card">
      <h2>{t("sales_documents.lines")}</h2>
      <div className="table-scroll">
        <table className="data-table sales-lines lines-table">
          <LinesHead />
          <tbody>
            {(doc.lines ?? []).map((line) =>
              line.kind === "text" ? (
                <tr key={line.id}>
                  <td />
                  <td colSpan={6} className="lines-table__wide" style={{ whiteSpace: "pre-wrap" }}>
                    {line.description}
                  </td>
                </tr>
              ) : line.component_of_lid ? (
                <tr key={line.id} className="line-editor__component">
                  <td className="lines-table__sku">{line.sku}</td>
                  <td className="lines-table__wide">– {line.description}</td>
                  <td className="numeric" data-label={label.quantity}>
                    {format.quantity(line.quantity)}
                  </td>
                  <td colSpan={4} />
                </tr>
              ) : (
                <tr key={line.id}>
                  <td className="lines-table__sku">{line.sku}</td>
                  <td className="lines-table__wide">
                    {line.description}
                    {line.kind === "pack" ? <PackNote label={line.pack_label} units={line.units} /> : null}
                  </td>
                  <td className="numeric" data-label={label.quantity}>
                    {format.quantity(line.quantity)}
                  </td>
                  <td className="numeric" data-label={label.price}>
                    {money(line.price)}
                  </td>
                  <td className="numeric" data-label={label.discount}>
                    {/^0(\.0+)?$/.test(line.discount)
                      ? "—"
                      : line.discount_type === "percentage"
                        ? `${format.input(line.discount)} %`
                        : money(line.discount)}
                  </td>
                  <td className="numeric" data-label={label.tax}>
                    {money(line.tax_amount)}
                  </td>
                  <td className="numeric lines-table__total" data-label={label.total}>
                    {money(line.total)}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      <dl className="line-editor__totals">
        <dt>{t("documents.totals.subtotal")}</dt>
        <dd data-total="subtotal">{money(doc.subtotal)}</dd>
        {/^0(\.0+)?$/.test(doc.global_discount_amount) ? null : (
          <>
            <dt>{t("documents.totals.discount")}</dt>
            <dd>-{money(doc.global_discount_amount)}</dd>
          </>
        )}
        <dt>{t("sales_documents.tax_total")}</dt>
        <dd>{money(doc.tax_total)}</dd>
        <dt>{t("documents.totals.total")}</dt>
        <dd data-total="total">
          <strong>{money(doc.total)}</strong>
        </dd>
        {/^0(\.0+)?$/.test(doc.total_weight) ? null : (
          <>
            <dt>{t("sales_documents.total_weight")}</dt>
            <dd data-total="weight">{format.weight(doc.total_weight)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
