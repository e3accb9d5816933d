import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { tenantSchema } from "../../../db/client";
import { translate } from "../../../locales";
import { signedInUser } from "../identity/actor";
import { EDIT_CUSTOMERS, EDIT_SUPPLIERS } from "../contacts/contact-permissions";
import { EDIT_PRODUCTS } from "../products/price-access";
import { STOCK_DOCUMENT_ACCESS } from "../stock/stock-access";
import { can, requirePermission, type Ctx } from "../shared/ctx";
import { DomainError } from "../shared/domain-error";
import { parseInput } from "../shared/input";
import { documentOutput, DOCUMENT_OUTPUTS, type PrintedSalesType } from "../documents/outputs";
import { EXPORT_LISTS } from "./export-lists";
import { IMPORT_MODES, suggestMapping, type ImportColumn, type ImportMode } from "./importer";
import { operationView, startOperation, type OperationView } from "./operations";
import { IMPORTERS } from "./importers";
import {
  previewSpreadsheet,
  SPREADSHEET_FORMATS,
  spreadsheetFormat,
  writeCsv,
  writeXlsx,
  type SpreadsheetFormat,
  type SpreadsheetPreview,
} from "./spreadsheets";

const { backgroundOperations: ops } = tenantSchema;

/** Who may import each kind: those who may create its records. */
const IMPORT_PERMISSIONS = {
  products: EDIT_PRODUCTS,
  customers: EDIT_CUSTOMERS,
  suppliers: EDIT_SUPPLIERS,
  stock_counts: STOCK_DOCUMENT_ACCESS.bulk_update.edit,
} as const;
export const IMPORT_KINDS = Object.keys(IMPORT_PERMISSIONS) as (keyof typeof IMPORT_PERMISSIONS)[];
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The kinds the signed-in user may import: those whose records they may create. */
export function importKindsFor(ctx: Ctx): ImportKind[] {
  return IMPORT_KINDS.filter((kind) => can(ctx, IMPORT_PERMISSIONS[kind]));
}

const StartExportInput = z.strictObject({
  list: z.enum(Object.keys(EXPORT_LISTS) as [string, ...string[]], { error: "invalid" }),
  format: z.enum(SPREADSHEET_FORMATS, { error: "invalid" }),
  // The list's own address query (filters, sort, search), as its screen shows it.
  query: z.string().max(4000, "too_long").default(""),
  columns: z
    .array(z.strictObject({ key: z.string().min(1).max(64), label: z.string().trim().min(1).max(200) }), { error: "invalid" })
    .min(1, "required")
    .max(60, "too_long"),
});

/**
 * Starts an export of a list with its current filters, sort and columns, in the background. The
 * query is checked now (by the list itself, with the caller's permissions), so a bad one is said
 * at once rather than in the menu.
 */
export async function startExport(ctx: Ctx, raw: unknown): Promise<OperationView> {
  const input = parseInput(StartExportInput, raw);
  const list = EXPORT_LISTS[input.list]!;
  const probe = new URLSearchParams(input.query);
  probe.set("page", "0");
  probe.set("page_size", "1");
  await list.run(ctx, probe);
  const columns = input.columns.filter((c) => c.key in list.columns);
  if (!columns.length) throw new DomainError("validation_failed", {}, { columns: { code: "required" } });
  const title = translate(ctx.locale, list.title);
  return startOperation(ctx, {
    type: "export",
    label: `${title} (${input.format.toUpperCase()})`,
    params: { list: input.list, query: input.query, columns, format: input.format },
  });
}

/** Documents in one bulk PDF at most: a selection on a list page (its largest page is 200 rows). */
export const BULK_PDF_MAX = 200;

// The documents that print (a row of documents/outputs.ts).
const PRINTED_TYPES = Object.keys(DOCUMENT_OUTPUTS) as (keyof typeof DOCUMENT_TITLES)[];

const StartBulkPdfInput = z.strictObject({
  type: z.enum(PRINTED_TYPES as [keyof typeof DOCUMENT_TITLES, ...(keyof typeof DOCUMENT_TITLES)[]], { error: "invalid" }),
  ids: z
    .array(z.number({ error: "invalid" }).int("invalid").positive("invalid"), { error: "required" })
    .min(1, "required")
    .max(BULK_PDF_MAX, "too_long")
    .transform((ids) => [...new Set(ids)]),
});

const DOCUMENT_TITLES = {
  estimate: "estimates.title",
  sales_order: "sales_orders.title",
  shipping_order: "shipping_orders.title",
  invoice: "menu.invoices",
  credit_note: "menu.credit_notes",
  refund: "menu.refunds",
  purchase_order: "menu.purchase_orders",
} as const satisfies Record<PrintedSalesType | "purchase_order", string>;

/**
 * Starts one PDF of the selected documents (each one's own PDF, one after the other), made in
 * the background and downloaded from the exports menu. Whoever may read the documents may.
 */
export async function startBulkPdf(ctx: Ctx, raw: unknown): Promise<OperationView> {
  const input = parseInput(StartBulkPdfInput, raw);
  requirePermission(ctx, documentOutput(input.type).print);
  return startOperation(ctx, {
    type: "export_bulk_pdf",
    label: `${translate(ctx.locale, DOCUMENT_TITLES[input.type])} (PDF, ${input.ids.length})`,
    params: { type: input.type, ids: input.ids, title: DOCUMENT_TITLES[input.type] },
  });
}

