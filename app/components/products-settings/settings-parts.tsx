import type { ReactNode } from "react";
import { Form, Link, NavLink, useLocation, useNavigation } from "react-router";
import { useErrorText, useT } from "../../i18n";

export const SETTINGS_BASE = "/products-and-services/products-settings";

const TABS = [
  { path: "attributes", title: "attributes.title" },
  { path: "brands", title: "brands.title" },
  { path: "product-tags", title: "product_tags.title" },
  { path: "seasons", title: "seasons.title" },
] as const;

/** The four products-settings pages, the current one marked (aria-current). */
export function SettingsTabs() {
  const t = useT();
  return (
    <nav aria-label={t("products_settings.title")} className="actions" style={{ marginBottom: "1rem" }}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.path}
          to={`${SETTINGS_BASE}/${tab.path}`}
          className={({ isActive }) => `button ${isActive ? "button--primary" : "button--secondary"}`}
        >
          {t(tab.title)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Title, tabs, the notice of the last change and the error of a row action (delete, enable…). */
export function SettingsHeader({
  title,
  prefix,
  notice,
  failure,
  canEdit,
}: {
  title: string;
  /** Message keys of the entity: `<prefix>.created`, `.saved`, `.deleted`, `.in_use`… */
  prefix: string;
  notice: string | null;
  failure: { intent: string; error: string; params: Record<string, unknown>; fields: unknown } | undefined;
  canEdit: boolean;
}) {
  const t = useT();
  const errorText = useErrorText();
  const noticeText = notice && ["created", "saved", "deleted", "enabled", "disabled"].includes(notice) ? t(`${prefix}.${notice}`) : null;
  const rowFailure =
    failure && (failure.intent === "delete" || failure.intent === "enable" || failure.intent === "disable" || !failure.fields)
      ? failure
      : undefined;
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <p className="muted" style={{ margin: "0 0 0.5rem" }}>
        {t("products_settings.title")}
      </p>
      <SettingsTabs />
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      {noticeText && !failure ? (
        <p role="status" className="alert alert--success" style={{ marginBottom: "1rem" }}>
          {noticeText}
        </p>
      ) : null}
      {rowFailure ? (
        <p role="alert" className="alert alert--error" style={{ marginBottom: "1rem" }}>
          {rowFailure.error === "in_use" && rowFailure.intent === "delete"
            ? t(`${prefix}.in_use`)
            : errorText(rowFailure.error, rowFailure.params)}
        </p>
      ) : null}
      {canEdit ? null : <p className="muted">{t("products_settings.read_only")}</p>}
    </>
  );
}

/** The label search over the list, kept in the address (`?q=`). */
export function SettingsSearch({ q }: { q: string }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Form method="get" className="actions" role="search" style={{ marginBottom: "1rem" }}>
      <label htmlFor="settings-search" className="muted">
        {t("products_settings.search_label")}
      </label>
      <input
        id="settings-search"
        name="q"
        defaultValue={q}
        maxLength={100}
        style={{ font: "inherit", padding: "0.45rem 0.7rem", border: "1px solid var(--border)", borderRadius: "var(--radius)" }}
      />
      <button type="submit" className="button button--secondary">
        {t("products_settings.search")}
      </button>
      {q ? <Link to={pathname}>{t("products_settings.clear")}</Link> : null}
    </Form>
  );
}

/** Previous and next pages of the list, when there is more than one. */
export function SettingsPager({ q, page, total, pageSize }: { q: string; page: number; total: number; pageSize: number }) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (p: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <div className="actions" style={{ marginTop: "0.75rem", justifyContent: "space-between" }}>
      <span className="muted">{t("products_settings.count", { count: total })}</span>
      {pages > 1 ? (
        <span className="actions">
          {page > 0 ? <Link to={href(page - 1)}>{t("products_settings.previous")}</Link> : null}
          <span className="muted">{t("products_settings.page", { page: page + 1, pages })}</span>
          {page + 1 < pages ? <Link to={href(page + 1)}>{t("products_settings.next")}</Link> : null}
        </span>
      ) : null}
    </div>
  );
}

/** A small form posting one row action (delete, enable, disable), with a confirmation when given. */
export function RowAction({
  intent,
  id,
  label,
  ariaLabel,
  confirm,
  danger,
}: {
  intent: "delete" | "enable" | "disable";
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

/** The table of a products-settings list, or a line saying it is empty. */
export function SettingsTable({ empty, q, head, children }: { empty: boolean; q: string; head: ReactNode; children: ReactNode }) {
  const t = useT();
  if (empty) return <p className="muted">{q ? t("products_settings.no_match") : t("products_settings.none")}</p>;
  return (
    <div className="table-scroll">
      <table className="data-table">
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
