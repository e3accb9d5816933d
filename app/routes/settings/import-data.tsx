import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import {
  importHistory,
  importKindsFor,
  importModesOf,
  startImport,
  uploadImportFile,
  type ImportPreview,
} from "../../../worker/domain/operations/start";
import type { OperationView } from "../../../worker/domain/operations/operations";
import { progressColour } from "../../../worker/domain/operations/progress";
import {
  OperationErrorText,
  OPERATION_UPDATED,
  OPERATIONS_CHANGED,
  POLL_RUNNING_MS,
  running,
} from "../../components/back-office/operations-menus";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { formAction } from "../../server/form-page.server";
import { openCataloguePage, SETTINGS, text } from "./catalogue-settings.server";
import type { Route } from "./+types/import-data";

/** The operation bar's colours (platform spec §4) as the status chips draw them. */
const CHIP_COLOUR = { red: "red", amber: "orange", green: "green" } as const;

/** Settings → import data (domain spec §5): a template per kind, a file, its columns mapped, then the import in the background. */
export async function loader(args: Route.LoaderArgs) {
  const { ctx } = await openCataloguePage(args, SETTINGS);
  const kinds = importKindsFor(ctx);
  return {
    kinds,
    modes: Object.fromEntries(kinds.map((k) => [k, [...importModesOf(k)]])) as Record<string, string[]>,
    history: await importHistory(ctx),
  };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = await openCataloguePage(args, SETTINGS);
  const form = await args.request.formData();
  const intent = text(form, "intent");
  return formAction(
    async () => {
      if (intent === "upload") {
        const file = form.get("file");
        return { intent, preview: await uploadImportFile(ctx, { kind: text(form, "kind"), file: file instanceof File ? file : null }) };
      }
      const mapping: Record<string, number> = {};
      for (const [name, value] of form)
        if (name.startsWith("map.") && typeof value === "string" && value !== "") mapping[name.slice(4)] = Number(value);
      const operation = await startImport(ctx, {
        kind: text(form, "kind"),
        file_id: text(form, "file_id"),
        file_name: text(form, "file_name"),
        mapping,
        // Checked by the verb against the kind's modes; a form without the choice creates.
        ...(form.has("mode") ? { mode: text(form, "mode") } : {}),
      });
      return { intent, operation };
    },
    (refusal) => ({ intent, ...refusal }),
  );
}

type HistoryRow = OperationView & { mine: boolean };

/**
 * The history as the loader gave it, then kept current by the operations menus' live channel
 * (pushes, and their polling when a push is lost): a row changes as its import moves. Imports
 * the channel does not tell this user of (a colleague's, one started elsewhere) bring the history
 * again, and so does a running one every POLL_RUNNING_MS.
 */
function useLiveHistory(loaded: HistoryRow[]): HistoryRow[] {
  const revalidator = useRevalidator();
  const [rows, setRows] = useState(loaded);
  const current = useRef(rows);
  current.current = rows;
  useEffect(() => setRows(loaded), [loaded]);
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    const onUpdate = (event: Event) => {
      const operation = (event as CustomEvent<OperationView>).detail;
      if (operation.type !== "import") return;
      const row = current.current.find((o) => o.batch_id === operation.batch_id);
      if (!row) {
        if (running(operation)) void revalidate.current();
        return;
      }
      if (row.updated === operation.updated && row.status === operation.status && row.progress === operation.progress) return;
      setRows((list) => list.map((o) => (o.batch_id === operation.batch_id ? { ...operation, mine: o.mine } : o)));
    };
    window.addEventListener(OPERATION_UPDATED, onUpdate);
    return () => window.removeEventListener(OPERATION_UPDATED, onUpdate);
  }, []);
  const anyRunning = rows.some(running);
  useEffect(() => {
    if (!anyRunning) return;
    const timer = window.setInterval(() => void revalidate.current(), POLL_RUNNING_MS);
    return () => window.clearInterval(timer);
  }, [anyRunning]);
  return rows;
}

/** Create only, update only, or both: offered when the kind can find its records again. */
function ModeChoice({ modes }: { modes: string[] }) {
  const t = useT();
  if (modes.length < 2) return null;
  return (
    <fieldset className="fieldset import-mode" aria-describedby="import-mode-help">
      <legend>{t("import.mode")}</legend>
      {modes.map((mode) => (
        <label key={mode} className="checkbox">
          <input type="radio" name="mode" value={mode} defaultChecked={mode === "create"} />
          <span>{t(`import.mode_${mode}`)}</span>
        </label>
      ))}
      <p id="import-mode-help" className="muted">
        {t("import.mode_help")}
      </p>
    </fieldset>
  );
}

