/**
 * The identifiers a French business prints on its documents (Code de commerce R123-237, CGI
 * art. 242 nonies A): SIREN, SIRET and the intra-EU VAT number, read and checked as INSEE and the
 * tax administration define them. Pure: no database.
 */

/** What people type, with the spaces, dots and dashes they group digits with, removed. */
export function compactIdentifier(text: string): string {
  return text.replace(/[\s.\-\u00a0\u202f]/g, "").toUpperCase();
}

/** The Luhn check INSEE applies to SIREN and SIRET: every second digit from the right doubled. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A SIREN: 9 digits passing the Luhn check. */
export function isSiren(text: string): boolean {
  return /^\d{9}$/.test(text) && luhnValid(text);
}

// La Poste numbers its establishments outside the Luhn rule: their digits add up to a multiple of 5.
const LA_POSTE_SIREN = "356000000";

/** A SIRET: 14 digits (its SIREN, then the establishment's 5) passing the Luhn check, or La Poste's own rule. */
export function isSiret(text: string): boolean {
  if (!/^\d{14}$/.test(text)) return false;
  if (luhnValid(text)) return true;
  return text.startsWith(LA_POSTE_SIREN) && [...text].reduce((sum, d) => sum + Number(d), 0) % 5 === 0;
}

/** The two-digit key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0");
}

// The shape of each member state's VAT number after its country prefix (VIES); XI is Northern Ireland.
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/**
 * An intra-EU VAT number (compacted): its country prefix and that country's shape; a French one
 * with a numeric key also has a valid SIREN and the key computed from it.
 */
export function isVatNumber(text: string): boolean {
  const format = VAT_FORMATS[text.slice(0, 2)];
  if (!format || !format.test(text.slice(2))) return false;
  if (!text.startsWith("FR")) return true;
  const key = text.slice(2, 4);
  const siren = text.slice(4);
  // Keys with letters are given to businesses without a SIREN: no checksum to verify.
  return /^\d{2}$/.test(key) ? isSiren(siren) && frenchVatKey(siren) === key : true;
}

/** The SIREN a French VAT number with a numeric key is made from, else null. */
export function sirenOfVatNumber(text: string): string | null {
  return /^FR\d{2}\d{9}$/.test(text) ? text.slice(4) : null;
}

/** '732829320' as people write it: '732 829 320'; a SIRET '732 829 320 00074'. */
export function spacedIdentifier(digits: string): string {
  return /^\d{9}(\d{5})?$/.test(digits)
    ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)}${digits.length > 9 ? ` ${digits.slice(9)}` : ""}`
    : digits;
}
