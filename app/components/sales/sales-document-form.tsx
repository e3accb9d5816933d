import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { Formatter } from "../../../worker/domain/shared/format";
import type { InvoiceFormChoices } from "../../../worker/domain/invoices/invoice-pages";
import type { InvoiceView } from "../../../worker/domain/invoices/invoice-views";
import type { SalesDocumentView } from "../../../worker/domain/sales/sales-documents";
import type { SalesLineFacts } from "../../../worker/domain/sales/sales-line-facts";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { LineEditor, typed, type EditorDocument, type EditorLine } from "../documents/line-editor";
import { FormField, type FieldErrorMap } from "../form-field";
import { IdempotencyKeyField } from "../idempotency-key";
import { LINE_FACTS_PATH, type DocumentFormKind } from "./sales-kinds";

type Option = { value: string; label: string };
type FieldErrors = NonNullable<FieldErrorMap>;

/** What the sales document form edits, as text, and the editor's lines with their facts (a refused post gives them all back). */
export interface SalesFormValues {
  customer_id: string;
  location_id: string;
  date: string;
  expiration_date: string;
  shipping_date: string;
  /** An invoice's: blank, it follows from the payment terms. */
  due_date: string;
  /** An invoice's typed number, where the settings let the user type one. */
  number: string;
  delivery_type: "stock_location" | "drop_shipping";
  notes: string;
  internal_notes: string;
  terms: string;
  global_discount: string;
  global_discount_type: "percentage" | "amount";
  lines: EditorLine[];
  /** The customer's terms the totals are computed with; null until the server gave them. */
  document: EditorDocument | null;
}

/** A refused post: the error, its fields and what was typed. */
export interface SalesFormFailure {
  error: string;
  /** The values the error's text shows (a minimum order's amount). */
  params?: Record<string, unknown> | undefined;
  fields?: FieldErrors | undefined;
  values: SalesFormValues;
}

export const NEW_SALES_DOCUMENT: SalesFormValues = {
  customer_id: "",
  location_id: "",
  date: "",
  expiration_date: "",
  shipping_date: "",
  due_date: "",
  number: "",
  delivery_type: "stock_location",
  notes: "",
  internal_notes: "",
  terms: "",
  global_discount: "",
  global_discount_type: "percentage",
  lines: [],
  document: null,
};

/** Until a customer's terms are known the totals are shown tax exclusive in no currency (there are no lines yet). */
const NO_TERMS: EditorDocument = { currency: null, tax_model: "global", tax_type: "tax_exclusive", tax_priority: "product" };

function json(text: FormDataEntryValue | null): unknown {
  try {
    return JSON.parse(String(text ?? ""));
  } catch {
    return null;
  }
}

/** Reads the posted form (the lines as the editor held them, to show again if the save is refused). */
export function readSalesForm(form: FormData): SalesFormValues {
  const text = (name: string) => String(form.get(name) ?? "");
  const lines = json(form.get("lines_editor"));
  const document = json(form.get("document"));
  return {
    customer_id: text("customer_id"),
    location_id: text("location_id"),
    date: text("date").trim(),
    expiration_date: text("expiration_date").trim(),
    shipping_date: text("shipping_date").trim(),
    due_date: text("due_date").trim(),
    number: text("number").trim(),
    delivery_type: text("delivery_type") === "drop_shipping" ? "drop_shipping" : "stock_location",
    notes: text("notes"),
    internal_notes: text("internal_notes"),
    terms: text("terms"),
    global_discount: text("global_discount").trim(),
    global_discount_type: text("global_discount_type") === "amount" ? "amount" : "percentage",
    lines: Array.isArray(lines) ? (lines as EditorLine[]) : [],
    document: document && typeof document === "object" && !Array.isArray(document) ? (document as EditorDocument) : null,
  };
}