function Mapping({ preview, modes }: { preview: ImportPreview; modes: string[] }) {
  const t = useT();
  const navigation = useNavigation();
  return (
    <Form method="post" className="card import-mapping">
      <h2>
        {t(preview.more ? "import.mapping_title_more" : "import.mapping_title", { file: preview.file_name, rows: preview.row_count })}
      </h2>
      <p>{t("import.mapping_help")}</p>
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="kind" value={preview.kind} />
      <input type="hidden" name="file_id" value={preview.file_id} />
      <input type="hidden" name="file_name" value={preview.file_name} />
      <div className="import-mapping__fields">
        {preview.columns.map((column) => (
          <label key={column.field} className="field">
            <span>
              {column.label}
              {column.required ? " *" : ""}
            </span>
            <select name={`map.${column.field}`} defaultValue={preview.mapping[column.field] ?? ""}>
              <option value="">{t("import.not_imported")}</option>
              {preview.header.map((header, i) => (
                <option key={i} value={i}>
                  {header || t("import.column_n", { n: i + 1 })}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <h3>{t("import.preview")}</h3>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              {preview.header.map((header, i) => (
                <th key={i} scope="col">
                  {header || t("import.column_n", { n: i + 1 })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, r) => (
              <tr key={r}>
                {preview.header.map((_, i) => (
                  <td key={i}>{row[i] ?? ""}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ModeChoice modes={modes} />
      <button type="submit" className="button button--primary" disabled={navigation.state !== "idle"}>
        {preview.more ? t("import.start_file") : t("import.start", { rows: preview.row_count })}
      </button>
    </Form>
  );
}

function History({ loaded }: { loaded: HistoryRow[] }) {
  const t = useT();
  const format = useFormat();
  const history = useLiveHistory(loaded);
  if (!history.length) return <p>{t("import.no_history")}</p>;
  return (
    <div className="table-scroll">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t("import.history_file")}</th>
            <th scope="col">{t("import.history_date")}</th>
            <th scope="col">{t("import.history_status")}</th>
            <th scope="col">{t("import.history_outcome")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("import.history_actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {history.map((o) => (
            <tr key={o.batch_id}>
              <td>{o.label}</td>
              <td>{format.dateTime(o.created)}</td>
              <td>
                <span
                  className={`status-chip status-chip--${CHIP_COLOUR[progressColour(o)]} import-status import-status--${progressColour(o)}`}
                >
                  {t(`operations.status_${o.status}`)}
                </span>
                {o.status === "in_progress" || o.status === "revert_in_progress" ? ` ${o.progress} %` : null}
              </td>
              <td>
                {o.status === "reverted"
                  ? t("import.outcome_reverted", { count: o.result.created ?? 0 })
                  : o.result.updated
                    ? t("import.outcome_updated", { count: o.result.created ?? 0, updated: o.result.updated, rows: o.result.rows ?? 0 })
                    : o.result.created !== undefined
                      ? t("import.outcome_created", { count: o.result.created, rows: o.result.rows ?? 0 })
                      : null}
                {o.result.stock_ignored ? <p className="muted">{t("import.stock_ignored", { count: o.result.stock_ignored })}</p> : null}
                {o.result.updated ? <p className="muted">{t("import.not_revertable_updates")}</p> : null}
                {o.errors.length ? (
                  <ul className="import-errors">
                    {o.errors.slice(0, 5).map((e, i) => (
                      <li key={i}>
                        <OperationErrorText error={e} />
                      </li>
                    ))}
                    {o.errors.length > 5 ? <li>{t("import.more_errors", { count: o.errors.length - 5 })}</li> : null}
                  </ul>
                ) : null}
              </td>
              <td>
                {o.revertable && o.mine ? (
                  <Form
                    method="post"
                    action="/operations"
                    navigate={false}
                    onSubmit={() => setTimeout(() => window.dispatchEvent(new Event(OPERATIONS_CHANGED)), 300)}
                  >
                    <input type="hidden" name="intent" value="revert" />
                    <input type="hidden" name="batch_id" value={o.batch_id} />
                    <button type="submit" className="button button--small">
                      {t("operations.revert")}
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ImportData({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const [kind, setKind] = useState<string>(loaderData.kinds[0] ?? "products");
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  const started = actionData && "operation" in actionData ? actionData.operation : null;
  const failure = actionData && "error" in actionData ? actionData : null;
  useEffect(() => {
    if (started) window.dispatchEvent(new Event(OPERATIONS_CHANGED));
  }, [started]);
  const fileError = failure?.fields?.file?.code ?? (failure && failure.intent === "upload" && !failure.fields ? failure.error : null);
  return (
    <>
      <title>{`${t("import.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("import.title")}</h1>
      </div>
      {started ? (
        <p role="status" className="alert alert--success">
          {t("import.started")}
        </p>
      ) : null}
      {failure && !fileError ? (
        <p role="alert" className="alert alert--error">
          {errorText(failure.error, failure.params)}
          {/* The mode is the one field of the mapping's form the verb may refuse (a choice outside the kind's). */}
          {failure.fields?.mode ? ` ${t("operations.error_at", { where: t("import.mode") })} ${errorText(failure.fields.mode)}` : null}
        </p>
      ) : null}
      <section className="card">
        <h2>{t("import.step_file")}</h2>
        <Form method="post" encType="multipart/form-data" className="import-upload">
          <input type="hidden" name="intent" value="upload" />
          <label className="field">
            <span>{t("import.kind")}</span>
            <select name="kind" value={kind} onChange={(e) => setKind(e.target.value)}>
              {loaderData.kinds.map((k) => (
                <option key={k} value={k}>
                  {t(`import.kind_${k}`)}
                </option>
              ))}
            </select>
          </label>
          <p className="import-upload__templates">
            {t("import.template")}{" "}
            <a href={`/settings/import-data/template?kind=${kind}&format=xlsx`} download>
              XLSX
            </a>{" "}
            ·{" "}
            <a href={`/settings/import-data/template?kind=${kind}&format=csv`} download>
              CSV
            </a>
          </p>
          <label className="field">
            <span>{t("import.file")}</span>
            <input
              type="file"
              name="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? "import-file-error" : undefined}
            />
            {fileError ? (
              <span id="import-file-error" className="field__error" role="alert">
                {errorText(fileError, failure?.fields?.file?.params ?? failure?.params)}
              </span>
            ) : null}
          </label>
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("import.read_file")}
          </button>
        </Form>
      </section>
      {preview ? <Mapping preview={preview} modes={loaderData.modes[preview.kind] ?? ["create"]} /> : null}
      <section className="card">
        <h2>{t("import.history")}</h2>
        <History loaded={loaderData.history} />
      </section>
    </>
  );
}
