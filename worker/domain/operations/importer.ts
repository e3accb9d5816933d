import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TenantDb } from "../../../db/client";
import type { OperationError } from "../../../db/schema/tenant/company";
import type { Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { IMPORT_LIMITS } from "./spreadsheets";

/**
 * What an import does with each row: create only (a record found again is an error), update only
 * (found by its key: a product's SKU, a contact's number or email; a row found nowhere is an
 * error), or both (what is found is updated, the rest created).
 */
export const IMPORT_MODES = ["create", "update", "upsert"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** A field an import fills, and the header its template gives it. */
export interface ImportColumn {
  field: string;
  label: string;
  required: boolean;
  /** Required only to create: an update-only import finds its records by another column. */
  createOnly?: boolean;
}

/** One record to create (a product and its variants), the rows it came from and where each of its fields came from. */
export interface ImportItem {
  rows: number[];
  input: unknown;
  /** The verb's field paths (`variants.1.sku`) and the row and field each came from. */
  fields: Map<string, { row: number; field: string }>;
  /** What the record needs beside the verb's input (stock in further locations). */
  extra: unknown[];
  /** The keys its records are found by once written (skus). */
  keys: string[];
  /** An update of records that exist (update modes): `input` is then the importer's own draft of the changes. */
  update?: boolean;
}

/** An error of one row (numbered as a spreadsheet numbers it, the header being row 1) and one column. */
export interface RowError {
  row: number;
  column?: string | undefined;
  message: string;
  params?: Record<string, unknown>;
}

export interface ImportPlan {
  items: ImportItem[];
  errors: RowError[];
  columns: ImportColumn[];
  /** Rows whose stock cells were left aside: an update does not move stock (a stock count does). */
  stockIgnored?: number;
}

export interface PlanOptions {
  mode: ImportMode;
  /** The running import: what it created itself is not "found" when a delivery is run again. */
  operationId: number;
}

/** What a chunk writes beside its records, in the same batch: its own marker, and which records it made. */
export interface ChunkRecords {
  operationId: number;
  /** The chunk's marker: a chunk found marked is not written again. */
  marker: BatchItem<"sqlite">;
}

/** The statement recording one record an import made, by its id (a value or the batch's own expression of it). */
export function importRecord(db: TenantDb, operationId: number, entity: ImportEntity, id: number | SQL<number>): BatchItem<"sqlite"> {
  return db.run(sql`insert into import_records (operation_id, entity, entity_id) values (${operationId}, ${entity}, ${id})`);
}

export type ImportEntity = "product" | "customer" | "supplier" | "stock_document";

/** One kind of import (products, customers…): its columns, how rows become the verb's inputs, and the verb. */
export interface Importer {
  kind: string;
  /** What its records are; undefined when an import of this kind cannot be reverted (stock counts). */
  entity: ImportEntity | undefined;
  /** Items written per chunk (one batch each), when not the runner's own size. */
  chunkSize?: number;
  /** The modes it offers (every kind creates). */
  modes: readonly ImportMode[];
  columns(ctx: Ctx): Promise<ImportColumn[]>;
  plan(ctx: Ctx, rows: { row: number; cells: Map<string, string> }[], options: PlanOptions): Promise<ImportPlan>;
  /** Checks inputs by every rule of the verb, writing nothing; throws the verb's field errors (`<index>.<path>`). */
  check(ctx: Ctx, inputs: unknown[]): Promise<void>;
  /** Writes records through the verb, with the chunk's marker and the records' own in the same batch. */
  write(ctx: Ctx, items: ImportItem[], records: ChunkRecords): Promise<{ ids: number[]; stockDocumentIds: number[] }>;
  /** Checks updates by every rule of the update verbs, writing nothing; throws their field errors (`<index>.<path>`). */
  checkUpdates?(ctx: Ctx, items: ImportItem[]): Promise<void>;
  /** Writes updates through the update verbs (what differs only), with the chunk's marker; answers how many records changed. */
  writeUpdates?(ctx: Ctx, items: ImportItem[], records: ChunkRecords): Promise<{ updated: number }>;
  /** Undoes records it made (those nothing has used since); answers which were deleted and which kept. */
  revert?(ctx: Ctx, ids: number[], stockDocumentIds: number[]): Promise<{ deleted: number[]; kept: number[] }>;
}

/** Which file column feeds each field: column indexes, from the import screen's mapping. */
export type ImportMapping = Record<string, number>;

/** A header as the mapping compares it: case, accents and spaces aside. */
export function headerKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("en")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The mapping the screen proposes: each field to the column whose header is its label (in either language) or its name. */
export function suggestMapping(header: string[], columnSets: ImportColumn[][]): ImportMapping {
  const mapping: ImportMapping = {};
  const byHeader = new Map(header.map((h, i) => [headerKey(h), i]));
  for (const columns of columnSets)
    for (const column of columns) {
      const index = byHeader.get(headerKey(column.label)) ?? byHeader.get(headerKey(column.field));
      if (index !== undefined && !(column.field in mapping)) mapping[column.field] = index;
    }
  return mapping;
}

/** A mapping that names each required field (for the mode), no column twice, and only columns the file has. */
export function checkMapping(mapping: ImportMapping, columns: ImportColumn[], width: number, mode: ImportMode = "create"): RowError[] {
  const errors: RowError[] = [];
  const used = new Map<number, string>();
  for (const column of columns) {
    const index = mapping[column.field];
    if (index === undefined) {
      if (column.required && !(column.createOnly && mode === "update"))
        errors.push({ row: 1, column: column.label, message: "import_column_required" });
      continue;
    }
    if (!Number.isInteger(index) || index < 0 || index >= width) errors.push({ row: 1, column: column.label, message: "invalid" });
    else if (used.has(index)) errors.push({ row: 1, column: column.label, message: "import_column_twice" });
    else used.set(index, column.field);
  }
  return errors;
}

const FORMULA = /^=/;

/**
 * The file's data rows as cells by field. A formula (a cell starting with =) is refused rather
 * than stored as text that a spreadsheet would run later; so is a cell past the length limit.
 */
export function mappedRows(
  rows: string[][],
  mapping: ImportMapping,
  columns: ImportColumn[],
): { rows: { row: number; cells: Map<string, string> }[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const labelOf = new Map(columns.map((c) => [c.field, c.label]));
  const out = rows.slice(1).map((cells, i) => {
    const row = i + 2;
    const mapped = new Map<string, string>();
    for (const [field, index] of Object.entries(mapping)) {
      if (!labelOf.has(field)) continue;
      const value = cells[index] ?? "";
      if (FORMULA.test(value.trim())) errors.push({ row, column: labelOf.get(field), message: "import_formula" });
      else if (value.length > IMPORT_LIMITS.cellLength)
        errors.push({ row, column: labelOf.get(field), message: "import_cell_too_long", params: { max: IMPORT_LIMITS.cellLength } });
      else mapped.set(field, value);
    }
    return { row, cells: mapped };
  });
  return { rows: out, errors };
}

/**
 * The verb's field errors for a chunk of items, as errors of rows and columns: `3.variants.1.sku`
 * is the fourth item's second variant's sku, found in the row and column it came from.
 */
export function rowErrors(error: unknown, items: ImportItem[], columns: ImportColumn[], single: boolean): RowError[] {
  if (!(error instanceof DomainError)) throw error;
  const labelOf = new Map(columns.map((c) => [c.field, c.label]));
  if (!error.fields) return [{ row: items[0]?.rows[0] ?? 1, message: error.code, params: error.params }];
  return Object.entries(error.fields).map(([path, e]) => {
    const [, index, rest] = single ? [null, "0", path] : (/^(\d+)\.?(.*)$/.exec(path) ?? [null, "0", path]);
    const item = items[Number(index)];
    let source: { row: number; field: string } | undefined;
    // The longest known path the error's path starts with: `variants.0.prices.1.amount` → `variants.0.prices.1`.
    for (let p = rest ?? ""; p && !source; p = p.includes(".") ? p.slice(0, p.lastIndexOf(".")) : "") source = item?.fields.get(p);
    return {
      row: source?.row ?? item?.rows[0] ?? 1,
      column: source ? labelOf.get(source.field) : undefined,
      message: e.code,
      ...(e.params ? { params: e.params } : {}),
    };
  });
}

/** Row errors as an operation keeps them, first rows first. */
export function operationErrors(errors: RowError[]): OperationError[] {
  return [...errors]
    .sort((a, b) => a.row - b.row)
    .map((e) => ({ message: e.message, row: e.row, ...(e.column ? { column: e.column } : {}), ...(e.params ? { params: e.params } : {}) }));
}
