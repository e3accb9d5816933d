import { DomainError, type FieldErrors } from "./domain-error";

// U+0000–U+001F and U+007F. A multi-line field keeps tabs and line breaks; browsers post a
// textarea's line breaks as CR LF, so a CR is kept only before an LF.
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_OUTSIDE_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\r(?!\n)/;

/** Fields written on several lines (textareas); every other text field is one line. */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set([
  "notes",
  "description",
  "private_message",
  "body",
  "email_body",
  "quick_order",
  "message",
  "about_us",
  "login_description",
  "access_form_text",
  "invite_message",
]);

/** Secrets are compared, never shown: any character a password manager produces stays allowed. */
const UNCHECKED_FIELDS: ReadonlySet<string> = new Set(["password", "confirmation"]);

export function hasControlCharacters(text: string, multiLine = false): boolean {
  return (multiLine ? CONTROL_OUTSIDE_LINES : ANY_CONTROL).test(text);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Every text value of an input (nested objects and lists included) that holds control
 * characters, by field path: `single_line` for one-line fields, `control_characters` for
 * multi-line ones (named by the last key of their path).
 */
export function controlCharacterErrors(raw: unknown, path: string[] = [], fields: FieldErrors = {}): FieldErrors {
  const name = path.findLast((part) => !/^\d+$/.test(part)) ?? "";
  if (typeof raw === "string") {
    const multiLine = MULTI_LINE_FIELDS.has(name);
    if (!UNCHECKED_FIELDS.has(name) && hasControlCharacters(raw, multiLine))
      fields[path.join(".") || "_"] ??= { code: multiLine ? "control_characters" : "single_line" };
  } else if (Array.isArray(raw)) raw.forEach((item, i) => controlCharacterErrors(item, [...path, String(i)], fields));
  else if (isPlainObject(raw)) for (const [key, value] of Object.entries(raw)) controlCharacterErrors(value, [...path, key], fields);
  return fields;
}

/** Refuses input whose text holds control characters (HTTP 422 naming each field), before its schema reads it. */
export function assertPlainText(raw: unknown): void {
  const fields = controlCharacterErrors(raw);
  if (Object.keys(fields).length) throw new DomainError("validation_failed", {}, fields);
}
