import { describe, expect, it } from "vitest";
import { messages as en } from "../../../locales/en/messages";
import { messages as fr } from "../../../locales/fr/messages";
import { DomainError } from "../../../worker/domain/shared/domain-error";
import { ERROR_CODES, errorParams, FIELD_ERROR_CODES, type FieldErrorCode } from "../../../worker/domain/shared/error-codes";
import { statusForCode } from "../../../worker/error-status";
import { translate } from "../../../locales";

const catalogs = { en, fr } as Record<string, Record<string, unknown>>;
const codes = [...Object.keys(ERROR_CODES), ...Object.keys(FIELD_ERROR_CODES)] as FieldErrorCode[];

// A compiled message is text, or a list of text and [name, format?, options?] placeholders.
function placeholders(message: unknown, found = new Set<string>()): Set<string> {
  if (!Array.isArray(message)) return found;
  for (const token of message) {
    if (!Array.isArray(token)) continue;
    if (typeof token[0] === "string") found.add(token[0]);
    const options = token[2];
    if (options && typeof options === "object") for (const branch of Object.values(options)) placeholders(branch, found);
  }
  return found;
}

function plainText(message: unknown): string {
  return Array.isArray(message) ? message.filter((t) => typeof t === "string").join("") : String(message ?? "");
}

describe("the catalogue of error codes", () => {
  it.each(["en", "fr"])("gives every code a text in %s that shows exactly the code's params", (locale) => {
    const catalog = catalogs[locale]!;
    const faults: string[] = [];
    for (const code of codes) {
      const message = catalog[`error.${code}`];
      if (message === undefined || plainText(message).trim() === "") {
        faults.push(`${code}: no text`);
        continue;
      }
      const shown = [...placeholders(message)].sort();
      const declared = [...errorParams(code)].sort();
      if (shown.join() !== declared.join()) faults.push(`${code}: text shows {${shown.join()}}, params are [${declared.join()}]`);
    }
    expect(faults).toEqual([]);
  });

  it("names every error text of the catalogs as a code (the error page's own texts aside)", () => {
    const pageTexts = new Set(["error.page_title", "error.back_home"]);
    const known = new Set(codes.map((c) => `error.${c}`));
    const orphans = Object.keys(en).filter((id) => id.startsWith("error.") && !known.has(id) && !pageTexts.has(id));
    expect(orphans).toEqual([]);
  });

  it("keeps a code either raised or only a field's, never both lists", () => {
    expect(Object.keys(FIELD_ERROR_CODES).filter((c) => Object.hasOwn(ERROR_CODES, c))).toEqual([]);
  });

  it("answers each code with the status it declares", () => {
    expect(statusForCode("minimum_order_amount_not_reached")).toBe(422);
    expect(statusForCode("not_found")).toBe(404);
    expect(statusForCode("location_label_taken")).toBe(409);
    expect(statusForCode("login_rate_limited")).toBe(429);
  });

  it.each([
    ["invoice_number_too_long", {}, "The invoice number is too long (18 characters max.)"],
    ["out_of_stock_not_allowed", {}, "Your are not allowed to sell out of stock products"],
    ["minimum_order_amount_not_reached", { value: "€150.00" }, "The minimum order amount for this customer has not been reached (€150.00)"],
    ["login_required", {}, "Email and Password are required to login"],
    ["login_invalid", {}, "Email and Password are not valid"],
    ["access_frozen", {}, "Your access is temporally disabled"],
    ["generic", {}, "An error has occurred"],
    ["operation_errors", {}, "We found some errors during the operation."],
  ] as const)("words %s as the specification does", (code, params, text) => {
    expect(translate("en", `error.${code}`, params)).toBe(text);
  });

  it("refuses an unknown code at compile time", () => {
    // @ts-expect-error a code outside the catalogue does not compile
    const error = new DomainError("no_such_code");
    expect(error.code).toBe("no_such_code");
  });
});
