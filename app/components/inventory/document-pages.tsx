import { Link } from "react-router";
import type { StockDocumentView } from "../../../worker/domain/stock/stock-document-views";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { ListPageData } from "../../server/list-page.server";
import { fromListPage, ListScreen, type ListColumn, type ListFilterDefinition } from "../list/list-screen";
import { DocumentForm, documentValues, NEW_DOCUMENT, type DocumentFormValues } from "./document-form";
import { DOCUMENT_DELETE, DOCUMENT_KINDS, INVENTORY_LOGS_PATH, readableParams, type DocumentKind, type FieldErrors } from "./format";
import "./inventory.css";
import { ConfirmDelete } from "../ui/confirm-delete";
import { IdempotencyKeyProvider } from "../idempotency-key";

type Option = { value: string; label: string };

/** What a document form's action gives back: more rows asked, or a failure with what was typed. */
export type DocumentFormAction =
  | { added: true; values: DocumentFormValues }
  | { error: string; params?: Record<string, unknown> | undefined; fields?: FieldErrors | undefined; values: DocumentFormValues }
  | undefined;

/** Above the form: the error without a field, or a pointer to the fields that hold theirs. */
function ErrorAlert({ action }: { action: DocumentFormAction }) {
  const t = useT();
  const errorText = useErrorText();
  if (!action || !("error" in action)) return null;
  const atFields = Object.keys(action.fields ?? {}).length > 0;
  return (
    <p role="alert" className="alert alert--error document-form__error">
      {atFields ? t("stock_documents.fix_fields") : errorText(action)}
    </p>
  );
}

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export function DocumentListPage({
  kind,
  loaderData,
  actionData,
}: {
  kind: DocumentKind;
  loaderData: { list: ListPageData<StockDocumentView>; locations: Option[]; canEdit: boolean; notice: "deleted" | null };
  actionData: unknown;
}) {
  const t = useT();
  const format = useFormat();
  const info = DOCUMENT_KINDS[kind];
  const m = info.messages;
  const { list, locations, canEdit, notice } = loaderData;
  const columns: ListColumn<StockDocumentView>[] = [
    { key: "number", label: t("stock_documents.number"), sortable: true, render: (d) => d.number },
    { key: "date", label: t("stock_documents.date"), sortable: true, render: (d) => format.date(d.date) },
    {
      key: "location",
      label: kind === "movement" ? t("stock_documents.departure") : t("stock_documents.location"),
      render: (d) => d.location.label,
    },
    ...(kind === "movement"
      ? [{ key: "arrival", label: t("stock_documents.arrival"), render: (d: StockDocumentView) => d.arrival_location?.label ?? "—" }]
      : []),
    { key: "lines_count", label: t("stock_documents.lines_count"), numeric: true, render: (d) => d.lines_count },
    { key: "total_quantity", label: t("stock_documents.total_quantity"), numeric: true, render: (d) => format.quantity(d.total_quantity) },
    { key: "notes", label: t("stock_documents.notes"), render: (d) => d.notes ?? "—", defaultVisible: false },
    {
      key: "created",
      label: t("stock_documents.created_at"),
      sortable: true,
      render: (d) => format.dateTime(d.created_at),
      defaultVisible: false,
    },
  ];
  const filters: ListFilterDefinition[] = [
    { key: "number", label: t("stock_documents.number"), type: "text" },
    ...(locations.length
      ? [
          {
            key: "location_id",
            label: kind === "movement" ? t("stock_documents.departure") : t("stock_documents.location"),
            type: "select" as const,
            options: locations,
          },
        ]
      : []),
    ...(kind === "movement" && locations.length
      ? [{ key: "arrival_location_id", label: t("stock_documents.arrival"), type: "select" as const, options: locations }]
      : []),
    { key: "date", label: t("stock_documents.date"), type: "date" },
  ];
  return (
    <>
      <title>{`${t(`${m}.title`)} | ${t("app.name")}`}</title>
      <ListScreen
        {...fromListPage(list, actionData)}
        title={t(`${m}.title`)}
        columns={columns}
        rowHref={(d) => `${info.path}/${d.id}`}
        exportList={`stock_${kind === "entry" ? "entries" : kind === "removal" ? "removals" : "movements"}`}
        filters={filters}
        searchable
        createHref={canEdit ? `${info.path}/create` : undefined}
        createLabel={t(`${m}.new`)}
        notice={
          notice ? (
            <p role="status" className="alert alert--success list-screen__notice">
              {t(`${m}.notice_deleted`)}
            </p>
          ) : null
        }
      />
    </>
  );
}

// ── Create and edit ──────────────────────────────────────────────────────────────────────────

export function DocumentCreatePage({
  kind,
  locations,
  action,
  idempotencyKey,
}: {
  kind: DocumentKind;
  locations: Option[];
  action: DocumentFormAction;
  idempotencyKey: string;
}) {
  const t = useT();
  const info = DOCUMENT_KINDS[kind];
  const values = action?.values;
  const title = t(`${info.messages}.new_title`);
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={info.path}>{t(`${info.messages}.back_to_list`)}</Link>
      </div>
      <ErrorAlert action={action} />
      <IdempotencyKeyProvider value={idempotencyKey}>
        <DocumentForm
          // A failed post (or "add lines") keeps what was typed.
          key={values ? JSON.stringify(values) : "new"}
          kind={kind}
          values={values ?? NEW_DOCUMENT}
          locations={locations}
          errors={action && "error" in action ? action.fields : undefined}
          submitLabel={t(`${info.messages}.create`)}
        />
      </IdempotencyKeyProvider>
    </>
  );
}