function importKind(kind: unknown): ImportKind {
  if (typeof kind !== "string" || !(IMPORT_KINDS as string[]).includes(kind))
    throw new DomainError("validation_failed", {}, { kind: { code: "invalid" } });
  return kind as ImportKind;
}

/** The columns of an import kind, for its template and its mapping. */
export async function importColumnsOf(ctx: Ctx, kind: unknown): Promise<ImportColumn[]> {
  const k = importKind(kind);
  requirePermission(ctx, IMPORT_PERMISSIONS[k]);
  return IMPORTERS[k]!.columns(ctx);
}

/** The template of an import kind: its header row, in the caller's language. */
export async function importTemplate(
  ctx: Ctx,
  kind: unknown,
  format: unknown,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; name: string; format: SpreadsheetFormat }> {
  const columns = await importColumnsOf(ctx, kind);
  if (format !== "csv" && format !== "xlsx") throw new DomainError("not_found");
  const header = columns.map((c) => c.label);
  const title = translate(ctx.locale, `import.kind_${String(kind)}`);
  const bytes = format === "csv" ? writeCsv(header, []) : writeXlsx(header, [], title);
  return { bytes, name: `${title}.${format}`, format };
}

/** What the import screen shows of an uploaded file before anything is imported. */
export interface ImportPreview {
  file_id: string;
  file_name: string;
  kind: ImportKind;
  header: string[];
  rows: string[][];
  /** The rows read (within PREVIEW_LIMITS); `more` when the file holds others, which only the import reads. */
  row_count: number;
  more: boolean;
  columns: ImportColumn[];
  mapping: Record<string, number>;
}

const PREVIEW_ROWS = 5;
const FILE_ID = /^[0-9A-Za-z]{10,40}\.(csv|xlsx)$/;

const fileKey = (fileId: string) => `imports/${fileId}`;

/**
 * Keeps an uploaded file in the files bucket and reads its first rows (PREVIEW_LIMITS): its header,
 * the rows the screen shows and the mapping of its columns that it proposes. A file refused here is
 * refused on its field; the import reads the whole file in the background.
 */
export async function uploadImportFile(ctx: Ctx, input: { kind: unknown; file: File | null }): Promise<ImportPreview> {
  const kind = importKind(input.kind);
  const columns = await importColumnsOf(ctx, kind);
  if (!input.file || input.file.size === 0) throw new DomainError("validation_failed", {}, { file: { code: "import_file_required" } });
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  let format: SpreadsheetFormat;
  let preview: SpreadsheetPreview;
  try {
    format = spreadsheetFormat(input.file.name, bytes);
    preview = await previewSpreadsheet(format, bytes);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new DomainError("validation_failed", {}, { file: { code: error.code, params: error.params } });
  }
  const fileId = `${ctx.newId()}.${format}`;
  await ctx.files.put(fileKey(fileId), bytes);
  const [header, ...rows] = preview.rows;
  return {
    file_id: fileId,
    file_name: input.file.name.slice(0, 200),
    kind,
    header: header!,
    rows: rows.slice(0, PREVIEW_ROWS),
    row_count: rows.length,
    more: preview.more,
    columns,
    mapping: suggestMapping(header!, [columns]),
  };
}

/** The modes an import kind offers (create only, update only, both), the screen's choices. */
export function importModesOf(kind: ImportKind): readonly ImportMode[] {
  return IMPORTERS[kind]!.modes;
}

const StartImportInput = z.strictObject({
  kind: z.string(),
  file_id: z.string().regex(FILE_ID, "invalid"),
  file_name: z.string().trim().min(1).max(200),
  mapping: z.record(z.string().max(64), z.number().int().min(0).max(1000)),
  mode: z.enum(IMPORT_MODES, { error: "invalid" }).default("create"),
});

/** Starts an import of an uploaded file with the columns mapped on the screen, in the mode chosen; it runs in the background. */
export async function startImport(ctx: Ctx, raw: unknown): Promise<OperationView> {
  const input = parseInput(StartImportInput, raw);
  const kind = importKind(input.kind);
  requirePermission(ctx, IMPORT_PERMISSIONS[kind]);
  if (!importModesOf(kind).includes(input.mode)) throw new DomainError("validation_failed", {}, { mode: { code: "invalid" } });
  const key = fileKey(input.file_id);
  if (!(await ctx.files.get(key))) throw new DomainError("import_file_expired");
  const format = input.file_id.endsWith(".xlsx") ? "xlsx" : "csv";
  return startOperation(ctx, {
    type: "import",
    label: `${translate(ctx.locale, `import.kind_${kind}`)} — ${input.file_name}`,
    params: { kind, fileKey: key, fileName: input.file_name, format, mapping: input.mapping, mode: input.mode },
  });
}

/** The company's imports, newest first, with who ran them: the import screen's history. */
export async function importHistory(ctx: Ctx): Promise<(OperationView & { mine: boolean })[]> {
  const user = signedInUser(ctx.actor);
  const rows = await ctx.db.select().from(ops).where(eq(ops.type, "import")).orderBy(desc(ops.id)).limit(20);
  return rows.map((row) => ({ ...operationView(row), mine: row.userId === user.userId }));
}
