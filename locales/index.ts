import { setupI18n, type I18n } from "@lingui/core";
import type { Locale } from "../worker/domain/shared/locale";
import { messages as en } from "./en/messages";
import { messages as fr } from "./fr/messages";

const catalogs = { en, fr };

/** A fresh i18n instance for one request or one render: never shared between users. */
export function createI18n(locale: Locale): I18n {
  return setupI18n({ locale, messages: catalogs });
}

/** One message in one language, for code outside React (API errors, emails). */
export function translate(locale: Locale, id: string, values?: Record<string, unknown>): string {
  return createI18n(locale)._(id, values);
}

/** Whether a message id exists in the catalogs (used to fall back on a generic error). */
export function hasMessage(id: string): boolean {
  return id in catalogs.en;
}
