/** ISO 3166-1 alpha-2 codes of the countries a company may be based in. Names come from Intl.DisplayNames. */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM " +
  "FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE " +
  "JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN " +
  "MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS " +
  "PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL " +
  "TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

/** Currencies offered first in lists; any ISO 4217 code the runtime knows is accepted. */
export const COMMON_CURRENCIES = ["EUR", "USD", "GBP", "CHF", "CAD", "AUD", "JPY", "SEK", "NOK", "DKK", "PLN", "CZK", "MAD", "XOF"];

export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.includes(code);
}

export function isCurrencyCode(code: string): boolean {
  return COMMON_CURRENCIES.includes(code) || Intl.supportedValuesOf("currency").includes(code);
}

const namesByLocale = new Map<string, readonly { code: string; name: string }[]>();

/**
 * Every country with its name in a language, sorted by name: built once per language and isolate
 * (its display names and its sort cost more than a whole list page's other work), then shared.
 */
export function countryNames(locale: string): readonly { code: string; name: string }[] {
  let names = namesByLocale.get(locale);
  if (!names) {
    const regions = new Intl.DisplayNames([locale], { type: "region" });
    const collator = new Intl.Collator(locale);
    names = Object.freeze(
      COUNTRY_CODES.map((code) => Object.freeze({ code, name: regions.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name)),
    );
    namesByLocale.set(locale, names);
  }
  return names;
}
