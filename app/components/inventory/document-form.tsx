import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormField, type FieldErrorMap } from "../form-field";
import { IdempotencyKeyField } from "../idempotency-key";
import { useHydrated } from "../ui/hydrated";
import { VariantSuggestions } from "../variant-suggestions";
import type { Formatter } from "../../../worker/domain/shared/format";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { DOCUMENT_KINDS, readableParams, type DocumentKind, type FieldErrors } from "./format";
import "./inventory.css";

/** One line as typed: the variant by SKU, the quantity, the unit cost (entries) and the batch number. */
export interface DocumentLineValues {
  sku: string;
  quantity: string;
  unit_cost: string;
  batch: string;
}

/** What the document form edits, as text (and as a failed post gives it back, nothing lost). */
export interface DocumentFormValues {
  /** New documents only: a number of one's own, else (blank) the next of the sequence. */
  number?: string;
  location_id: string;
  arrival_location_id: string;
  date: string;
  notes: string;
  lines: DocumentLineValues[];
  /** How many line rows the form shows (the "add lines" button of the form without JavaScript raises it). */
  rows: number;
}

/** A failed post: the error, its fields (named as the form names them) and what was typed. */
export interface DocumentFormFailure {
  error: string;
  fields?: FieldErrors | undefined;
  values: DocumentFormValues;
}

export const NEW_ROWS = 5;
export const MORE_ROWS = 5;
const MAX_ROWS = 500;

export const NEW_DOCUMENT: DocumentFormValues = {
  number: "",
  location_id: "",
  arrival_location_id: "",
  date: "",
  notes: "",
  lines: [],
  rows: NEW_ROWS,
};

const blankLine = (line: DocumentLineValues) => !line.sku.trim() && !line.quantity.trim() && !line.unit_cost.trim() && !line.batch.trim();

/** Reads the posted form: the typed lines without the blank rows, in their order. */
export function readDocumentForm(form: FormData): DocumentFormValues {
  const text = (name: string) => String(form.get(name) ?? "");
  const indices = new Set<number>();
  for (const key of form.keys()) {
    const m = /^lines\.(\d{1,3})\./.exec(key);
    if (m) indices.add(Number(m[1]));
  }
  const lines = [...indices]
    .sort((a, b) => a - b)
    .map((i) => ({
      sku: text(`lines.${i}.sku`).trim(),
      quantity: text(`lines.${i}.quantity`).trim(),
      unit_cost: text(`lines.${i}.unit_cost`).trim(),
      batch: text(`lines.${i}.batch`).trim(),
    }))
    .filter((line) => !blankLine(line))
    .slice(0, MAX_ROWS);
  const rows = Math.min(Math.max(Number.parseInt(text("rows"), 10) || NEW_ROWS, lines.length + 1), MAX_ROWS);
  return {
    ...(form.has("number") ? { number: text("number").trim() } : {}),
    location_id: text("location_id"),
    arrival_location_id: text("arrival_location_id"),
    date: text("date").trim(),
    notes: text("notes"),
    lines,
    rows,
  };
}

/** The form values of a saved document, numbers written as the company writes them. */
export function documentValues(
  doc: {
    location_id: number;
    arrival_location_id: number | null;
    date: string;
    notes: string | null;
    lines?: { sku: string; quantity: string; unit_cost: string | null; batch_number: string | null }[] | undefined;
  },
  format: Formatter,
): DocumentFormValues {
  const lines = (doc.lines ?? []).map((l) => ({
    sku: l.sku,
    quantity: format.input(l.quantity),
    unit_cost: format.input(l.unit_cost, 2),
    batch: l.batch_number ?? "",
  }));
  return {
    location_id: String(doc.location_id),
    arrival_location_id: doc.arrival_location_id === null ? "" : String(doc.arrival_location_id),
    date: doc.date,
    notes: doc.notes ?? "",
    lines,
    rows: Math.max(lines.length + 2, NEW_ROWS),
  };
}

interface Row {
  key: number;
  line: DocumentLineValues;
}

const EMPTY_LINE: DocumentLineValues = { sku: "", quantity: "", unit_cost: "", batch: "" };

/**
 * The form of a stock entry, removal or movement. Without JavaScript it shows a fixed number of
 * line rows and an "add lines" submit; with it, lines are added and removed in place.
 */