export function DocumentEditPage({
  kind,
  doc,
  locations,
  action,
}: {
  kind: DocumentKind;
  doc: StockDocumentView;
  locations: Option[];
  action: DocumentFormAction;
}) {
  const t = useT();
  const format = useFormat();
  const info = DOCUMENT_KINDS[kind];
  const values = action?.values ?? documentValues(doc, format);
  const title = t(`${info.messages}.edit_title`, { number: doc.number });
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={`${info.path}/${doc.id}`}>{t("stock_documents.back_to_document")}</Link>
      </div>
      <ErrorAlert action={action} />
      <DocumentForm
        key={action?.values ? JSON.stringify(action.values) : doc.id}
        kind={kind}
        values={values}
        locations={locations}
        errors={action && "error" in action ? action.fields : undefined}
        submitLabel={t("stock_documents.save")}
      />
    </>
  );
}

// ── Detail ───────────────────────────────────────────────────────────────────────────────────

export function DocumentDetailPage({
  kind,
  loaderData,
  actionData,
}: {
  kind: DocumentKind;
  loaderData: { doc: StockDocumentView; author: string | null; canEdit: boolean; canViewLog: boolean; notice: "created" | "saved" | null };
  actionData: { error: string; params?: Record<string, unknown> | undefined; fields?: FieldErrors | undefined } | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const info = DOCUMENT_KINDS[kind];
  const m = info.messages;
  const { doc, author, canEdit, canViewLog, notice } = loaderData;
  const title = `${t(`${m}.one`)} ${doc.number}`;
  const fieldErrors = readableParams(actionData?.fields, format.quantity);
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <div className="actions">
          <Link to={info.path}>{t(`${m}.back_to_list`)}</Link>
          {canViewLog ? (
            <Link to={`${INVENTORY_LOGS_PATH}?document_type=${kind}&document_id=${doc.id}`}>{t("stock_documents.see_log")}</Link>
          ) : null}
          {canEdit ? (
            <>
              <Link to={`${info.path}/${doc.id}/edit`} className="button button--primary">
                {t("stock_documents.edit")}
              </Link>
              <ConfirmDelete
                label={t("stock_documents.delete")}
                details={t("stock_documents.delete_details", { number: doc.number })}
                acknowledge={DOCUMENT_DELETE}
              />
            </>
          ) : null}
        </div>
      </div>
      {notice ? (
        <p role="status" className="alert alert--success">
          {t(`stock_documents.notice_${notice}`)}
        </p>
      ) : null}
      {actionData ? (
        <div role="alert" className="alert alert--error">
          <p>{errorText(actionData)}</p>
          {fieldErrors && Object.keys(fieldErrors).length ? (
            <ul>
              {Object.entries(fieldErrors).map(([name, field]) => (
                <li key={name}>{errorText(field.code, field.params)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <section className="card">
        <dl className="detail-list">
          <dt>{t("stock_documents.number")}</dt>
          <dd>{doc.number}</dd>
          <dt>{t("stock_documents.date")}</dt>
          <dd>{format.date(doc.date)}</dd>
          <dt>{kind === "movement" ? t("stock_documents.departure") : t("stock_documents.location")}</dt>
          <dd>{doc.location.label}</dd>
          {kind === "movement" ? (
            <>
              <dt>{t("stock_documents.arrival")}</dt>
              <dd>{doc.arrival_location?.label ?? "—"}</dd>
            </>
          ) : null}
          <dt>{t("stock_documents.author")}</dt>
          <dd>{author ?? (doc.user_id ? "—" : t("inventory_logs.api"))}</dd>
          <dt>{t("stock_documents.created_at")}</dt>
          <dd>{format.dateTime(doc.created_at)}</dd>
          <dt>{t("stock_documents.notes")}</dt>
          <dd style={{ whiteSpace: "pre-wrap" }}>{doc.notes ?? "—"}</dd>
        </dl>
      </section>
      <section className="card">
        <h2>{t("stock_documents.lines")}</h2>
        <div className="table-scroll">
          <table className="data-table document-lines">
            <thead>
              <tr>
                <th scope="col">{t("stock.sku")}</th>
                <th scope="col">{t("stock.variant")}</th>
                <th scope="col">{t("stock.batch")}</th>
                <th scope="col" className="numeric">
                  {t("stock_documents.quantity")}
                </th>
                {kind === "entry" ? (
                  <th scope="col" className="numeric">
                    {t("stock_documents.unit_cost")}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {(doc.lines ?? []).map((line) => (
                <tr key={line.id}>
                  <td>{line.sku}</td>
                  <td>
                    {line.label}
                    {line.pack_label ? <span className="muted"> · {line.pack_label}</span> : null}
                  </td>
                  <td>{line.batch_number ?? "—"}</td>
                  <td className="numeric">{format.quantity(line.quantity)}</td>
                  {kind === "entry" ? <td className="numeric">{format.money(line.unit_cost)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
