import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { Form } from "react-router";
import { AppLink, useFollowLink, writtenInFull } from "../app-link";
import { useDisclosure } from "../ui/disclosure";
import { useHydrated } from "../ui/hydrated";
import { LookupFilter } from "./lookup-filter";
import { rowsOf, type ListResultText } from "./rows-text";
import { escapeHtml, staticHtml, writeHtml } from "./static-html";
import { useErrorText, useT } from "../../i18n";
import { OPERATIONS_CHANGED } from "../back-office/operations-menus";
import {
  filterParamNames,
  listHref,
  listQueryParams,
  listStateToParams,
  nextSort,
  sortParam,
  type ListFilterDefinition,
  type ListSortTerm,
  type ListState,
} from "./list-state";
import "./list-screen.css";

export type { ListFilterDefinition } from "./list-state";

/** The list's query as its verb reads it, without the page: what an export runs through. */
function exportQuery(state: ListState): string {
  const query = listQueryParams(listStateToParams(state));
  for (const key of ["page", "page_size", "total_count"]) query.delete(key);
  return query.toString();
}

export interface ListColumn<T> {
  key: string;
  label: string;
  /** The list field the header sorts on (usually `key`); none means not sortable. */
  sortable?: boolean;
  sortKey?: string;
  render: (row: T) => ReactNode;
  /** Shown when the address names no columns. Default true. */
  defaultVisible?: boolean;
  /** Right-aligned (amounts). */
  numeric?: boolean;
}

export interface ListViewLink {
  id: number;
  label: string;
  is_default: boolean;
  href: string;
}

export interface ListScreenProps<T> {
  title: string;
  /** Where the list lives: every link of the screen is this path with another state. */
  pathname: string;
  columns: ListColumn<T>[];
  rows: T[];
  rowKey?: (row: T) => string | number;
  /** The first cell of each row links here. */
  rowHref: (row: T) => string;
  page: number;
  /** -1: every row on one page. */
  pageSize: number;
  totalCount: number;
  filters?: ListFilterDefinition[];
  /** Shows the free-text search box (the list must support `search`). */
  searchable?: boolean;
  state: ListState;
  defaultSort: ListSortTerm[];
  views?: ListViewLink[];
  /** A failed saved-view form (from the list's action). */
  viewError?:
    | {
        code: string;
        params?: Record<string, unknown>;
        fields?: Record<string, { code: string; params?: Record<string, unknown> }>;
        label: string;
      }
    | undefined;
  /** A refused post of the list's own action other than a saved view (a bulk action), with its values. */
  failure?: {
    error: string;
    params?: Record<string, unknown>;
    fields?: Record<string, { code: string; params?: Record<string, unknown> }>;
  };
  /** Parameters of the address the list could not use. */
  error?: { code: string; fields: Record<string, { code: string; params?: Record<string, unknown> }> } | null;
  createHref?: string | undefined;
  createLabel?: string;
  /** A message above the filters (e.g. "Service deleted"). */
  notice?: ReactNode;
  /** The list's name for exports (worker/domain/operations/export-lists.ts); none: no export. */
  exportList?: string;
  /** The documents' type: rows can be selected for one PDF of them all (a bulk PDF export). */
  bulkPdf?: string;
  /** Moves of the selected rows, posted to the list's own action as `intent` and `ids`. */
  bulkActions?: { intent: string; label: string }[];
}

/**
 * Starts a background operation from a list (an export, a bulk PDF): the form posted to its
 * route, the menus told to look again, and the outcome said under the list's buttons.
 */
function useOperationStart(startedText: string) {
  const errorText = useErrorText();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const start = async (path: string, body: FormData): Promise<boolean> => {
    const response = await fetch(path, { method: "POST", body, headers: { accept: "application/json" } });
    const answer = (await response.json().catch(() => ({}))) as { operation?: unknown; error?: string; params?: Record<string, unknown> };
    if (!answer.operation) {
      setMessage({ ok: false, text: errorText(answer.error ?? "generic", answer.params) });
      return false;
    }
    window.dispatchEvent(new Event(OPERATIONS_CHANGED));
    setMessage({ ok: true, text: startedText });
    return true;
  };
  const notice = message ? (
    <p
      role={message.ok ? "status" : "alert"}
      className={`alert ${message.ok ? "alert--success" : "alert--error"} list-screen__export-notice`}
    >
      {message.text}
    </p>
  ) : null;
  return { start, notice };
}

