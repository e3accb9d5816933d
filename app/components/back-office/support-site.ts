/**
 * The account menu's "Find help" link (platform spec §2): the HELP_URL setting, with `{language}`
 * replaced by the user's language (fr, else en). No setting, no entry: there is no built-in help.
 */
export function supportSiteUrl(helpUrl: string | undefined, language: string): string | null {
  if (!helpUrl) return null;
  return helpUrl.replaceAll("{language}", language === "fr" ? "fr" : "en");
}
