import { Form, Link, redirect, useNavigation } from "react-router";
import { requestContext } from "../../../worker/context";
import { ctxFromRequest } from "../../../worker/ctx";
import { formAction, orNotFound } from "../../server/form-page.server";
import { bulkUpdateInventory } from "../../../worker/domain/stock/bulk-update";
import { getStockDocument } from "../../../worker/domain/stock/get-stock-document";
import { listInventoryLogs } from "../../../worker/domain/stock/inventory-logs";
import { listStockDocuments } from "../../../worker/domain/stock/list-stock-documents";
import { locationCountSheet } from "../../../worker/domain/stock/stock-levels";
import { requirePage } from "../../../worker/guards";
import { FormField } from "../../components/form-field";
import { BULK_UPDATE, BULK_UPDATE_PATH, INVENTORY_LOGS_PATH, readableParams, type FieldErrors } from "../../components/inventory/format";
import { locationOptions } from "./inventory.server";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import type { Route } from "./+types/inventory-bulk-update";
import "../../components/inventory/inventory.css";

const PAGE = 100;

function positiveInt(text: string | null): number | null {
  return text && /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, BULK_UPDATE);
  const ctx = await ctxFromRequest(rc);
  const params = new URL(request.url).searchParams;
  const locations = await locationOptions(ctx, false);
  const locationId = positiveInt(params.get("location_id"));
  const location = locations.find((l) => l.value === String(locationId)) ?? null;
  const search = (params.get("search") ?? "").trim().slice(0, 100);
  const offset = Math.min(Number.parseInt(params.get("offset") ?? "0", 10) || 0, 1_000_000);
  const sheet = location
    ? await locationCountSheet(ctx, { location_id: Number(location.value), search, limit: PAGE, offset: Math.max(offset, 0) })
    : null;

  // The count just saved: its lines with what each level held before and holds now.
  const countId = positiveInt(params.get("count"));
  let count: { number: string; date: string; location: string; notes: string | null; created_at: number; lines: CountLine[] } | null = null;
  if (countId) {
    count = await orNotFound(async () => {
      const doc = await getStockDocument(ctx, { kind: "bulk_update", id: countId });
      const logs = await listInventoryLogs(ctx, { document_type: "bulk_update", document_id: String(countId), page_size: "-1" });
      return {
        number: doc.number,
        date: doc.date,
        location: doc.location.label,
        notes: doc.notes,
        created_at: doc.created_at,
        lines: (doc.lines ?? []).map((line) => {
          const log = logs.items.find((l) => l.variant_id === line.variant_id && l.batch_id === line.batch_id);
          return {
            sku: line.sku,
            label: line.label,
            batch: line.batch_number,
            before: log ? log.quantity_before : line.quantity,
            counted: line.quantity,
            difference: log ? log.change : "0",
          };
        }),
      };
    });
  }
  const recent = await listStockDocuments(ctx, { kind: "bulk_update", query: { page_size: "10" } });
  return { locations, location, search, offset, sheet, count, recent: recent.items };
}

interface CountLine {
  sku: string;
  label: string;
  batch: string | null;
  before: string;
  counted: string;
  difference: string;
}

