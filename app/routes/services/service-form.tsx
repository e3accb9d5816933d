import { IdempotencyKeyField } from "../../components/idempotency-key";
import { Form, useNavigation } from "react-router";
import { CheckboxField } from "../../components/checkbox-field";
import { errorsByField, FormField, type FieldErrorMap } from "../../components/form-field";
import { useErrorText, useT } from "../../i18n";
import "./service-form.css";

/** What the form edits, as the domain verbs take it (and as a failed post gives it back). */
export interface ServiceFormValues {
  reference: string;
  label: string;
  description: string | null;
  price: string;
  tax_charged: boolean;
  tax_id: number | null;
  deposit: boolean;
  active: boolean;
  tag_ids: number[];
  published_to_quickbooks: boolean;
  published_to_shopify: boolean;
  published_to_pennylane: boolean;
}

export interface ServiceFormOptions {
  taxes: { id: number; label: string }[];
  tags: { id: number; label: string }[];
}

const FLAGS = ["tax_charged", "deposit", "active", "published_to_quickbooks", "published_to_shopify", "published_to_pennylane"] as const;

/** The posted form as input for createService / updateService: an unticked box is false, an empty price 0. */
export function serviceFormValues(form: FormData): ServiceFormValues {
  const text = (name: string) => String(form.get(name) ?? "");
  const taxId = text("tax_id").trim();
  const flags = Object.fromEntries(FLAGS.map((name) => [name, form.get(name) === "on" || form.get(name) === "true"])) as Record<
    (typeof FLAGS)[number],
    boolean
  >;
  return {
    reference: text("reference"),
    label: text("label"),
    description: text("description"),
    price: text("price").trim() || "0",
    tax_id: taxId ? Number(taxId) : null,
    tag_ids: form.getAll("tag_ids").map((v) => Number(v)),
    ...flags,
  };
}

export const NEW_SERVICE: ServiceFormValues = {
  reference: "",
  label: "",
  description: null,
  price: "",
  tax_charged: true,
  tax_id: null,
  deposit: false,
  active: true,
  tag_ids: [],
  published_to_quickbooks: false,
  published_to_shopify: false,
  published_to_pennylane: false,
};

export function ServiceForm({
  values,
  options,
  errors: rawErrors,
  submitLabel,
}: {
  values: ServiceFormValues;
  options: ServiceFormOptions;
  errors: FieldErrorMap;
  submitLabel: string;
}) {
  const t = useT();
  const errorText = useErrorText();
  const busy = useNavigation().state === "submitting";
  const errors = errorsByField(rawErrors);
  const tagError = errors?.tag_ids;
  return (
    <Form method="post" className="form service-form" noValidate>
      <IdempotencyKeyField />
      <section className="card form-grid">
        <FormField name="reference" label={t("services.reference")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.reference} required maxLength={100} autoComplete="off" />}
        </FormField>
        <FormField name="label" label={t("services.label")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.label} required maxLength={255} />}
        </FormField>
        <FormField name="price" label={t("services.price")} errors={errors}>
          {(p) => <input {...p} defaultValue={values.price} inputMode="decimal" placeholder="0.00" />}
        </FormField>
        <FormField name="tax_id" label={t("services.tax")} errors={errors}>
          {(p) => (
            <select {...p} defaultValue={values.tax_id === null ? "" : String(values.tax_id)}>
              <option value="">{t("services.no_tax_selected")}</option>
              {options.taxes.map((tax) => (
                <option key={tax.id} value={tax.id}>
                  {tax.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </section>
      <section className="card">
        <FormField name="description" label={t("services.description")} errors={errors}>
          {(p) => <textarea {...p} defaultValue={values.description ?? ""} rows={4} maxLength={5000} />}
        </FormField>
      </section>
      <fieldset className="fieldset">
        <legend>{t("services.options")}</legend>
        <div className="checkbox-grid">
          <CheckboxField name="tax_charged" label={t("services.tax_charged")} checked={values.tax_charged} errors={errors} />
          <CheckboxField name="deposit" label={t("services.deposit")} checked={values.deposit} errors={errors} />
          <CheckboxField name="active" label={t("services.active")} checked={values.active} errors={errors} />
        </div>
      </fieldset>
      <fieldset className={`fieldset${tagError ? " field--invalid" : ""}`} aria-describedby={tagError ? "field-tag_ids-error" : undefined}>
        <legend>{t("services.tags")}</legend>
        {options.tags.length === 0 ? <p className="muted">{t("services.no_tags")}</p> : null}
        <div className="checkbox-grid">
          {options.tags.map((tag) => (
            <label key={tag.id} className="checkbox">
              <input type="checkbox" name="tag_ids" value={tag.id} defaultChecked={values.tag_ids.includes(tag.id)} />
              <span>{tag.label}</span>
            </label>
          ))}
        </div>
        {tagError ? (
          <span id="field-tag_ids-error" className="field__error" role="alert">
            {errorText(tagError.code, tagError.params)}
          </span>
        ) : null}
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t("services.publishing")}</legend>
        <div className="checkbox-grid">
          <CheckboxField
            name="published_to_quickbooks"
            label={t("services.published_to_quickbooks")}
            checked={values.published_to_quickbooks}
            errors={errors}
          />
          <CheckboxField
            name="published_to_shopify"
            label={t("services.published_to_shopify")}
            checked={values.published_to_shopify}
            errors={errors}
          />
          <CheckboxField
            name="published_to_pennylane"
            label={t("services.published_to_pennylane")}
            checked={values.published_to_pennylane}
            errors={errors}
          />
        </div>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
