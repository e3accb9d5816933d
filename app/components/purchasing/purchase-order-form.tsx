import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { PurchaseOrderView } from "../../../worker/domain/purchasing/purchase-order-views";
import type { Formatter } from "../../../worker/domain/shared/format";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { FormField, type FieldErrorMap } from "../form-field";
import { IdempotencyKeyField } from "../idempotency-key";
import { readableParams, type FieldErrors } from "../inventory/format";
import { VariantSuggestions } from "../variant-suggestions";
import "../inventory/inventory.css";

/** One line as typed: the variant by SKU, the quantity, and a price of one's own (blank: the supplier's). */
export interface PurchaseLineValues {
  lid: string;
  sku: string;
  quantity: string;
  price: string;
}

/** What the purchase order form edits, as text (a refused post gives it back, nothing lost). */
export interface PurchaseOrderFormValues {
  number: string;
  supplier_id: string;
  location_id: string;
  date: string;
  expected_date: string;
  supplier_reference: string;
  notes: string;
  lines: PurchaseLineValues[];
  rows: number;
}

export const NEW_LINES = 5;
export const MORE_LINES = 5;
const MAX_LINES = 1000;

export const NEW_PURCHASE_ORDER: PurchaseOrderFormValues = {
  number: "",
  supplier_id: "",
  location_id: "",
  date: "",
  expected_date: "",
  supplier_reference: "",
  notes: "",
  lines: [],
  rows: NEW_LINES,
};

/** Reads the posted form: the typed lines without the blank rows, in their order. */
export function readPurchaseOrderForm(form: FormData): PurchaseOrderFormValues {
  const text = (name: string) => String(form.get(name) ?? "");
  const indices = new Set<number>();
  for (const key of form.keys()) {
    const m = /^lines\.(\d{1,4})\./.exec(key);
    if (m) indices.add(Number(m[1]));
  }
  const lines = [...indices]
    .sort((a, b) => a - b)
    .map((i) => ({
      lid: text(`lines.${i}.lid`).trim(),
      sku: text(`lines.${i}.sku`).trim(),
      quantity: text(`lines.${i}.quantity`).trim(),
      price: text(`lines.${i}.price`).trim(),
    }))
    .filter((l) => l.sku || l.quantity || l.price)
    .slice(0, MAX_LINES);
  return {
    number: text("number").trim(),
    supplier_id: text("supplier_id"),
    location_id: text("location_id"),
    date: text("date").trim(),
    expected_date: text("expected_date").trim(),
    supplier_reference: text("supplier_reference").trim(),
    notes: text("notes"),
    lines,
    rows: Math.min(Math.max(Number.parseInt(text("rows"), 10) || NEW_LINES, lines.length + 1), MAX_LINES),
  };
}

/** The form values of a saved order, numbers written as the company writes them. */
export function purchaseOrderValues(order: PurchaseOrderView, format: Formatter): PurchaseOrderFormValues {
  const lines = (order.lines ?? [])
    .filter((l) => l.sku !== null)
    .map((l) => ({ lid: l.lid, sku: l.sku ?? "", quantity: format.input(l.quantity), price: format.input(l.price, 2) }));
  return {
    number: order.number,
    supplier_id: String(order.supplier_id),
    location_id: String(order.location_id),
    date: order.date,
    expected_date: order.expected_date ?? "",
    supplier_reference: order.supplier_reference ?? "",
    notes: order.notes ?? "",
    lines,
    rows: Math.max(lines.length + 2, NEW_LINES),
  };
}

/** The domain names a line's variant; the form, what is typed (its SKU). */
export function formFields(fields: FieldErrors | undefined): FieldErrors | undefined {
  if (!fields) return fields;
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(fields)) out[key.replace(/^(lines\.\d+)\.(variant_id|pack_id)$/, "$1.sku")] ??= value;
  return out;
}