/** Starts one PDF of the selected documents, made in the background and downloaded from the exports menu. */
function BulkPdfButton({ type, ids, onStarted }: { type: string; ids: (string | number)[]; onStarted: () => void }) {
  const t = useT();
  const { start, notice } = useOperationStart(t("list.bulk_pdf_started"));
  const startPdf = async () => {
    const body = new FormData();
    body.set("type", type);
    body.set("ids", ids.join(","));
    if (await start("/operations/bulk-pdf", body)) onStarted();
  };
  return (
    <>
      {ids.length ? (
        <button type="button" className="button button--secondary" onClick={() => void startPdf()}>
          {t("list.bulk_pdf", { count: ids.length })}
        </button>
      ) : null}
      {notice}
    </>
  );
}

/** Export of the list as shown (filters, search, sort and visible columns) to CSV or XLSX, in the background. */
function ExportMenu({ list, query, columns }: { list: string; query: string; columns: { key: string; label: string }[] }) {
  const t = useT();
  const { start, notice } = useOperationStart(t("list.export_started"));
  const menu = useDisclosure();
  const startExport = (format: "csv" | "xlsx") => {
    const body = new FormData();
    body.set("list", list);
    body.set("format", format);
    body.set("query", query);
    body.set("columns", JSON.stringify(columns));
    void start("/operations/export", body);
  };
  return (
    <>
      <details className="list-menu" {...menu.props}>
        <summary className="button button--secondary">{t("list.export")}</summary>
        {menu.rendered ? (
          <div className="list-menu__panel">
            <button type="button" className="link-button" onClick={() => startExport("xlsx")}>
              {t("list.export_xlsx")}
            </button>
            <button type="button" className="link-button" onClick={() => startExport("csv")}>
              {t("list.export_csv")}
            </button>
          </div>
        ) : null}
      </details>
      {notice}
    </>
  );
}

/** What a list page's loader answers (see list-page.server.ts), as the screen reads it. */
export interface ListPageProps<T> {
  pathname: string;
  state: ListState;
  defaultSort: ListSortTerm[];
  result: ListResultText<T>;
  views: ListViewLink[];
  error: ListScreenProps<T>["error"];
}

/** The props of a list screen that come from its loader's list and its action's failed view form. */
export function fromListPage<T>(list: ListPageProps<T>, actionData: unknown) {
  const failed =
    actionData && typeof actionData === "object" && "viewError" in actionData
      ? (actionData as Pick<ListScreenProps<T>, "viewError">).viewError
      : undefined;
  const refused =
    actionData && typeof actionData === "object" && "error" in actionData && typeof actionData.error === "string"
      ? (actionData as NonNullable<ListScreenProps<T>["failure"]>)
      : undefined;
  return {
    pathname: list.pathname,
    rows: rowsOf(list.result),
    page: list.result.page,
    pageSize: list.result.page_size,
    totalCount: list.result.totalCount,
    state: list.state,
    defaultSort: list.defaultSort,
    views: list.views,
    viewError: failed,
    failure: refused,
    error: list.error,
  } satisfies Partial<ListScreenProps<T>>;
}

const PAGE_SIZES = [25, 50, 100, 200];

/** A row's name for its checkbox: its first cell's text, else its key. */
const rowLabel = (cell: ReactNode, key: string | number) =>
  typeof cell === "string" || typeof cell === "number" ? String(cell) : String(key);

