import type { ReactNode } from "react";
import { useErrorText } from "../i18n";

export type FieldErrorMap = Record<string, { code: string; params?: Record<string, unknown> }> | undefined;

/** A labelled input with its translated error under it, linked for screen readers. */
export function FormField({
  name,
  label,
  errors,
  hideLabel = false,
  children,
}: {
  name: string;
  label: string;
  errors: FieldErrorMap;
  /** The label is read out but not shown (a table whose column header already says it). */
  hideLabel?: boolean;
  children: (props: { id: string; name: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const errorText = useErrorText();
  const error = errors?.[name];
  const id = `field-${name}`;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      {children({ id, name, "aria-invalid": Boolean(error), ...(error ? { "aria-describedby": `${id}-error` } : {}) })}
      {error ? (
        <span id={`${id}-error`} className="field__error" role="alert">
          {errorText(error.code, error.params)}
        </span>
      ) : null}
    </div>
  );
}

/** Errors of list items ("emails.1", "tag_ids.0") shown at their list; `keep` prefixes stay as they are (address blocks). */
export function errorsByField(errors: FieldErrorMap, keep: string[] = []): FieldErrorMap {
  if (!errors) return errors;
  const out: NonNullable<FieldErrorMap> = {};
  for (const [key, value] of Object.entries(errors)) {
    const name = keep.some((prefix) => key.startsWith(`${prefix}.`)) ? key : key.split(".")[0]!;
    out[name] ??= value;
  }
  return out;
}
