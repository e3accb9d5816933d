import { sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { TenantDb } from "../../../db/client";
import { DomainError, type ErrorCode } from "../shared/domain-error";
import { assertPlainText } from "../shared/plain-text";

/** Labels of attributes, options, brands, tags and seasons: trimmed, 1 to 100 characters. */
export const LABEL_MAX = 100;
export const zLabel = z.string({ error: "required" }).trim().min(1, "required").max(LABEL_MAX, "too_long");

/** Objects that refuse unknown keys, so that a misspelt field is named rather than ignored. */
export function strictInput<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, { error: (issue) => (issue.code === "unrecognized_keys" ? "unknown_field" : "invalid") });
}

/** `validation_failed` naming each field at fault; an unknown key is named itself rather than its object. */
export function inputError(error: z.ZodError): DomainError {
  const issues = error.issues.flatMap((issue): { path: PropertyKey[]; message: string }[] =>
    issue.code === "unrecognized_keys" ? issue.keys.map((key) => ({ message: issue.message, path: [...issue.path, key] })) : [issue],
  );
  return DomainError.fromZod({ issues });
}

/** Parses a verb's input or throws `validation_failed` naming each field at fault. */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  assertPlainText(raw);
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw inputError(parsed.error);
  return parsed.data;
}

/** A record id from a URL or a form: a positive integer, else the record does not exist (`not_found`). */
export function recordId(raw: unknown): number {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) throw new DomainError("not_found");
  return Number(text);
}

/** A conflict with existing data: its own code (HTTP 409), naming the field. */
export function conflict(code: ErrorCode, field: string, params: Record<string, unknown> = {}): DomainError {
  return new DomainError(code, params, { [field]: { code, ...(Object.keys(params).length ? { params } : {}) } });
}

/** An error's text with its causes', where the database's own message lies. */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) parts.push(String(e));
  return parts.join("\n");
}

/** A write refused by a unique index: two requests raced past the check that came before it. */
export function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(errorText(error));
}

/** A delete refused by a foreign key: a row began using the record after the check. */
export function isForeignKeyViolation(error: unknown): boolean {
  return /FOREIGN KEY constraint failed/i.test(errorText(error));
}

/** Whether another row of `table` already has this label, compared as the unique index does (NOCASE). */
export async function labelTaken(db: TenantDb, table: SQLiteTable, label: string, exceptId?: number): Promise<boolean> {
  const rows = await db.all<{ id: number }>(
    sql`select id from ${table} where label = ${label} collate nocase${exceptId === undefined ? sql`` : sql` and id <> ${exceptId}`} limit 1`,
  );
  return rows.length > 0;
}
