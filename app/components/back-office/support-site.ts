/** The external support site, one section per language (platform spec §2 'find help'). */
export const SUPPORT_SITE = "https://help.comptoir.example";

/** The support site in `language`, English for any language it has no section for. */
export function supportSiteUrl(language: string): string {
  return `${SUPPORT_SITE}/${language === "fr" ? "fr" : "en"}/`;
}
