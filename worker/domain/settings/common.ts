import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import type { TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";

/** A record id from a path: a positive integer, else the record cannot exist (`not_found`). */
export function recordId(raw: unknown): number {
  const text = String(raw ?? "");
  if (!/^[1-9]\d{0,14}$/.test(text)) throw new DomainError("not_found");
  return Number(text);
}

/** A conflict with existing data (HTTP 409) naming the field at fault (with its own code when given). */
export function conflict(code: string, field?: string, fieldCode = code): DomainError {
  return new DomainError(code, {}, field ? { [field]: { code: fieldCode } } : undefined);
}

/** The field a record's use by other data locks (a price level's type, a currency's code). */
export const lockedByUse = (field: string) => conflict("in_use", field, "in_use_locked");

/** Bad input found after parsing (HTTP 422), naming the field. */
export function fieldError(field: string, code: string, params?: Record<string, unknown>): DomainError {
  return new DomainError("validation_failed", {}, { [field]: params ? { code, params } : { code } });
}

/** Parses input with a schema, or throws `validation_failed` naming each field (an unknown key by its own name). */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.flatMap((issue): { path: PropertyKey[]; message: string }[] =>
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => ({ message: issue.message, path: [...issue.path, key] })) : [issue],
  );
  throw DomainError.fromZod({ issues });
}

/** Unknown keys are named (`unknown_field`); other shape errors are `invalid`. */
export const objectError = { error: (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? "unknown_field" : "invalid") };

export const zLabel = (max = 100) => z.string({ error: "required" }).trim().min(1, "required").max(max, "too_long");

/** Optional text: blank becomes null. */
export const zOptionalText = (max: number) =>
  z
    .string({ error: "invalid" })
    .trim()
    .max(max, "too_long")
    .nullable()
    .transform((v) => v || null);

export const zFlag = z.boolean({ error: "invalid" });

/** Whether a failed write broke a unique index (two writers at once: the index decides). */
export function isUniqueViolation(error: unknown): boolean {
  return `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`.includes("UNIQUE");
}

/** One atomic batch of the statements given (none: nothing to do). */
export async function runBatch(db: TenantDb, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** The JSON booleans of libSQL come back as 0/1 from raw expressions. */
export const asBoolean = (value: unknown) => value === true || value === 1 || value === 1n || value === "1";
