import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { Locale } from "../worker/domain/shared/locale";
import { messages as en } from "./en/messages";
import { messages as fr } from "./fr/messages";

const catalogs = { en, fr };

/**
 * A message without values compiles to one text (`["Dashboard"]`), which Lingui formats again at
 * each call with a new set of formatters: a tenth of a page's render. Kept as the text itself, once
 * per isolate, it is returned as is (the same text, escapes decoded by Lingui the same way).
 */
let plainCatalogs: Record<Locale, Messages> | undefined;
function plainTexts(messages: Messages): Messages {
  const plain: Messages = {};
  for (const [id, message] of Object.entries(messages))
    plain[id] = Array.isArray(message) && message.length === 1 && typeof message[0] === "string" ? message[0] : message;
  return plain;
}
// Texts are already compiled: the compiler Lingui asks for them is the identity (its `_` returns a text as is).
const compiled = ((message: string) => message) as unknown as Parameters<I18n["setMessagesCompiler"]>[0];

/** A fresh i18n instance for one request or one render: never shared between users. */
export function createI18n(locale: Locale): I18n {
  const i18n = setupI18n({ locale, messages: (plainCatalogs ??= { en: plainTexts(en), fr: plainTexts(fr) }) });
  i18n.setMessagesCompiler(compiled);
  return i18n;
}

/** One message in one language, for code outside React (API errors, emails). */
export function translate(locale: Locale, id: string, values?: Record<string, unknown>): string {
  return createI18n(locale)._(id, values);
}

/** Whether a message id exists in the catalogs (used to fall back on a generic error). */
export function hasMessage(id: string): boolean {
  return id in catalogs.en;
}
