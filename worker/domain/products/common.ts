import type { BatchItem } from "drizzle-orm/batch";
import type { z } from "zod";
import type { TenantDb } from "../../../db/client";
import { DomainError, type FieldErrors } from "../shared/domain-error";

/** A record id from a path: a positive integer, else the record cannot exist (`not_found`). */
export function recordId(raw: unknown): number {
  const text = String(raw ?? "");
  if (!/^[1-9]\d{0,14}$/.test(text)) throw new DomainError("not_found");
  return Number(text);
}

/** Parses input with a schema, or throws `validation_failed` naming each field. */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw DomainError.fromZod(parsed.error);
  return parsed.data;
}

/** Collects field errors found after parsing; `throwIfAny` raises them together (HTTP 422). */
export class FieldIssues {
  readonly fields: FieldErrors = {};
  add(field: string, code: string, params?: Record<string, unknown>): void {
    this.fields[field] ??= params ? { code, params } : { code };
  }
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }
  throwIfAny(code = "validation_failed"): void {
    if (!this.empty) throw new DomainError(code, {}, this.fields);
  }
}

/** Bad input found after parsing (HTTP 422), naming the field. */
export function fieldError(field: string, code: string, params?: Record<string, unknown>): DomainError {
  return new DomainError("validation_failed", {}, { [field]: params ? { code, params } : { code } });
}

/** A conflict with existing data (HTTP 409), naming the field when there is one. */
export function conflict(code: string, field?: string, params: Record<string, unknown> = {}): DomainError {
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

/** One atomic batch of the statements given (none: nothing to do). */
export async function runBatch(db: TenantDb, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