/** The purchase order form: supplier, location, dates, reference and its lines (SKU, quantity, price). */
export function PurchaseOrderForm({
  values,
  suppliers,
  locations,
  errors,
  submitLabel,
}: {
  values: PurchaseOrderFormValues;
  suppliers: { id: number; label: string }[];
  locations: { id: number; label: string }[];
  errors: FieldErrors | undefined;
  submitLabel: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const format = useFormat();
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const shown = readableParams(formFields(errors), format.quantity) as FieldErrorMap;
  const rows = Math.max(values.rows, values.lines.length + 1);
  const select = (name: "supplier_id" | "location_id", label: string, options: { id: number; label: string }[], empty: string) => (
    <FormField name={name} label={label} errors={shown}>
      {(props) => (
        <select {...props} defaultValue={values[name]}>
          <option value="">{empty}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  return (
    <Form method="post" noValidate className="stock-form" ref={formRef}>
      <VariantSuggestions id="variant-skus" formRef={formRef} />
      <input type="hidden" name="rows" value={rows} />
      <IdempotencyKeyField />
      <section className="card">
        <div className="stock-form__places">
          <FormField name="number" label={t("stock_documents.number")} errors={shown}>
            {(props) => (
              <input {...props} maxLength={40} defaultValue={values.number} placeholder={t("stock_documents.number_automatic")} />
            )}
          </FormField>
          {select("supplier_id", t("purchase_orders.supplier"), suppliers, t("purchase_orders.choose_supplier"))}
          {select("location_id", t("purchase_orders.location"), locations, t("stock_documents.choose_location"))}
          <FormField name="date" label={t("stock_documents.date")} errors={shown}>
            {(props) => <input {...props} type="date" defaultValue={values.date} />}
          </FormField>
          <FormField name="expected_date" label={t("purchase_orders.expected_date")} errors={shown}>
            {(props) => <input {...props} type="date" defaultValue={values.expected_date} />}
          </FormField>
          <FormField name="supplier_reference" label={t("purchase_orders.supplier_reference")} errors={shown}>
            {(props) => <input {...props} maxLength={200} defaultValue={values.supplier_reference} />}
          </FormField>
        </div>
        <FormField name="notes" label={t("stock_documents.notes")} errors={shown}>
          {(props) => <textarea {...props} rows={3} maxLength={5000} defaultValue={values.notes} />}
        </FormField>
      </section>
      <section className="card">
        <h2>{t("stock_documents.lines")}</h2>
        <p className="muted">{t("purchase_orders.lines_hint")}</p>
        {shown?.lines ? (
          <p role="alert" className="alert alert--error">
            {errorText(shown.lines.code, shown.lines.params)}
          </p>
        ) : null}
        <table className="table stock-form__lines">
          <thead>
            <tr>
              <th scope="col">{t("stock.sku")}</th>
              <th scope="col">{t("stock_documents.quantity")}</th>
              <th scope="col">{t("purchase_orders.unit_price")}</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, i) => {
              const line = values.lines[i];
              return (
                <tr key={i}>
                  <td>
                    {line?.lid ? <input type="hidden" name={`lines.${i}.lid`} value={line.lid} /> : null}
                    <FormField name={`lines.${i}.sku`} label={t("stock.sku")} errors={shown} hideLabel>
                      {(props) => <input {...props} list="variant-skus" defaultValue={line?.sku ?? ""} autoComplete="off" />}
                    </FormField>
                  </td>
                  <td>
                    <FormField name={`lines.${i}.quantity`} label={t("stock_documents.quantity")} errors={shown} hideLabel>
                      {(props) => <input {...props} inputMode="decimal" defaultValue={line?.quantity ?? ""} />}
                    </FormField>
                  </td>
                  <td>
                    <FormField name={`lines.${i}.price`} label={t("purchase_orders.unit_price")} errors={shown} hideLabel>
                      {(props) => (
                        <input
                          {...props}
                          inputMode="decimal"
                          defaultValue={line?.price ?? ""}
                          placeholder={t("purchase_orders.price_from_supplier")}
                        />
                      )}
                    </FormField>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <button type="submit" name="intent" value="add_lines" className="button">
          {t("stock_documents.add_lines")}
        </button>
      </section>
      <div className="form-actions">
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
