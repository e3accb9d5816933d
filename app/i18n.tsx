import { useLingui } from "@lingui/react";

export { I18nProvider } from "@lingui/react";

/** The render's translate function: `t("login.title")`, `t("dashboard.welcome", { name })`. */
export function useT(): (id: string, values?: Record<string, unknown>) => string {
  const { i18n } = useLingui();
  return (id, values) => i18n._(id, values);
}

/** The message of a domain error code, or the generic error when the code has no text. */
export function useErrorText(): (code: string, values?: Record<string, unknown>) => string {
  const { i18n } = useLingui();
  return (code, values) => {
    const id = `error.${code}`;
    const text = i18n._(id, values);
    return text === id ? i18n._("error.generic") : text;
  };
}
