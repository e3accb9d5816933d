import { Form, Link, useLocation, useNavigation } from "react-router";
import type { FieldErrors } from "../../../worker/domain/shared/domain-error";
import { useErrorText, useT } from "../../i18n";
import { FormField } from "../form-field";

/** One option line of the edit form: an existing option (with its id) or an empty line to add one. */
export interface OptionRow {
  id: string | null;
  label: string;
  remove: boolean;
}

/** Empty lines offered under the existing options, to add new ones without script. */
export const NEW_OPTION_ROWS = 3;
const MAX_ROWS = 600;

/** The create form's options: one per line of the text area, blank lines left out. */
export function optionLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The option lines of the edit form, and the list the domain takes with, per item, the line it came from. */
export function optionRows(form: FormData): { rows: OptionRow[]; options: { id?: string; label: string }[]; lineOf: number[] } {
  const rows: OptionRow[] = [];
  for (let i = 0; i < MAX_ROWS && form.has(`options.${i}.label`); i++)
    rows.push({
      id: String(form.get(`options.${i}.id`) ?? "") || null,
      label: String(form.get(`options.${i}.label`) ?? ""),
      remove: form.get(`options.${i}.remove`) === "on",
    });
  const options: { id?: string; label: string }[] = [];
  const lineOf: number[] = [];
  rows.forEach((row, line) => {
    if (row.remove || (!row.id && row.label.trim() === "")) return;
    options.push(row.id ? { id: row.id, label: row.label } : { label: row.label });
    lineOf.push(line);
  });
  return { rows, options, lineOf };
}

/** Moves the domain's errors on `options.K` (K-th option sent) to the form line it came from. */
export function errorsByLine(fields: FieldErrors, lineOf: number[], rows: OptionRow[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(fields)) {
    const match = /^options\.(\d+)(\.id)?$/.exec(key);
    const usedId = key === "options" ? value.params?.id : undefined;
    const line = match ? lineOf[Number(match[1])] : usedId !== undefined ? rows.findIndex((r) => r.id === String(usedId)) : undefined;
    out[line !== undefined && line >= 0 ? `options.${line}` : key] ??= value;
  }
  return out;
}

/** The create form's errors on `options.K` become one error on the text area, naming the option. */
export function errorsOnText(fields: FieldErrors, lines: string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(fields)) {
    const match = /^options\.(\d+)$/.exec(key);
    if (match) out.options ??= { ...value, params: { ...value.params, label: lines[Number(match[1])] ?? "" } };
    else out[key] ??= value;
  }
  return out;
}

export interface AttributeValues {
  label: string;
  optionsText?: string;
  rows?: OptionRow[];
}

/** An error under a field that FormField cannot render: one about an option, named by its label. */
function OptionsError({ id, error }: { id: string; error: FieldErrors[string] | undefined }) {
  const t = useT();
  const errorText = useErrorText();
  if (!error) return null;
  const label = error.params?.label;
  const message = errorText(error.code, error.params);
  return (
    <span id={id} className="field__error" role="alert">
      {typeof label === "string" && error.code !== "option_in_use" ? t("attributes.option_error", { label, message }) : message}
    </span>
  );
}

/**
 * Creates an attribute (its options typed one per line) or edits one: each existing option
 * keeps its id (renamed in place, or removed with its box), and empty lines add new options.
 */
export function AttributeForm({
  editing,
  values,
  errors,
}: {
  editing: { id: number; label: string; options: { id: number; label: string }[] } | null;
  values: AttributeValues | undefined;
  errors: FieldErrors | undefined;
}) {
  const t = useT();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const rows: OptionRow[] =
    values?.rows ??
    (editing
      ? [
          ...editing.options.map((o) => ({ id: String(o.id), label: o.label, remove: false })),
          ...Array.from({ length: NEW_OPTION_ROWS }, () => ({ id: null, label: "", remove: false })),
        ]
      : []);
  const optionsError = errors?.options;

  return (
    <Form method="post" className="form" noValidate key={`${location.key}-${editing?.id ?? "new"}`}>
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <FormField name="label" label={t("products_settings.label")} errors={errors}>
        {(p) => <input {...p} defaultValue={values?.label ?? editing?.label ?? ""} maxLength={100} />}
      </FormField>

      {editing ? (
        <fieldset className="fieldset" aria-describedby={optionsError ? "field-options-error" : undefined}>
          <legend>{t("attributes.options")}</legend>
          <p className="muted" style={{ marginTop: 0 }}>
            {t("attributes.options_hint")}
          </p>
          <OptionsError id="field-options-error" error={optionsError} />
          <div className="form">
            {rows.map((row, i) => (
              <div key={i} className="actions" style={{ alignItems: "end" }}>
                {row.id ? <input type="hidden" name={`options.${i}.id`} value={row.id} /> : null}
                <FormField
                  name={`options.${i}`}
                  label={row.id ? t("attributes.option", { number: i + 1 }) : t("attributes.new_option")}
                  errors={errors}
                >
                  {(p) => <input {...p} name={`options.${i}.label`} defaultValue={row.label} maxLength={100} />}
                </FormField>
                {row.id ? (
                  <label className="checkbox" style={{ paddingBottom: "0.6rem" }}>
                    <input
                      type="checkbox"
                      name={`options.${i}.remove`}
                      defaultChecked={row.remove}
                      aria-label={t("attributes.remove_option_label", { label: row.label || String(i + 1) })}
                    />
                    <span>{t("attributes.remove_option")}</span>
                  </label>
                ) : null}
              </div>
            ))}
          </div>
        </fieldset>
      ) : (
        <div className={`field${optionsError ? " field--invalid" : ""}`}>
          <label htmlFor="field-options">{t("attributes.options_lines")}</label>
          <textarea
            id="field-options"
            name="options"
            rows={6}
            defaultValue={values?.optionsText ?? ""}
            aria-invalid={Boolean(optionsError)}
            aria-describedby={optionsError ? "field-options-error" : undefined}
            style={{ font: "inherit", padding: "0.55rem 0.7rem", border: "1px solid var(--border)", borderRadius: "var(--radius)" }}
          />
          <OptionsError id="field-options-error" error={optionsError} />
        </div>
      )}

      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {editing ? t("products_settings.save") : t("products_settings.create")}
        </button>
        {editing ? <Link to={location.pathname}>{t("products_settings.cancel")}</Link> : null}
      </div>
    </Form>
  );
}
