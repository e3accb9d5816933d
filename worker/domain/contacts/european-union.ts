/** Member states of the European Union (ISO 3166-1 alpha-2), for an address's `is_european`. */
export const EU_COUNTRIES = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);

export function isEuropean(country: string | null | undefined): boolean {
  return typeof country === "string" && EU_COUNTRIES.has(country.toUpperCase());
}
