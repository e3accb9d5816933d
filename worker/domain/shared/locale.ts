export const LOCALES = ["en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "lang";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function isFrench(tag: string): boolean {
  return /^fr(?:[-_]|$)/i.test(tag.trim());
}

/** The browser's preferred language: the Accept-Language entry with the highest weight. */
export function preferredLanguage(acceptLanguage: string | null | undefined): string | null {
  if (!acceptLanguage) return null;
  let best: { tag: string; q: number } | null = null;
  for (const part of acceptLanguage.split(",")) {
    const [tag, ...params] = part.trim().split(";");
    if (!tag || tag === "*") continue;
    const qParam = params.find((p) => p.trim().startsWith("q="));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { tag, q };
  }
  return best?.tag ?? null;
}

/**
 * The saved language cookie wins, else the browser's language. French only when that value
 * is French; English otherwise.
 */
export function resolveLocale(saved: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  const value = saved?.trim() ? saved : preferredLanguage(acceptLanguage);
  return value && isFrench(value) ? "fr" : "en";
}
