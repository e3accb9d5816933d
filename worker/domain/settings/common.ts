import { z } from "zod";
import { DomainError, type ErrorCode, type FieldErrorCode } from "../shared/domain-error";

export { fieldError, objectError, parseInput, recordId, runBatch } from "../shared/input";

/** A conflict with existing data (HTTP 409) naming the field at fault (with its own code when given). */
export function conflict(code: ErrorCode, field?: string, fieldCode: FieldErrorCode = code): DomainError {
  return new DomainError(code, {}, field ? { [field]: { code: fieldCode } } : undefined);
}

/** The field a record's use by other data locks (a price level's type, a currency's code). */
export const lockedByUse = (field: string) => conflict("in_use", field, "in_use_locked");

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

/** The JSON booleans of libSQL come back as 0/1 from raw expressions. */
export const asBoolean = (value: unknown) => value === true || value === 1 || value === 1n || value === "1";
