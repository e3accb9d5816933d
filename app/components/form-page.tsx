import type { ReactNode } from "react";
import { Link } from "react-router";
import { useErrorText, useT } from "../i18n";
import { IdempotencyKeyProvider } from "./idempotency-key";

/** What a refused form post answers: the error, the fields it names, and what was typed. */
export interface FormFailure<V> {
  error: string | null;
  fields?: Record<string, { code: string; params?: Record<string, unknown> }> | undefined;
  values: V;
}

/**
 * A create or edit page: its title, the way back, the error that names no field (a field's own
 * error shows at the field), then the form. A create page passes its loader's `idempotencyKey`,
 * which the form's IdempotencyKeyField sends, so that a double post creates one record.
 */
export function FormPage({
  title,
  back,
  failure,
  idempotencyKey,
  children,
}: {
  title: string;
  back: { href: string; label: string };
  failure: (Pick<FormFailure<unknown>, "error" | "fields"> & { params?: Record<string, unknown> | undefined }) | undefined;
  idempotencyKey?: string;
  children: ReactNode;
}) {
  const t = useT();
  const errorText = useErrorText();
  return (
    <>
      <title>{`${title} | ${t("app.name")}`}</title>
      <div className="page-header">
        <h1>{title}</h1>
        <Link to={back.href}>{back.label}</Link>
      </div>
      {failure?.error && !failure.fields ? (
        <p role="alert" className="alert alert--error">
          {errorText(failure)}
        </p>
      ) : null}
      <IdempotencyKeyProvider value={idempotencyKey}>{children}</IdempotencyKeyProvider>
    </>
  );
}

/** The key that remounts a form when a refused post brings back what was typed. */
export function formKey(failure: { values: unknown } | undefined, otherwise: string | number): string {
  return failure?.values ? JSON.stringify(failure.values) : String(otherwise);
}
