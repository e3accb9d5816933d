import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import type { TenantDb } from "../../../db/client";
import { DomainError, type ErrorCode, type FieldErrorCode, type FieldErrors } from "./domain-error";
import { readCalendarDate } from "./format";
import { assertPlainText } from "./plain-text";

// What every area's verbs use to read input and write it: one copy, imported by each area.

/** A record id from a URL or a form: a positive integer, else the record cannot exist (`not_found`). */
export function recordId(raw: unknown): number {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^[1-9]\d{0,14}$/.test(text)) throw new DomainError("not_found");
  return Number(text);
}

/** Parses a verb's input, or throws `validation_failed` naming each field (an unknown key by its own name). */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  assertPlainText(raw);
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.flatMap((issue): { path: PropertyKey[]; message: string }[] =>
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => ({ message: issue.message, path: [...issue.path, key] })) : [issue],
  );
  throw DomainError.fromZod({ issues });
}

/** Unknown keys are named (`unknown_field`); other shape errors are `invalid`. */
export const objectError = { error: (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? "unknown_field" : "invalid") };

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

/** One atomic batch of the statements given (none: nothing to do). */
export async function runBatch(db: TenantDb, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
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
