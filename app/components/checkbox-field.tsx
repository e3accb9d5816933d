import { useErrorText } from "../i18n";
import type { FieldErrorMap } from "./form-field";

/**
 * A labelled box with its translated error under it (unticked, it posts nothing: the reader takes
 * that as false). `field` names the error when it differs from the input's name.
 */
export function CheckboxField({
  name,
  field,
  label,
  checked,
  errors,
  onChange,
}: {
  name: string;
  field?: string;
  label: string;
  checked: boolean;
  errors: FieldErrorMap | null;
  onChange?: (checked: boolean) => void;
}) {
  const errorText = useErrorText();
  const error = errors?.[field ?? name];
  const id = `field-${field ?? name}`;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label className="checkbox" htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          name={name}
          defaultChecked={checked}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={onChange ? (e) => onChange(e.currentTarget.checked) : undefined}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {errorText(error.code, error.params)}
        </span>
      ) : null}
    </div>
  );
}
