import type { ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useErrorText, useT } from "../../i18n";

export { CheckboxField } from "../checkbox-field";

export interface Failure {
  intent: string;
  id: string | null;
  error: string;
  params: Record<string, unknown>;
  fields: Record<string, { code: string; params?: Record<string, unknown> }> | null;
  values: Record<string, unknown>;
}

const NOTICES = ["create", "update", "delete", "enable", "disable", "default", "tax_settings"];

/** Title, the notice of the last change, and the error of a row action (delete, disable…). */
export function CatalogueHeader({
  prefix,
  notice,
  failure,
  intro,
}: {
  prefix: string;
  notice: string | null;
  failure: Failure | undefined;
  intro?: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const noticeText = notice && NOTICES.includes(notice) ? t(`${prefix}.notice_${notice}`) : null;
  // Row actions (delete, disable…) and errors naming no field show here; form errors show in the form.
  const rowFailure = failure && (!["create", "update"].includes(failure.intent) || !failure.fields) ? failure : undefined;
  return (
    <>
      <title>{`${t(`${prefix}.title`)} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t(`${prefix}.title`)}</h1>
      </div>
      {intro ? <p className="muted">{intro}</p> : null}
      {noticeText && !failure ? (
        <p role="status" className="alert alert--success" style={{ marginBottom: "1rem" }}>
          {noticeText}
        </p>
      ) : null}
      {rowFailure ? (
        <p role="alert" className="alert alert--error" style={{ marginBottom: "1rem" }}>
          {errorText(rowFailure.error, rowFailure.params)}
        </p>
      ) : null}
    </>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  const t = useT();
  return active ? (
    <span className="badge badge--ok">{t("catalogue_settings.active")}</span>
  ) : (
    <span className="badge badge--off">{t("catalogue_settings.inactive")}</span>
  );
}

export function DefaultBadge() {
  const t = useT();
  return <span className="badge">{t("catalogue_settings.default")}</span>;
}

/** A small form posting one row action, with a confirmation when given. */
function RowButton({
  intent,
  id,
  label,
  ariaLabel,
  confirm,
  danger,
}: {
  intent: string;
  id: number;
  label: string;
  ariaLabel: string;
  confirm?: string;
  danger?: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      style={{ display: "inline" }}
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={`button ${danger ? "button--danger" : "button--secondary"}`} disabled={busy} aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}

/** Edit, enable or disable, make default (when it applies) and delete one record. */
export function RowActions({ id, label, active, isDefault }: { id: number; label: string; active: boolean; isDefault?: boolean }) {
  const t = useT();
  return (
    <div className="actions">
      <Link to={`?edit=${id}`} className="button button--secondary" aria-label={t("catalogue_settings.edit_label", { label })}>
        {t("catalogue_settings.edit")}
      </Link>
      {isDefault === false ? (
        <RowButton
          intent="default"
          id={id}
          label={t("catalogue_settings.make_default")}
          ariaLabel={t("catalogue_settings.make_default_label", { label })}
        />
      ) : null}
      {active ? (
        isDefault ? null : (
          <RowButton
            intent="disable"
            id={id}
            label={t("catalogue_settings.disable")}
            ariaLabel={t("catalogue_settings.disable_label", { label })}
          />
        )
      ) : (
        <RowButton
          intent="enable"
          id={id}
          label={t("catalogue_settings.enable")}
          ariaLabel={t("catalogue_settings.enable_label", { label })}
        />
      )}
      {isDefault ? null : (
        <RowButton
          intent="delete"
          id={id}
          danger
          label={t("catalogue_settings.delete")}
          ariaLabel={t("catalogue_settings.delete_label", { label })}
          confirm={t("catalogue_settings.delete_confirm", { label })}
        />
      )}
    </div>
  );
}

/** The records' table, or a line saying there are none. */
export function RecordsTable({ empty, head, children }: { empty: boolean; head: ReactNode; children: ReactNode }) {
  const t = useT();
  if (empty) return <p className="muted">{t("catalogue_settings.none")}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <thead>
          <tr>
            {head}
            <th scope="col">
              <span className="muted">{t("catalogue_settings.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * The card holding the new-record form, or with `editing` the form of that record; the form
 * keeps what was typed when the post failed.
 */
export function RecordFormCard({
  prefix,
  editing,
  failure,
  children,
}: {
  prefix: string;
  editing: { id: number; label: string } | null;
  failure: Failure | undefined;
  children: (form: {
    errors: NonNullable<Failure["fields"]> | undefined;
    value: (name: string, fallback: unknown) => unknown;
  }) => ReactNode;
}) {
  const t = useT();
  const errorText = useErrorText();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const mine =
    failure && failure.fields && (editing ? failure.intent === "update" && failure.id === String(editing.id) : failure.intent === "create")
      ? failure
      : undefined;
  const value = (name: string, fallback: unknown) => (mine && name in mine.values ? mine.values[name] : fallback);
  return (
    <section className="card">
      <h2>{editing ? t(`${prefix}.edit_title`, { label: editing.label }) : t(`${prefix}.new`)}</h2>
      <Form method="post" className="form" noValidate key={`${location.key}-${editing?.id ?? "new"}`}>
        {mine ? (
          <p role="alert" className="alert alert--error">
            {errorText("validation_failed")}
          </p>
        ) : null}
        <input type="hidden" name="intent" value={editing ? "update" : "create"} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        {children({ errors: mine?.fields ?? undefined, value })}
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {editing ? t("catalogue_settings.save") : t(`${prefix}.create`)}
          </button>
          {editing ? <Link to={location.pathname}>{t("catalogue_settings.cancel")}</Link> : null}
        </div>
      </Form>
    </section>
  );
}

/** A checkbox with its error under it (`#field-<name>-error`), like FormField's. */
