import { unzipSync, zipSync } from "fflate";
import Papa from "papaparse";
import { readSheet } from "read-excel-file/universal";
import { Workbook } from "xlsx-kaku";
import { DomainError } from "../shared/domain-error";

/** The files an import reads (domain spec §5: .csv or .xlsx). */
export const SPREADSHEET_FORMATS = ["csv", "xlsx"] as const;
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];

/** Limits of an imported file: past them it is refused whole, with its own message. */
export const IMPORT_LIMITS = {
  bytes: 20 * 1024 * 1024,
  rows: 100_000,
  columns: 200,
  cellLength: 5_000,
  /** What the sheets of an .xlsx may unpack to: a small file that unpacks to gigabytes is a bomb. */
  unpackedBytes: 200 * 1024 * 1024,
} as const;

export const MEDIA_TYPES: Record<SpreadsheetFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** The format of an uploaded file, from its name and its first bytes (an .xlsx is a zip). */
export function spreadsheetFormat(name: string, bytes: Uint8Array): SpreadsheetFormat {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (ext === "xlsx" && zip) return "xlsx";
  if (ext === "csv" && !zip) return "csv";
  throw new DomainError("import_file_type");
}

/** The sum of the sizes a zip's entries unpack to, from its central directory (without unpacking anything). */
export function unpackedSize(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is in the last 65,557 bytes.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 65_557); at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const entries = view.getUint16(at + 10, true);
    let entry = view.getUint32(at + 16, true);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (entry + 46 > bytes.length || view.getUint32(entry, true) !== 0x02014b50) throw new DomainError("import_file_unreadable");
      const size = view.getUint32(entry + 24, true);
      // A size of 0xffffffff is a zip64 entry: more than 4 GB.
      total += size === 0xffffffff ? Number.MAX_SAFE_INTEGER : size;
      entry += 46 + view.getUint16(entry + 28, true) + view.getUint16(entry + 30, true) + view.getUint16(entry + 32, true);
    }
    return total;
  }
  throw new DomainError("import_file_unreadable");
}

function checkedRows(rows: string[][]): string[][] {
  // Blank lines say nothing: they are skipped (the header is the first line with a value).
  const kept = rows.filter((row) => row.some((cell) => cell.trim() !== ""));
  if (kept.length === 0) throw new DomainError("import_file_empty");
  if (kept.length - 1 > IMPORT_LIMITS.rows) throw new DomainError("import_too_many_rows", { max: IMPORT_LIMITS.rows });
  if (kept.some((row) => row.length > IMPORT_LIMITS.columns))
    throw new DomainError("import_too_many_columns", { max: IMPORT_LIMITS.columns });
  return kept;
}

/**
 * The rows of a spreadsheet as texts, the first being its header. A CSV must be UTF-8 (a BOM is
 * dropped); its separator is found from its first lines. Only the first sheet of an .xlsx is read.
 */
export async function readSpreadsheet(format: SpreadsheetFormat, bytes: Uint8Array): Promise<string[][]> {
  if (bytes.byteLength > IMPORT_LIMITS.bytes) throw new DomainError("import_file_too_large", { max_mb: IMPORT_LIMITS.bytes / 1024 / 1024 });
  if (format === "csv") {
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      throw new DomainError("import_file_encoding");
    }
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: "greedy", preview: IMPORT_LIMITS.rows + 2 });
    if (parsed.data.length > IMPORT_LIMITS.rows + 1) throw new DomainError("import_too_many_rows", { max: IMPORT_LIMITS.rows });
    return checkedRows(parsed.data);
  }
  if (unpackedSize(bytes) > IMPORT_LIMITS.unpackedBytes)
    throw new DomainError("import_file_too_large", { max_mb: IMPORT_LIMITS.bytes / 1024 / 1024 });
  let data: unknown[][];
  try {
    data = await readSheet(storedCopy(bytes), { parseNumber: (text: string) => text, trim: false });
  } catch {
    throw new DomainError("import_file_unreadable");
  }
  return checkedRows(data.map((row) => row.map(cellText)));
}

/**
 * The same .xlsx with its parts stored rather than compressed. The reader unpacks large parts on
 * a Web Worker, which a Worker does not have; stored parts it only slices. The parts are unpacked
 * here at once (their size was checked first), and only those a sheet is read from.
 */
function storedCopy(bytes: Uint8Array): ArrayBuffer {
  const parts = unzipSync(bytes, { filter: (file) => /\.(xml|rels)$/.test(file.name) });
  return zipSync(parts, { level: 0 }).slice().buffer;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** A cell's value as a spreadsheet holds it: numbers as numbers, the rest as text. */
export type ExportCell = string | number | boolean | null;

/** CSV with a header; a text that a spreadsheet would run as a formula (=, +, -, @) is quoted to stay text. */
export function writeCsv(header: string[], rows: ExportCell[][]): Uint8Array<ArrayBuffer> {
  const csv = Papa.unparse({ fields: header, data: rows }, { escapeFormulae: true, newline: "\r\n" });
  // The BOM tells spreadsheet programs the file is UTF-8.
  return new TextEncoder().encode(`\ufeff${csv}`);
}

/** An .xlsx of one sheet: a bold header frozen above the rows; numbers stay numbers. Made at once (no Web Worker needed). */
export function writeXlsx(header: string[], rows: ExportCell[][], sheet: string): Uint8Array<ArrayBuffer> {
  const workbook = new Workbook();
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const worksheet = workbook.addWorksheet(sheet.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Sheet1");
  header.forEach((value, c) => worksheet.setCell(0, c, { type: "string", value, style: { font: { bold: true } } }));
  worksheet.setFreezePane({ target: "row", split: 1 });
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      if (value === null || value === "") return;
      worksheet.setCell(
        r + 1,
        c,
        typeof value === "number"
          ? { type: "number", value }
          : typeof value === "boolean"
            ? { type: "boolean", value }
            : { type: "string", value },
      );
    }),
  );
  return new Uint8Array(workbook.generateXlsxSync());
}