interface CountValues {
  location_id: string;
  notes: string;
  counted: Record<string, string>;
  batches: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  requirePage(request, rc, BULK_UPDATE);
  const ctx = await ctxFromRequest(rc);
  const form = await request.formData();
  const values: CountValues = {
    location_id: String(form.get("location_id") ?? ""),
    notes: String(form.get("notes") ?? ""),
    counted: {},
    batches: {},
  };
  const order: string[] = [];
  for (const [key, raw] of form) {
    const m = /^(counted|batch)\.(\d{1,15})$/.exec(key);
    if (!m) continue;
    const value = String(raw).trim();
    if (m[1] === "counted") {
      values.counted[m[2]!] = value;
      if (value) order.push(m[2]!);
    } else values.batches[m[2]!] = value;
  }
  // Batch numbers typed for batch-tracked variants are sent as typed: the verb finds their batches.
  const lines = order.map((vid) => ({
    variant_id: vid,
    counted: values.counted[vid],
    ...(values.batches[vid] ? { batch: values.batches[vid] } : {}),
  }));
  // lines.N.x names the Nth counted row: shown at that variant's row.
  const rowFields = (refused: FieldErrors | undefined) => {
    const fields: FieldErrors = {};
    for (const [key, value] of Object.entries(refused ?? {})) {
      const m = /^lines\.(\d+)\.(\w+)$/.exec(key);
      const vid = m ? order[Number(m[1])] : undefined;
      const name = m && vid ? (m[2] === "batch_id" || m[2] === "batch" ? `batch.${vid}` : `counted.${vid}`) : key;
      fields[name] ??= value;
    }
    return fields;
  };
  return formAction(
    async () => {
      const doc = await bulkUpdateInventory(ctx, {
        location_id: values.location_id,
        notes: values.notes.trim() ? values.notes : null,
        lines,
      });
      return redirect(`${BULK_UPDATE_PATH}?location_id=${doc.location_id}&count=${doc.id}`);
    },
    (refusal) => ({ ...refusal, fields: rowFields(refusal.fields), values }),
    { notFound: "refusal" },
  );
}

