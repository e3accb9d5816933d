import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";

export { I18nProvider } from "@lingui/react";

/** The translation function `useT` gives: what a cell's markup function takes to write its words. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

/** The render's translate function: `t("login.title")`, `t("dashboard.welcome", { name })`. */
export function useT(): Translate {
  const { i18n } = useLingui();
  return (id, values) => i18n._(id, values);
}

/** A refused action as pages hold it: its code (`error` of a refusal, `code` of a field's error) and the values its text shows. */
export type ErrorLike = { error?: string | null; code?: string; params?: Record<string, unknown> | undefined };

/**
 * The text of a domain error: its code's message with the error's own params (a refusal's
 * `params` reach the message: "…has not been reached (1234.50)"), or the generic error when the
 * code has no text. Give it the refusal itself, or a code and its values.
 */
export function errorMessage(i18n: I18n, error: string | ErrorLike, values?: Record<string, unknown>): string {
  const code = typeof error === "string" ? error : (error.error ?? error.code ?? "generic");
  const params = values ?? (typeof error === "string" ? undefined : error.params);
  const id = `error.${code}`;
  const text = i18n._(id, params);
  return text === id ? i18n._("error.generic") : text;
}

/** `errorMessage` in this render's language. */
export function useErrorText(): (error: string | ErrorLike, values?: Record<string, unknown>) => string {
  const { i18n } = useLingui();
  return (error, values) => errorMessage(i18n, error, values);
}