/** The verb's input from the posted form: lines as the editor posted them (the verb validates them), blanks as nothing. */
export function salesInput(kind: DocumentFormKind, form: FormData, values: SalesFormValues, forUpdate: boolean): Record<string, unknown> {
  const blank = (value: string) => (value.trim() ? value : null);
  const dateOrNone = (value: string) => (value ? value : forUpdate ? null : undefined);
  const fields: Record<string, unknown> = {
    customer_id: values.customer_id,
    location_id: values.location_id,
    ...(values.date ? { date: values.date } : {}),
    notes: blank(values.notes),
    internal_notes: blank(values.internal_notes),
    terms: blank(values.terms),
    global_discount: values.global_discount ? (typed(values.global_discount) ?? values.global_discount) : "0",
    global_discount_type: values.global_discount_type,
    lines: json(form.get("lines")) ?? form.get("lines"),
  };
  if (kind === "estimate") fields.expiration_date = dateOrNone(values.expiration_date);
  else if (kind === "invoice") {
    fields.due_date = dateOrNone(values.due_date);
    // Only a form that showed the number field posts it: blank, the sequence numbers the invoice.
    if (form.has("number")) fields.number = blank(values.number);
    // The button pressed: finalise at once, or keep a draft (the settings may decide instead).
    if (!forUpdate) fields.finalize = form.get("intent") === "finalize";
  } else {
    fields.shipping_date = dateOrNone(values.shipping_date);
    fields.delivery_type = values.delivery_type;
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/**
 * The editor's lines from the server's facts, their numbers written as the company writes them;
 * `at` is the location they were read at, where their available figures hold.
 */
export function editorLines(facts: SalesLineFacts["lines"], format: Formatter, at: string): EditorLine[] {
  return facts.map((l) => ({
    ...l,
    available_at: at,
    quantity: format.input(l.quantity),
    price: format.input(l.price, 2),
    discount: format.input(l.discount),
  }));
}

/** The form values of a saved document and its editor lines. */
export function salesValues(doc: SalesDocumentView | InvoiceView, facts: SalesLineFacts, format: Formatter): SalesFormValues {
  return {
    customer_id: String(doc.customer_id),
    location_id: String(doc.location_id),
    date: doc.date,
    expiration_date: doc.expiration_date ?? "",
    shipping_date: doc.shipping_date ?? "",
    due_date: "due_date" in doc ? (doc.due_date ?? "") : "",
    number: doc.number ?? "",
    delivery_type: doc.delivery_type,
    notes: doc.notes ?? "",
    internal_notes: doc.internal_notes ?? "",
    terms: doc.terms ?? "",
    global_discount: format.input(doc.global_discount),
    global_discount_type: doc.global_discount_type,
    lines: editorLines(facts.lines, format, String(doc.location_id)),
    document: facts.document,
  };
}

let added = 0;
const newLid = () => `n${Date.now().toString(36)}${(added++).toString(36)}`;

/**
 * The form of an estimate, a sales order or an invoice: its customer, location, dates, texts,
 * global discount and the line editor. A new invoice's form (`invoice` given) may show its number
 * and a button to keep it a draft beside the one that finalises it, as the company settings say.
 */
export function SalesDocumentForm({
  kind,
  values,
  customers,
  locations,
  errors,
  submitLabel,
  invoice,
  extra,
}: {
  /** A subscription's form shows its terms (`extra`) where the other kinds show their own dates. */
  kind: DocumentFormKind | "subscription";
  values: SalesFormValues;
  customers: Option[];
  locations: Option[];
  errors: FieldErrors | undefined;
  submitLabel: string;
  /** A new invoice's choices; an invoice being edited shows its number field only where the settings allow it. */
  invoice?: (InvoiceFormChoices & { creating: boolean }) | undefined;
  /** Fields of one kind's own, in the form's first card after the date. */
  extra?: ReactNode;
}) {
  const t = useT();
  const format = useFormat();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const [customerId, setCustomerId] = useState(values.customer_id);
  const [locationId, setLocationId] = useState(values.location_id);
  const [terms, setTerms] = useState<EditorDocument>(values.document ?? NO_TERMS);
  const [discount, setDiscount] = useState(values.global_discount);
  const [discountType, setDiscountType] = useState(values.global_discount_type);
  // A drop-shipped order takes nothing from the location's stock: its lines show no available figure.
  const [deliveryType, setDeliveryType] = useState(values.delivery_type);
  const formRef = useRef<HTMLFormElement>(null);
  // A new invoice, where the company lets its maker choose, is finalised at once or kept a draft.
  const submits: [string, string][] =
    invoice?.creating && invoice.drafts === "choose"
      ? [
          ["finalize", t("invoices.create_finalized")],
          ["save", t("invoices.create_draft")],
        ]
      : [["save", submitLabel]];
  const document = useMemo<EditorDocument>(
    () => ({ ...terms, global_discount: typed(discount) ?? "0", global_discount_type: discountType }),
    [terms, discount, discountType],
  );
  const lookup = useCallback(
    async (text: string): Promise<EditorLine[]> => {
      const query = new URLSearchParams({ customer_id: customerId, location_id: locationId, q: text, lid: newLid() });
      const response = await fetch(`${LINE_FACTS_PATH}?${query}`, { headers: { accept: "application/json" } });
      if (!response.ok) return [];
      const facts = (await response.json()) as SalesLineFacts;
      setTerms(facts.document);
      return editorLines(facts.lines, format, locationId);
    },
    [customerId, locationId, format],
  );
  const select = (name: "customer_id" | "location_id", label: string, options: Option[], set: (value: string) => void) => (
    <FormField name={name} label={label} errors={errors}>
      {(props) => (
        <select {...props} defaultValue={values[name]} onChange={(e) => set(e.target.value)}>
          <option value="">{t("sales_documents.choose")}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  const area = (name: "notes" | "internal_notes" | "terms") => (
    <FormField name={name} label={t(`sales_documents.${name}`)} errors={errors}>
      {(props) => <textarea {...props} rows={3} maxLength={5000} defaultValue={values[name]} />}
    </FormField>
  );

  return (
    <Form method="post" noValidate className="sales-form" ref={formRef}>
      <IdempotencyKeyField />
      <input type="hidden" name="document" value={JSON.stringify(terms)} />
      <section className="card">
        <div className="sales-form__grid">
          {select("customer_id", t("sales_documents.customer"), customers, setCustomerId)}
          {select("location_id", t("sales_documents.location"), locations, setLocationId)}
          <FormField name="date" label={t("sales_documents.date")} errors={errors}>
            {(props) => <input {...props} type="date" defaultValue={values.date} />}
          </FormField>
          {kind === "subscription" ? (
            extra
          ) : kind === "estimate" ? (
            <FormField name="expiration_date" label={t("sales_documents.expiration_date")} errors={errors}>
              {(props) => <input {...props} type="date" defaultValue={values.expiration_date} />}
            </FormField>
          ) : kind === "invoice" ? (
            <>
              <FormField name="due_date" label={t("invoices.due_date")} errors={errors}>
                {(props) => <input {...props} type="date" defaultValue={values.due_date} />}
              </FormField>
              {invoice?.numberEditable ? (
                <FormField name="number" label={t("sales_documents.number")} errors={errors}>
                  {(props) => <input {...props} maxLength={18} defaultValue={values.number} />}
                </FormField>
              ) : null}
            </>
          ) : (
            <>
              <FormField name="shipping_date" label={t("sales_documents.shipping_date")} errors={errors}>
                {(props) => <input {...props} type="date" defaultValue={values.shipping_date} />}
              </FormField>
              <FormField name="delivery_type" label={t("sales_documents.delivery_type")} errors={errors}>
                {(props) => (
                  <select
                    {...props}
                    defaultValue={values.delivery_type}
                    onChange={(e) => setDeliveryType(e.target.value === "drop_shipping" ? "drop_shipping" : "stock_location")}
                  >
                    <option value="stock_location">{t("sales_documents.delivery_stock_location")}</option>
                    <option value="drop_shipping">{t("sales_documents.delivery_drop_shipping")}</option>
                  </select>
                )}
              </FormField>
            </>
          )}
          <div className="sales-form__discount">
            <FormField name="global_discount" label={t("sales_documents.global_discount")} errors={errors}>
              {(props) => <input {...props} inputMode="decimal" size={8} value={discount} onChange={(e) => setDiscount(e.target.value)} />}
            </FormField>
            <FormField name="global_discount_type" label={t("documents.line.discount_type")} errors={errors} hideLabel>
              {(props) => (
                <select
                  {...props}
                  value={discountType}
                  onChange={(e) => setDiscountType(e.target.value === "amount" ? "amount" : "percentage")}
                >
                  <option value="percentage">%</option>
                  <option value="amount">{terms.currency ?? "¤"}</option>
                </select>
              )}
            </FormField>
          </div>
        </div>
      </section>

      <section className="card">
        <h2>{t("sales_documents.lines")}</h2>
        <p className="muted">{t("sales_documents.lines_hint")}</p>
        {errors?.lines ? (
          <p role="alert" className="alert alert--error">
            {errorText(errors.lines.code, errors.lines.params)}
          </p>
        ) : null}
        <LineEditor
          name="lines"
          document={document}
          initial={values.lines}
          lookup={lookup}
          errors={errors}
          blocked={customerId && locationId ? null : t("sales_documents.choose_customer_first")}
          stockAt={kind === "sales_order" && deliveryType === "drop_shipping" ? null : locationId}
        />
      </section>

      <section className="card">
        {area("notes")}
        {area("terms")}
        {area("internal_notes")}
      </section>

      <div className="actions">
        {submits.map(([intent, label], i) => (
          <button
            key={intent}
            type="submit"
            name="intent"
            value={intent}
            className={`button ${i === 0 ? "button--primary" : "button--secondary"}`}
            disabled={busy}
          >
            {label}
          </button>
        ))}
      </div>
    </Form>
  );
}
