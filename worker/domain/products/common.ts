import type { z } from "zod";
import { DomainError, type ErrorCode } from "../shared/domain-error";
import { assertPlainText } from "../shared/plain-text";

export { fieldError, FieldIssues, recordId, runBatch } from "../shared/input";

/** Parses input with a schema, or throws `validation_failed` naming each field. */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  assertPlainText(raw);
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw DomainError.fromZod(parsed.error);
  return parsed.data;
}

/** A conflict with existing data (HTTP 409), naming the field when there is one. */
export function conflict(code: ErrorCode, field?: string, params: Record<string, unknown> = {}): DomainError {
  return new DomainError(code, params, field ? { [field]: { code } } : undefined);
}

/** Whether a failed write broke a unique index (two writers at once: the index decides). */
export function isUniqueViolation(error: unknown): boolean {
  return `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`.includes("UNIQUE");
}

/** Whether a failed write broke a foreign key (a row still refers to what was deleted). */
export function isForeignKeyViolation(error: unknown): boolean {
  return `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`.includes("FOREIGN KEY");
}