function HiddenInputs({ values }: { values: [string, string][] }) {
  return (
    <>
      {values.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * The table body's rows as HTML, the first cell a link to the row (as the elements below write
 * them), or null when a cell holds more than plain markup (static-html.ts, decision 056).
 */
function rowsAsHtml<T>(rows: T[], columns: ListColumn<T>[], rowHref: (row: T) => string): string | null {
  const out: string[] = [];
  for (const row of rows) {
    const href = rowHref(row);
    if (!writtenInFull(href)) return null;
    out.push("<tr>");
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      out.push(column.numeric ? '<td class="list-screen__numeric">' : "<td>");
      if (i === 0) out.push('<a href="', escapeHtml(href), '" data-discover="true">');
      const cell = column.render(row);
      if (typeof cell === "string") out.push(escapeHtml(cell));
      else if (!writeHtml(cell, out)) return null;
      out.push(i === 0 ? "</a></td>" : "</td>");
    }
    out.push("</tr>");
  }
  return out.join("");
}

/**
 * The list screen every area reuses: filter bar, sortable headers, column choice, saved views,
 * pagination and the empty state. All of it is links and GET or POST forms, so it works without
 * JavaScript; its state is the address (see list-state.ts).
 */
export function ListScreen<T>(props: ListScreenProps<T>) {
  const t = useT();
  const errorText = useErrorText();
  const { pathname } = props;
  const sort = props.state.sort.length ? props.state.sort : props.defaultSort;
  // Links carry the sort in use, so that the address of any page of the list names its state.
  const state = { ...props.state, sort };
  const known = new Set(props.columns.map((c) => c.key));
  const chosen = state.columns.filter((key) => known.has(key));
  const visible = chosen.length
    ? props.columns.filter((c) => chosen.includes(c.key))
    : props.columns.filter((c) => c.defaultVisible !== false);
  const rowKey = props.rowKey ?? ((row: T) => (row as { id: string | number }).id);
  const filters = props.filters ?? [];
  const barParams = new Set(filters.flatMap(filterParamNames));
  const otherFilters = Object.entries(state.filters).filter(([name]) => !barParams.has(name));
  const sortValue = sortParam(sort);
  const columnValue = state.columns.join(",");

  // Pagination: "x–y of N", first/previous/next/last.
  const size = props.pageSize === -1 ? Math.max(props.totalCount, 1) : props.pageSize;
  const lastPage = Math.max(Math.ceil(props.totalCount / size) - 1, 0);
  const from = props.totalCount === 0 ? 0 : props.page * size + 1;
  const to = Math.min((props.page + 1) * size, props.totalCount);
  const pageLink = (page: number, label: string, text: string, enabled: boolean) =>
    enabled ? (
      <AppLink to={listHref(pathname, state, { page })} aria-label={label} className="list-pagination__link">
        {text}
      </AppLink>
    ) : (
      <span aria-disabled="true" className="list-pagination__link list-pagination__link--disabled" title={label}>
        {text}
      </span>
    );

  const currentQuery = listStateToParams(state).toString();
  const viewError = props.viewError;
  // The menus' panels come into the page when first opened; a refused view opens its panel again.
  const viewsMenu = useDisclosure(Boolean(viewError));
  const columnsMenu = useDisclosure();
  // Rows are selected (for a bulk PDF) once the page runs its script; a new page starts with none.
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const pageKeys = props.rows.map(rowKey);
  const pageKey = pageKeys.join(",");
  useEffect(() => setSelected([]), [pageKey]);
  const selecting = Boolean(props.bulkPdf) && hydrated;
  const allSelected = pageKeys.length > 0 && pageKeys.every((k) => selected.includes(k));
  const toggle = (key: string | number) => setSelected((was) => (was.includes(key) ? was.filter((k) => k !== key) : [...was, key]));
  // Rows of plain markup are written as one HTML text, their links followed from the table body.
  const follow = useFollowLink();
  const rowsHtml = selecting || !follow ? null : rowsAsHtml(props.rows, visible, props.rowHref);
  // The header's sort links and the pagination's links are plain markup too: written as text with the rows.
  const headCells = visible.map((column) => {
    const by = column.sortKey ?? column.key;
    const sorted = sort[0]?.by === by ? sort[0].direction : null;
    return (
      <th
        key={column.key}
        scope="col"
        className={column.numeric ? "list-screen__numeric" : undefined}
        aria-sort={column.sortable ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined}
      >
        {column.sortable ? (
          <AppLink to={listHref(pathname, state, { sort: nextSort(sort, by), page: 0 })} className="list-screen__sort">
            {column.label}
            <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
          </AppLink>
        ) : (
          column.label
        )}
      </th>
    );
  });
  const headHtml = rowsHtml === null ? null : staticHtml(<tr>{headCells}</tr>);
  const pages = (
    <>
      {pageLink(0, t("list.first_page"), "«", props.page > 0)}
      {pageLink(props.page - 1, t("list.previous_page"), "‹", props.page > 0)}
      <span className="list-pagination__range">{t("list.range", { from, to, total: props.totalCount })}</span>
      {pageLink(props.page + 1, t("list.next_page"), "›", props.page < lastPage)}
      {pageLink(lastPage, t("list.last_page"), "»", props.page < lastPage)}
    </>
  );
  const pagesHtml = follow ? staticHtml(pages) : null;
  /** A click on a link of markup written as text: the client-side navigation `AppLink` makes. */
  const followFromHtml = (event: MouseEvent<HTMLElement>) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    const to = link?.getAttribute("href");
    if (link && to && (!link.target || link.target === "_self")) follow!(event, to);
  };

  return (
    <div className="list-screen">
      <div className="page-header">
        <h1>{props.title}</h1>
        <div className="actions">
          {selecting ? <BulkPdfButton type={props.bulkPdf!} ids={selected} onStarted={() => setSelected([])} /> : null}
          {selecting && selected.length
            ? props.bulkActions?.map((a) => (
                <Form method="post" key={a.intent} onSubmit={() => setSelected([])}>
                  <input type="hidden" name="intent" value={a.intent} />
                  <input type="hidden" name="ids" value={selected.join(",")} />
                  <button type="submit" className="button button--secondary">
                    {a.label}
                  </button>
                </Form>
              ))
            : null}
          {props.exportList ? (
            <ExportMenu list={props.exportList} query={exportQuery(state)} columns={visible.map((c) => ({ key: c.key, label: c.label }))} />
          ) : null}
          <details className="list-menu" {...viewsMenu.props}>
            <summary className="button button--secondary">{t("list.saved_views")}</summary>
            {viewsMenu.rendered ? (
              <div className="list-menu__panel">
                {props.views?.length ? (
                  <ul className="list-menu__views">
                    {props.views.map((view) => {
                      const current = view.href === (currentQuery ? `${pathname}?${currentQuery}` : pathname);
                      return (
                        <li key={view.id}>
                          <AppLink to={view.href} aria-current={current ? "page" : undefined}>
                            {view.label}
                          </AppLink>
                          {view.is_default ? <span className="badge badge--ok">{t("list.default_view")}</span> : null}
                          <span className="list-menu__view-actions">
                            {!view.is_default ? (
                              <Form method="post">
                                <input type="hidden" name="intent" value="default_view" />
                                <input type="hidden" name="id" value={view.id} />
                                <input type="hidden" name="state" value={currentQuery} />
                                <button
                                  type="submit"
                                  className="link-button"
                                  aria-label={t("list.make_default_label", { label: view.label })}
                                >
                                  {t("list.make_default")}
                                </button>
                              </Form>
                            ) : null}
                            <Form
                              method="post"
                              onSubmit={(event) => {
                                if (!window.confirm(t("list.delete_view_confirm", { label: view.label }))) event.preventDefault();
                              }}
                            >
                              <input type="hidden" name="intent" value="delete_view" />
                              <input type="hidden" name="id" value={view.id} />
                              <input type="hidden" name="state" value={currentQuery} />
                              <button type="submit" className="link-button" aria-label={t("list.delete_view_label", { label: view.label })}>
                                {t("list.delete_view")}
                              </button>
                            </Form>
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                ) : (
                  <p className="muted">{t("list.no_saved_views")}</p>
                )}
                <Form method="post" className="list-menu__save" noValidate>
                  <input type="hidden" name="intent" value="save_view" />
                  <input type="hidden" name="state" value={currentQuery} />
                  {viewError && !viewError.fields ? (
                    <p role="alert" className="alert alert--error">
                      {errorText(viewError)}
                    </p>
                  ) : null}
                  <div className={`field${viewError?.fields?.label ? " field--invalid" : ""}`}>
                    <label htmlFor="list-view-label">{t("list.view_label")}</label>
                    <input
                      id="list-view-label"
                      name="label"
                      maxLength={100}
                      defaultValue={viewError?.label}
                      aria-invalid={Boolean(viewError?.fields?.label)}
                      aria-describedby={viewError?.fields?.label ? "list-view-label-error" : undefined}
                    />
                    {viewError?.fields?.label ? (
                      <span id="list-view-label-error" className="field__error" role="alert">
                        {errorText(viewError.fields.label.code, viewError.fields.label.params)}
                      </span>
                    ) : null}
                  </div>
                  <label className="checkbox">
                    <input type="checkbox" name="is_default" />
                    <span>{t("list.view_is_default")}</span>
                  </label>
                  <button type="submit" className="button button--secondary">
                    {t("list.save_view")}
                  </button>
                </Form>
              </div>
            ) : null}
          </details>

          <details className="list-menu" {...columnsMenu.props}>
            <summary className="button button--secondary">{t("list.columns")}</summary>
            {columnsMenu.rendered ? (
              <Form method="get" className="list-menu__panel">
                <fieldset className="list-menu__columns">
                  <legend>{t("list.columns_legend")}</legend>
                  {props.columns.map((column) => (
                    <label key={column.key} className="checkbox">
                      <input type="checkbox" name="columns" value={column.key} defaultChecked={visible.includes(column)} />
                      <span>{column.label}</span>
                    </label>
                  ))}
                </fieldset>
                <HiddenInputs
                  values={[
                    ...Object.entries(state.filters),
                    ...(state.search ? [["search", state.search] as [string, string]] : []),
                    ["sort", sortValue],
                    ...(state.pageSize !== null ? [["page_size", String(state.pageSize)] as [string, string]] : []),
                  ]}
                />
                <button type="submit" className="button button--secondary">
                  {t("list.apply_columns")}
                </button>
              </Form>
            ) : null}
          </details>

          {props.createHref ? (
            <AppLink to={props.createHref} className="button button--primary">
              {props.createLabel}
            </AppLink>
          ) : null}
        </div>
      </div>

      {props.notice}

      {props.failure ? (
        <div role="alert" className="alert alert--error list-screen__error">
          <p>{errorText(props.failure)}</p>
          {Object.values(props.failure.fields ?? {}).map((field, i) => (
            <p key={i}>{errorText(field)}</p>
          ))}
        </div>
      ) : null}

      {props.error ? (
        <div role="alert" className="alert alert--error list-screen__error">
          <p>{t("list.bad_parameters")}</p>
          <ul>
            {Object.entries(props.error.fields).map(([name, field]) => (
              <li key={name}>
                <code>{name}</code> — {errorText(field.code, field.params)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Form method="get" role="search" aria-label={t("list.filters")} className="list-filters">
        {props.searchable ? (
          <div className="field list-filter">
            <label htmlFor="list-search">{t("list.search")}</label>
            <input id="list-search" type="search" name="search" defaultValue={state.search} />
          </div>
        ) : null}
        {filters.map((filter) => (
          <FilterInput key={filter.key} filter={filter} values={state.filters} />
        ))}
        <div className="field list-filter">
          <label htmlFor="list-page-size">{t("list.page_size")}</label>
          <select id="list-page-size" name="page_size" defaultValue={state.pageSize === null ? "" : String(state.pageSize)}>
            <option value="">{t("list.page_size_default", { size: 50 })}</option>
            {PAGE_SIZES.filter((s) => s !== 50).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
            <option value="-1">{t("list.page_size_all")}</option>
          </select>
        </div>
        <HiddenInputs
          values={[...otherFilters, ["sort", sortValue], ...(columnValue ? [["columns", columnValue] as [string, string]] : [])]}
        />
        <div className="actions list-filters__actions">
          <button type="submit" className="button button--primary">
            {t("list.apply_filters")}
          </button>
          <AppLink to={listHref(pathname, state, { filters: {}, search: "", page: 0, sort })}>{t("list.clear_filters")}</AppLink>
        </div>
      </Form>
      {otherFilters.length ? (
        <p className="muted list-screen__other-filters">
          {t("list.other_filters")} {otherFilters.map(([name, value]) => `${name} = ${value}`).join(" · ")}
        </p>
      ) : null}

      {props.rows.length === 0 ? (
        <p className="list-screen__empty" role="status">
          {t("generic.no_data")}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{props.title}</caption>
            {headHtml !== null ? (
              <thead key="html" dangerouslySetInnerHTML={{ __html: headHtml }} onClick={followFromHtml} />
            ) : (
              <thead key="elements">
                <tr>
                  {selecting ? (
                    <th scope="col" className="list-screen__select">
                      <input
                        type="checkbox"
                        aria-label={t("list.select_all")}
                        checked={allSelected}
                        onChange={() => setSelected(allSelected ? [] : pageKeys)}
                      />
                    </th>
                  ) : null}
                  {headCells}
                </tr>
              </thead>
            )}
            {rowsHtml !== null ? (
              <tbody key="html" dangerouslySetInnerHTML={{ __html: rowsHtml }} onClick={followFromHtml} />
            ) : (
              <tbody key="elements">
                {props.rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {selecting ? (
                      <td className="list-screen__select">
                        <input
                          type="checkbox"
                          aria-label={t("list.select_row", { row: rowLabel(visible[0]?.render(row), rowKey(row)) })}
                          checked={selected.includes(rowKey(row))}
                          onChange={() => toggle(rowKey(row))}
                        />
                      </td>
                    ) : null}
                    {visible.map((column, i) => (
                      <td key={column.key} className={column.numeric ? "list-screen__numeric" : undefined}>
                        {i === 0 ? <AppLink to={props.rowHref(row)}>{column.render(row)}</AppLink> : column.render(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            )}
          </table>
        </div>
      )}

      {props.totalCount > 0 ? (
        pagesHtml !== null ? (
          <nav
            key="html"
            aria-label={t("list.pagination")}
            className="list-pagination"
            dangerouslySetInnerHTML={{ __html: pagesHtml }}
            onClick={followFromHtml}
          />
        ) : (
          <nav key="elements" aria-label={t("list.pagination")} className="list-pagination">
            {pages}
          </nav>
        )
      ) : null}
    </div>
  );
}

function FilterInput({ filter, values }: { filter: ListFilterDefinition; values: Record<string, string> }) {
  const t = useT();
  const [first, second] = filterParamNames(filter);
  const id = `list-filter-${filter.key}`;
  switch (filter.type) {
    case "lookup":
      // Keyed by the address's value: a new answer starts the field again from it.
      return <LookupFilter key={values[first!] ?? ""} filter={filter} value={values[first!] ?? ""} />;
    case "text":
      return (
        <div className="field list-filter">
          <label htmlFor={id}>{filter.label}</label>
          <input id={id} name={first} defaultValue={values[first!] ?? ""} />
        </div>
      );
    case "select":
    case "boolean": {
      const options =
        filter.type === "boolean"
          ? [
              { value: "true", label: t("common.yes") },
              { value: "false", label: t("common.no") },
            ]
          : (filter.options ?? []);
      // The choices as one HTML text (a company's products may be hundreds), the chosen one marked.
      const chosen = values[first!] ?? "";
      const choices = [{ value: "", label: t("list.any") }, ...options]
        .map((o) => `<option value="${escapeHtml(o.value)}"${o.value === chosen ? ' selected=""' : ""}>${escapeHtml(o.label)}</option>`)
        .join("");
      return (
        <div className="field list-filter">
          <label htmlFor={id}>{filter.label}</label>
          <select id={id} name={first} defaultValue={chosen} dangerouslySetInnerHTML={{ __html: choices }} />
        </div>
      );
    }
    case "range":
    case "date": {
      const type = filter.type === "date" ? "date" : "text";
      const inputMode = filter.type === "range" ? ("decimal" as const) : undefined;
      return (
        <fieldset className="list-filter list-filter--range">
          <legend>{filter.label}</legend>
          <input
            id={id}
            type={type}
            inputMode={inputMode}
            name={first}
            defaultValue={values[first!] ?? ""}
            placeholder={t("list.range_from")}
            aria-label={t("list.range_from_label", { label: filter.label })}
          />
          <span aria-hidden="true">–</span>
          <input
            type={type}
            inputMode={inputMode}
            name={second}
            defaultValue={values[second!] ?? ""}
            placeholder={t("list.range_to")}
            aria-label={t("list.range_to_label", { label: filter.label })}
          />
        </fieldset>
      );
    }
  }
}