export default function InventoryBulkUpdate({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const { locations, location, search, offset, sheet, count, recent } = loaderData;
  const errors = readableParams(actionData?.fields, format.quantity);
  const typed = actionData?.values;
  const generalError = actionData && !Object.keys(errors ?? {}).some((k) => k.startsWith("counted.") || k.startsWith("batch."));
  const pageHref = (to: number) =>
    `${BULK_UPDATE_PATH}?${new URLSearchParams({ location_id: location?.value ?? "", ...(search ? { search } : {}), offset: String(to) }).toString()}`;
  return (
    <>
      <title>{`${t("bulk_update.title")} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{t("bulk_update.title")}</h1>
        <Link to={INVENTORY_LOGS_PATH}>{t("inventory_logs.title")}</Link>
      </div>

      {count ? (
        <section className="card bulk-update__result">
          <p role="status" className="alert alert--success">
            {t("bulk_update.saved", { number: count.number, location: count.location })}
          </p>
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">{t("bulk_update.differences")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("stock.sku")}</th>
                  <th scope="col">{t("stock.variant")}</th>
                  <th scope="col">{t("stock.batch")}</th>
                  <th scope="col" className="numeric">
                    {t("bulk_update.before")}
                  </th>
                  <th scope="col" className="numeric">
                    {t("bulk_update.counted")}
                  </th>
                  <th scope="col" className="numeric">
                    {t("bulk_update.difference")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {count.lines.map((line, i) => {
                  const diff = format.quantity(line.difference);
                  const negative = line.difference.startsWith("-");
                  return (
                    <tr key={i}>
                      <td>{line.sku}</td>
                      <td>{line.label}</td>
                      <td>{line.batch ?? "—"}</td>
                      <td className="numeric">{format.quantity(line.before)}</td>
                      <td className="numeric">{format.quantity(line.counted)}</td>
                      <td className={`numeric ${negative ? "diff--down" : diff === "0" ? "" : "diff--up"}`}>
                        {negative || diff === "0" ? diff : `+${diff}`}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      <Form method="get" className="card list-filters" aria-label={t("bulk_update.choose_location")}>
        <div className="field">
          <label htmlFor="bulk-location">{t("stock_documents.location")}</label>
          <select id="bulk-location" name="location_id" defaultValue={location?.value ?? ""}>
            <option value="">{t("stock_documents.choose_location")}</option>
            {locations.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bulk-search">{t("bulk_update.search")}</label>
          <input id="bulk-search" type="search" name="search" defaultValue={search} />
        </div>
        <div className="actions">
          <button type="submit" className="button button--secondary">
            {t("bulk_update.show_sheet")}
          </button>
        </div>
      </Form>

      {generalError ? (
        <div role="alert" className="alert alert--error">
          <p>{errorText(actionData)}</p>
          {Object.entries(errors ?? {}).map(([name, field]) => (
            <p key={name}>{errorText(field.code, field.params)}</p>
          ))}
        </div>
      ) : actionData ? (
        <p role="alert" className="alert alert--error">
          {t("stock_documents.fix_fields")}
        </p>
      ) : null}

      {location && sheet ? (
        <Form method="post" noValidate className="card">
          <h2>{t("bulk_update.sheet_title", { location: location.label })}</h2>
          <p className="muted">{t("bulk_update.hint")}</p>
          <input type="hidden" name="location_id" value={location.value} />
          {sheet.items.length === 0 ? (
            <p role="status">{t("generic.no_data")}</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table count-sheet">
                <thead>
                  <tr>
                    <th scope="col">{t("stock.sku")}</th>
                    <th scope="col">{t("stock.variant")}</th>
                    <th scope="col" className="numeric">
                      {t("stock.on_hand")}
                    </th>
                    <th scope="col">{t("bulk_update.counted")}</th>
                    <th scope="col">{t("stock_documents.batch_number")}</th>
                  </tr>
                </thead>
                <tbody>
                  {sheet.items.map((item) => {
                    const vid = String(item.variant_id);
                    return (
                      <tr key={vid}>
                        <td>{item.sku}</td>
                        <td>{item.label}</td>
                        <td className="numeric">{format.quantity(item.on_hand)}</td>
                        <td>
                          <FormField
                            name={`counted.${vid}`}
                            label={t("bulk_update.counted_for", { sku: item.sku })}
                            errors={errors}
                            hideLabel
                          >
                            {(props) => <input {...props} inputMode="decimal" defaultValue={typed?.counted[vid] ?? ""} />}
                          </FormField>
                        </td>
                        <td>
                          {item.batch_tracked ? (
                            <FormField
                              name={`batch.${vid}`}
                              label={t("bulk_update.batch_for", { sku: item.sku })}
                              errors={errors}
                              hideLabel
                            >
                              {(props) => <input {...props} defaultValue={typed?.batches[vid] ?? ""} />}
                            </FormField>
                          ) : (
                            "—"
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <nav className="list-pagination" aria-label={t("list.pagination")}>
            {offset > 0 ? <Link to={pageHref(Math.max(offset - PAGE, 0))}>{t("list.previous_page")}</Link> : null}
            {sheet.more ? <Link to={pageHref(offset + PAGE)}>{t("list.next_page")}</Link> : null}
          </nav>
          <FormField name="notes" label={t("stock_documents.notes")} errors={errors}>
            {(props) => <textarea {...props} rows={2} maxLength={5000} defaultValue={typed?.notes ?? ""} />}
          </FormField>
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={busy || sheet.items.length === 0}>
              {t("bulk_update.save")}
            </button>
          </div>
        </Form>
      ) : null}

      {recent.length ? (
        <section className="inventory-section">
          <h2>{t("bulk_update.recent")}</h2>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("stock_documents.number")}</th>
                <th scope="col">{t("stock_documents.date")}</th>
                <th scope="col">{t("stock_documents.location")}</th>
                <th scope="col" className="numeric">
                  {t("stock_documents.lines_count")}
                </th>
                <th scope="col">{t("stock_documents.created_at")}</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((doc) => (
                <tr key={doc.id}>
                  <td>
                    <Link to={`${BULK_UPDATE_PATH}?location_id=${doc.location_id}&count=${doc.id}`}>{doc.number}</Link>
                  </td>
                  <td>{format.date(doc.date)}</td>
                  <td>{doc.location.label}</td>
                  <td className="numeric">{doc.lines_count}</td>
                  <td>{format.dateTime(doc.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