export function DocumentForm({
  kind,
  values,
  locations,
  errors,
  submitLabel,
}: {
  kind: DocumentKind;
  values: DocumentFormValues;
  locations: { value: string; label: string }[];
  errors: FieldErrors | undefined;
  submitLabel: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const m = DOCUMENT_KINDS[kind].messages;
  const format = useFormat();
  const shown = readableParams(errors, format.quantity) as FieldErrorMap;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const count = Math.max(values.rows, values.lines.length + 1);
  const [rows, setRows] = useState<Row[]>(() => Array.from({ length: count }, (_, i) => ({ key: i, line: values.lines[i] ?? EMPTY_LINE })));
  const [nextKey, setNextKey] = useState(count);
  const addRow = () => {
    setRows((current) => [...current, { key: nextKey, line: EMPTY_LINE }]);
    setNextKey((k) => k + 1);
  };
  const removeRow = (key: number) => setRows((current) => (current.length > 1 ? current.filter((r) => r.key !== key) : current));
  const linesError = shown?.lines;
  const locationSelect = (name: "location_id" | "arrival_location_id", label: string) => (
    <FormField name={name} label={label} errors={shown}>
      {(props) => (
        <select {...props} defaultValue={values[name]}>
          <option value="">{t("stock_documents.choose_location")}</option>
          {locations.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <Form method="post" noValidate className="stock-form" ref={formRef}>
      <VariantSuggestions id="variant-skus" formRef={formRef} />
      <input type="hidden" name="rows" value={rows.length} />
      <IdempotencyKeyField />
      <section className="card">
        <div className="stock-form__places">
          {values.number !== undefined ? (
            <FormField name="number" label={t("stock_documents.number")} errors={shown}>
              {(props) => (
                <input {...props} maxLength={50} defaultValue={values.number} placeholder={t("stock_documents.number_automatic")} />
              )}
            </FormField>
          ) : null}
          {locationSelect("location_id", kind === "movement" ? t("stock_documents.departure") : t("stock_documents.location"))}
          {kind === "movement" ? locationSelect("arrival_location_id", t("stock_documents.arrival")) : null}
          <FormField name="date" label={t("stock_documents.date")} errors={shown}>
            {(props) => <input {...props} type="date" defaultValue={values.date} />}
          </FormField>
        </div>
        <FormField name="notes" label={t("stock_documents.notes")} errors={shown}>
          {(props) => <textarea {...props} rows={3} maxLength={5000} defaultValue={values.notes} />}
        </FormField>
      </section>

      <section className="card">
        <h2>{t("stock_documents.lines")}</h2>
        <p className="muted">{t(`${m}.lines_hint`)}</p>
        {linesError ? (
          <p id="field-lines-error" role="alert" className="alert alert--error">
            {errorText(linesError.code, linesError.params)}
          </p>
        ) : null}
        <div className="table-scroll">
          <table className="stock-lines lines-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t("stock.sku")}</th>
                <th scope="col">{t("stock_documents.quantity")}</th>
                {kind === "entry" ? <th scope="col">{t("stock_documents.unit_cost")}</th> : null}
                <th scope="col">{t("stock_documents.batch_number")}</th>
                {hydrated ? (
                  <th scope="col">
                    <span className="visually-hidden">{t("stock_documents.actions")}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => {
                const n = i + 1;
                return (
                  <tr key={row.key}>
                    <td className="lines-table__number">{n}</td>
                    <td className="lines-table__full" data-label={t("stock.sku")}>
                      <FormField name={`lines.${i}.sku`} label={t("stock_documents.line_sku", { n })} errors={skuErrors(shown, i)}>
                        {(props) => <input {...props} defaultValue={row.line.sku} autoComplete="off" list="variant-skus" />}
                      </FormField>
                    </td>
                    <td data-label={t("stock_documents.quantity")}>
                      <FormField name={`lines.${i}.quantity`} label={t("stock_documents.line_quantity", { n })} errors={shown}>
                        {(props) => <input {...props} inputMode="decimal" defaultValue={row.line.quantity} />}
                      </FormField>
                    </td>
                    {kind === "entry" ? (
                      <td data-label={t("stock_documents.unit_cost")}>
                        <FormField name={`lines.${i}.unit_cost`} label={t("stock_documents.line_unit_cost", { n })} errors={shown}>
                          {(props) => <input {...props} inputMode="decimal" defaultValue={row.line.unit_cost} />}
                        </FormField>
                      </td>
                    ) : null}
                    <td data-label={t("stock_documents.batch_number")}>
                      <FormField name={`lines.${i}.batch`} label={t("stock_documents.line_batch", { n })} errors={shown}>
                        {(props) => <input {...props} defaultValue={row.line.batch} autoComplete="off" />}
                      </FormField>
                    </td>
                    {hydrated ? (
                      <td className="stock-lines__remove lines-table__end">
                        <button
                          type="button"
                          className="link-button"
                          onClick={() => removeRow(row.key)}
                          aria-label={t("stock_documents.remove_line_label", { n })}
                          disabled={rows.length <= 1}
                        >
                          {t("stock_documents.remove_line")}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="actions">
          <button
            type="submit"
            name="intent"
            value="add_lines"
            className="button button--secondary"
            formNoValidate
            onClick={(event) => {
              // With JavaScript the line is added in place; without it, the form comes back with more rows.
              if (hydrated) {
                event.preventDefault();
                addRow();
              }
            }}
          >
            {hydrated ? t("stock_documents.add_line") : t("stock_documents.add_lines")}
          </button>
        </div>
      </section>

      <div className="actions">
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** The SKU cell shows the errors about the line's variant (unknown SKU, untracked variant, pack). */
function skuErrors(errors: FieldErrorMap, i: number): FieldErrorMap {
  const own = errors?.[`lines.${i}.sku`] ?? errors?.[`lines.${i}.variant_id`] ?? errors?.[`lines.${i}.pack_id`];
  return own ? { [`lines.${i}.sku`]: own } : undefined;
}
