import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import type { TenantDb } from "../../../db/client";
import { runMarkedBatch, type CreatedResource } from "./batch-marks";
import { isCountryCode } from "./countries";
import { isFieldErrorCode } from "./error-codes";
import { DomainError, type ErrorCode, type FieldErrorCode, type FieldErrors } from "./domain-error";
import { readCalendarDate } from "./format";
import { assertPlainText } from "./plain-text";

// What every area's verbs use to read input and write it: one copy, imported by each area.

/** A record id from a URL or a form: a positive integer, else the record cannot exist (`not_found`). */
export function recordId(raw: unknown): number {
  const id = recordIdOrNull(raw);
  if (id === null) throw new DomainError("not_found");
  return id;
}

/** A record id from a URL or a form, or null when the value cannot name a record. */
export function recordIdOrNull(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
}

/** Parses a verb's input, or throws `validation_failed` naming each field (an unknown key by its own name). */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  assertPlainText(raw);
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  throw inputError(parsed.error);
}

/** `validation_failed` naming each field at fault; an unknown key is named itself rather than its object. */
export function inputError(error: z.ZodError): DomainError {
  const issues = error.issues.flatMap((issue): { path: PropertyKey[]; message: string }[] =>
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => ({ message: issue.message, path: [...issue.path, key] })) : [issue],
  );
  return DomainError.fromZod({ issues });
}

/** Unknown keys are named (`unknown_field`); other shape errors are `invalid`. */
export const objectError = { error: (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? "unknown_field" : "invalid") };

/** Optional text up to `max` characters: blank becomes null. */
export const zOptionalText = (max: number) =>
  z
    .string({ error: "invalid" })
    .trim()
    .max(max, "too_long")
    .nullable()
    .transform((v) => v || null);

export const zFlag = z.boolean({ error: "invalid" });

/** An ISO 3166-1 alpha-2 code, upper-cased; blank becomes null. */
export const zCountry = z
  .string({ error: "invalid_country" })
  .trim()
  .toUpperCase()
  .nullable()
  .transform((v) => v || null)
  .refine((v) => v === null || isCountryCode(v), "invalid_country");

/** An object that refuses unknown keys, so that a misspelt field is named rather than ignored. */
export function strictInput<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, objectError);
}

/** Collects field errors found after parsing; `throwIfAny` raises them together (HTTP 422). */
export class FieldIssues {
  readonly fields: FieldErrors = {};
  add(field: string, code: FieldErrorCode, params?: Record<string, unknown>): void {
    this.fields[field] ??= params ? { code, params } : { code };
  }
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }
  throwIfAny(code: ErrorCode = "validation_failed"): void {
    if (!this.empty) throw new DomainError(code, {}, this.fields);
  }
}

/** Bad input found after parsing (HTTP 422), naming the field. */
export function fieldError(field: string, code: FieldErrorCode, params?: Record<string, unknown>): DomainError {
  return new DomainError("validation_failed", {}, { [field]: params ? { code, params } : { code } });
}

/**
 * Runs `each` on many inputs (a bulk verb), naming each one's field errors under its index
 * (`3.label`); all of them are thrown at once, as one `validation_failed`, after the last.
 */
export async function eachChecked<T, R>(items: readonly T[], each: (item: T, index: number) => R | Promise<R>): Promise<Awaited<R>[]> {
  const issues = new FieldIssues();
  const out: Awaited<R>[] = [];
  for (const [i, item] of items.entries()) {
    try {
      out.push(await each(item, i));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (!error.fields) issues.add(String(i), isFieldErrorCode(error.code) ? error.code : "invalid", error.params);
      else for (const [field, e] of Object.entries(error.fields)) issues.add(`${i}.${field}`, e.code, e.params);
    }
  }
  issues.throwIfAny();
  return out;
}

/** A conflict with existing data (HTTP 409): its own code, naming the field at fault when there is one. */
export function conflict(code: ErrorCode, field?: string, params: Record<string, unknown> = {}): DomainError {
  return new DomainError(code, params, field ? { [field]: { code } } : undefined);
}

/** An error's text with its causes', where the database's own message lies. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) parts.push(String(e));
  return parts.join("\n");
}

/** A write refused by a unique index (when given, one whose message names `column`: `table.column`, or a table): a racing writer won. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const text = errorText(error);
  return /UNIQUE constraint failed/i.test(text) && (column === undefined || text.includes(column));
}

/** A delete refused by a foreign key: a row began using the record after the check. */
export function isForeignKeyViolation(error: unknown): boolean {
  return /FOREIGN KEY constraint failed/i.test(errorText(error));
}

/**
 * One atomic batch of the statements given (none: nothing to do), with the marks pending on the
 * handle (an idempotency key's commit, naming `created` when the verb gives it): see batch-marks.
 */
export async function runBatch(db: TenantDb, statements: BatchItem<"sqlite">[], created?: CreatedResource): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return runMarkedBatch(db, statements, created);
}

/** A calendar date as the spec accepts it (see readCalendarDate), given as YYYY-MM-DD. */
export const zCalendarDate = z.string({ error: "invalid_date" }).transform((raw, ctx) => {
  try {
    return readCalendarDate(raw);
  } catch {
    ctx.addIssue({ code: "custom", message: "invalid_date" });
    return z.NEVER;
  }
});
