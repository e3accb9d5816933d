import { sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { TenantDb } from "../../../db/client";
import { DomainError } from "../shared/domain-error";

export { conflict, inputError, isForeignKeyViolation, isUniqueViolation, parseInput, strictInput } from "../shared/input";

/** Labels of attributes, options, brands, tags and seasons: trimmed, 1 to 100 characters. */
export const LABEL_MAX = 100;
export const zLabel = z.string({ error: "required" }).trim().min(1, "required").max(LABEL_MAX, "too_long");

/** A record id from a URL or a form: a positive integer, else the record does not exist (`not_found`). */
export function recordId(raw: unknown): number {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (!/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) throw new DomainError("not_found");
  return Number(text);
}

/** Whether another row of `table` already has this label, compared as the unique index does (NOCASE). */
export async function labelTaken(db: TenantDb, table: SQLiteTable, label: string, exceptId?: number): Promise<boolean> {
  const rows = await db.all<{ id: number }>(
    sql`select id from ${table} where label = ${label} collate nocase${exceptId === undefined ? sql`` : sql` and id <> ${exceptId}`} limit 1`,
  );
  return rows.length > 0;
}

/** Reading the products settings (as the API and the pages require). */
export const VIEW_PRODUCTS = { allOf: ["view_products"] } as const;
/** Changing them: the API asks edit_products alone; the pages also need view_products to show the list. */
export const EDIT_PRODUCTS = { allOf: ["edit_products"] } as const;
