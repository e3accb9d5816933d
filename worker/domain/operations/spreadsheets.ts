import { Inflate, zipSync } from "fflate";
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
  /** What the XML parts of an .xlsx may unpack to in all: about two million cells (decision 036). */
  unpackedBytes: 32 * 1024 * 1024,
  /** How much larger than packed a part over 1 MB may unpack: spreadsheets pack about 10 to 1, a zip bomb about 1,000 to 1. */
  packRatio: 100,
} as const;

/**
 * What the import screen reads of a file while the person waits: its header and first rows, within
 * a number of cells. The background import reads the whole file and holds it to IMPORT_LIMITS.
 */
export const PREVIEW_LIMITS = { rows: 1_000, cells: 100_000, sheetBytes: 8 * 1024 * 1024 } as const;

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

function checkedRows(rows: string[][], whole: boolean): string[][] {
  // Blank lines say nothing: they are skipped (the header is the first line with a value).
  const kept = rows.filter((row) => row.some((cell) => cell.trim() !== ""));
  if (kept.length === 0) throw new DomainError("import_file_empty");
  if (whole && kept.length - 1 > IMPORT_LIMITS.rows) throw new DomainError("import_too_many_rows", { max: IMPORT_LIMITS.rows });
  if (kept.some((row) => row.length > IMPORT_LIMITS.columns))
    throw new DomainError("import_too_many_columns", { max: IMPORT_LIMITS.columns });
  return kept;
}

/** The first rows of a spreadsheet (its header first), and whether the file holds more. */
export interface SpreadsheetPreview {
  rows: string[][];
  more: boolean;
}

/**
 * The rows of a spreadsheet as texts, the first being its header. A CSV must be UTF-8 (a BOM is
 * dropped); its separator is found from its first lines. Only the first sheet of an .xlsx is read.
 */
export async function readSpreadsheet(format: SpreadsheetFormat, bytes: Uint8Array): Promise<string[][]> {
  checkSize(bytes);
  if (format === "csv") {
    const parsed = Papa.parse<string[]>(csvText(bytes), { skipEmptyLines: "greedy", preview: IMPORT_LIMITS.rows + 2 });
    if (parsed.data.length > IMPORT_LIMITS.rows + 1) throw new DomainError("import_too_many_rows", { max: IMPORT_LIMITS.rows });
    return checkedRows(unescapedRows(parsed.data), true);
  }
  return checkedRows(await readXlsx(bytes, null), true);
}

/**
 * The header and first rows of a spreadsheet, within PREVIEW_LIMITS: what the import screen shows
 * and maps. The file's other rows are neither unpacked nor parsed here.
 */
export async function previewSpreadsheet(format: SpreadsheetFormat, bytes: Uint8Array): Promise<SpreadsheetPreview> {
  checkSize(bytes);
  let rows: string[][];
  let more: boolean;
  if (format === "csv") {
    // One row past the bound tells whether there are more.
    const parsed = Papa.parse<string[]>(csvText(bytes), { skipEmptyLines: "greedy", preview: PREVIEW_LIMITS.rows + 2 });
    rows = checkedRows(unescapedRows(parsed.data), false);
    more = rows.length > PREVIEW_LIMITS.rows + 1;
  } else {
    const cut = { more: false };
    rows = checkedRows(await readXlsx(bytes, cut), false);
    more = cut.more;
  }
  let cells = 0;
  let kept = 0;
  while (kept < Math.min(rows.length, PREVIEW_LIMITS.rows + 1) && (kept < 2 || cells + rows[kept]!.length <= PREVIEW_LIMITS.cells))
    cells += rows[kept++]!.length;
  return { rows: rows.slice(0, kept), more: more || kept < rows.length };
}

function checkSize(bytes: Uint8Array): void {
  if (bytes.byteLength > IMPORT_LIMITS.bytes) throw new DomainError("import_file_too_large", { max_mb: IMPORT_LIMITS.bytes / 1024 / 1024 });
}

function csvText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new DomainError("import_file_encoding");
  }
}

/** One part of a zip, as its central directory describes it. */
interface ZipPart {
  method: number;
  packed: number;
  size: number;
  offset: number;
}

const MB = 1024 * 1024;

/**
 * The XML parts of an .xlsx by name, from its central directory, without unpacking anything: refused
 * when they would unpack past IMPORT_LIMITS.unpackedBytes, or one packs tighter than a sheet can.
 */
export function xlsxParts(bytes: Uint8Array): Map<string, ZipPart> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is in the last 65,557 bytes.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 65_557); at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const parts = new Map<string, ZipPart>();
    const count = view.getUint16(at + 10, true);
    let entry = view.getUint32(at + 16, true);
    let total = 0;
    for (let i = 0; i < count; i++) {
      if (entry + 46 > bytes.length || view.getUint32(entry, true) !== 0x02014b50) throw new DomainError("import_file_unreadable");
      const nameLength = view.getUint16(entry + 28, true);
      const name = new TextDecoder().decode(bytes.subarray(entry + 46, entry + 46 + nameLength));
      const part = {
        method: view.getUint16(entry + 10, true),
        packed: view.getUint32(entry + 20, true),
        size: view.getUint32(entry + 24, true),
        offset: view.getUint32(entry + 42, true),
      };
      entry += 46 + nameLength + view.getUint16(entry + 30, true) + view.getUint16(entry + 32, true);
      // Only the XML parts are ever unpacked; pictures and the like are left packed.
      if (!/\.(xml|rels)$/.test(name)) continue;
      // 0xffffffff is a zip64 part: over 4 GB.
      total += part.size === 0xffffffff ? Number.MAX_SAFE_INTEGER : part.size;
      if (total > IMPORT_LIMITS.unpackedBytes) throw unpackedTooLarge();
      if (part.size > MB && part.size > part.packed * IMPORT_LIMITS.packRatio)
        throw new DomainError("import_file_packed_too_tightly", { ratio: IMPORT_LIMITS.packRatio });
      parts.set(name, part);
    }
    return parts;
  }
  throw new DomainError("import_file_unreadable");
}

const unpackedTooLarge = () => new DomainError("import_file_unpacked_too_large", { max_mb: IMPORT_LIMITS.unpackedBytes / MB });

/** Input handed to the inflater at a time: a part that lies about its size is caught within one step's output. */
const INFLATE_STEP = 16 * 1024;

/**
 * Unpacks one part piece by piece, handing each piece to `take` until it answers false. A part
 * that unpacks past the size its directory declared is refused (a directory may lie).
 */
function unpackPart(bytes: Uint8Array, part: ZipPart, take: (piece: Uint8Array) => boolean): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (part.offset + 30 > bytes.length || view.getUint32(part.offset, true) !== 0x04034b50) throw new DomainError("import_file_unreadable");
  const start = part.offset + 30 + view.getUint16(part.offset + 26, true) + view.getUint16(part.offset + 28, true);
  if (start + part.packed > bytes.length) throw new DomainError("import_file_unreadable");
  const packed = bytes.subarray(start, start + part.packed);
  let size = 0;
  let going = true;
  const receive = (piece: Uint8Array) => {
    size += piece.length;
    if (size > part.size) throw unpackedTooLarge();
    if (going && piece.length) going = take(piece);
  };
  if (part.method === 0) {
    for (let at = 0; at < packed.length && going; at += MB) receive(packed.subarray(at, at + MB));
    return;
  }
  if (part.method !== 8) throw new DomainError("import_file_unreadable");
  const inflater = new Inflate((piece) => receive(piece));
  try {
    for (let at = 0; at < packed.length && going; at += INFLATE_STEP)
      inflater.push(packed.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= packed.length);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError("import_file_unreadable");
  }
}

/** A whole part, as bytes. */
function wholePart(bytes: Uint8Array, part: ZipPart): Uint8Array {
  const pieces: Uint8Array[] = [];
  unpackPart(bytes, part, (piece) => pieces.push(piece) > 0);
  return joined(pieces, Infinity);
}

function joined(pieces: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(
    Math.min(
      length,
      pieces.reduce((n, p) => n + p.length, 0),
    ),
  );
  let at = 0;
  for (const piece of pieces) {
    if (at >= out.length) break;
    out.set(piece.subarray(0, out.length - at), at);
    at += piece.length;
  }
  return out;
}

/** Bytes as one character each (windows-1252 maps every byte to one): XML's markup is ASCII, so tags are found at their byte offsets. */
const oneCharPerByte = new TextDecoder("windows-1252");
function latin1(bytes: Uint8Array): string {
  return oneCharPerByte.decode(bytes);
}

/**
 * Finds the tags of an XML part as its pieces come (by byte offset), without parsing it: what a
 * cut and a bound need. `onTag` answers false to stop.
 */
class TagScanner {
  private carry = "";
  private base = 0;
  constructor(
    private readonly pattern: RegExp,
    private readonly onTag: (match: RegExpExecArray, at: number) => boolean,
  ) {}

  push(piece: Uint8Array): boolean {
    const text = this.carry + latin1(piece);
    // A tag begun at the end of this piece is scanned with the next one.
    const last = text.lastIndexOf("<");
    const upto = last >= 0 && text.indexOf(">", last) < 0 ? last : text.length;
    if (text.length - upto > MB) throw new DomainError("import_file_unreadable");
    const scanned = upto === text.length ? text : text.slice(0, upto);
    this.pattern.lastIndex = 0;
    for (let m = this.pattern.exec(scanned); m; m = this.pattern.exec(scanned)) if (!this.onTag(m, this.base + m.index)) return false;
    this.base += upto;
    this.carry = text.slice(upto);
    return true;
  }
}

const CELL_OR_ROW = /<(?:[\w.-]+:)?(row|c)\b([^>]*)>/g;
/** A cell past column GR (200): a whole sheet is scanned for these only. */
const WIDE_CELL = /<(?:[\w.-]+:)?(c)\b([^>]*?\br=["'](?:G[S-Z]|[H-Z][A-Z]|[A-Z]{3})\d[^>]*)>/g;
const SHARED_STRING = /<(?:[\w.-]+:)?si\b[^>]*>/g;
const SHARED_INDEX = /<(?:[\w.-]+:)?c\b[^>]*\bt=["']s["'][^>]*>(?:(?!<\/(?:[\w.-]+:)?c>)[^])*?<(?:[\w.-]+:)?v>\s*(\d+)\s*</g;

/** The column of a cell's reference (`AB12` is 28), 0 without one. */
function columnOf(attributes: string): number {
  const letters = /\br=["']([A-Z]{1,3})\d/.exec(attributes)?.[1] ?? "";
  let column = 0;
  for (const letter of letters) column = column * 26 + letter.charCodeAt(0) - 64;
  return column;
}

/**
 * The first sheet of an .xlsx (as much as `cut` allows, when given) and the parts it is read with.
 * A cut sheet ends at the first row past PREVIEW_LIMITS, and its shared strings at the last one it uses.
 */
function sheetParts(bytes: Uint8Array, cut: { more: boolean } | null): Record<string, Uint8Array> {
  const parts = xlsxParts(bytes);
  const small = (name: string) => {
    const part = parts.get(name);
    if (!part) throw new DomainError("import_file_unreadable");
    return wholePart(bytes, part);
  };
  const out: Record<string, Uint8Array> = {
    "xl/workbook.xml": small("xl/workbook.xml"),
    "xl/_rels/workbook.xml.rels": small("xl/_rels/workbook.xml.rels"),
  };
  // The first sheet is the workbook's first <sheet>, found at the path its relationship names.
  const sheetId = /<(?:[\w.-]+:)?sheet\b[^>]*?\b[\w.-]+:id=["']([^"']+)["']/.exec(latin1(out["xl/workbook.xml"]!))?.[1];
  const targets = new Map<string, string>();
  let sheetPath: string | undefined;
  for (const [tag] of latin1(out["xl/_rels/workbook.xml.rels"]!).matchAll(/<(?:[\w.-]+:)?Relationship\b[^>]*>/g)) {
    const attribute = (name: string) => new RegExp(`\\b${name}=["']([^"']*)["']`).exec(tag)?.[1] ?? "";
    const target = attribute("Target").startsWith("/") ? attribute("Target").slice(1) : `xl/${attribute("Target")}`;
    const type = attribute("Type").split("/").pop()!;
    if (type === "worksheet" && attribute("Id") === sheetId) sheetPath = target;
    else if (type === "sharedStrings" || type === "styles") targets.set(type, target);
  }
  const sheet = sheetPath ? parts.get(sheetPath) : undefined;
  if (!sheetPath || !sheet) throw new DomainError("import_file_unreadable");
  const styles = targets.get("styles");
  if (styles && parts.has(styles)) out[styles] = small(styles);

  // The sheet: no cell past the columns' limit (a reader would fill every row out to it), and cut when asked.
  const pieces: Uint8Array[] = [];
  let rows = 0;
  let cells = 0;
  let end = Infinity;
  const scanner = new TagScanner(cut ? CELL_OR_ROW : WIDE_CELL, (m, at) => {
    if (m[1] === "c") {
      cells += 1;
      if (!m[2]!.endsWith("/") && columnOf(m[2]!) > IMPORT_LIMITS.columns)
        throw new DomainError("import_too_many_columns", { max: IMPORT_LIMITS.columns });
      return true;
    }
    if (cut && rows > 0 && (rows > PREVIEW_LIMITS.rows || cells >= PREVIEW_LIMITS.cells || at >= PREVIEW_LIMITS.sheetBytes)) {
      end = at;
      cut.more = true;
      return false;
    }
    rows += 1;
    return true;
  });
  unpackPart(bytes, sheet, (piece) => pieces.push(piece) > 0 && scanner.push(piece));
  let sheetBytes = joined(pieces, end);
  pieces.length = 0;
  if (end !== Infinity) sheetBytes = closed(sheetBytes, ["sheetData", "worksheet"]);
  out[sheetPath] = sheetBytes;

  const sharedStrings = targets.get("sharedStrings");
  const strings = sharedStrings ? parts.get(sharedStrings) : undefined;
  if (!sharedStrings || !strings) return out;
  if (!cut) {
    out[sharedStrings] = wholePart(bytes, strings);
    return out;
  }
  // A cut sheet needs the shared strings up to the last one it uses, not those of the rows left out.
  let needed = 0;
  for (const [, index] of latin1(sheetBytes).matchAll(SHARED_INDEX)) needed = Math.max(needed, Number(index) + 1);
  let seen = 0;
  let stringsEnd = Infinity;
  const stringScanner = new TagScanner(SHARED_STRING, (_, at) => {
    if (seen === needed) {
      stringsEnd = at;
      return false;
    }
    seen += 1;
    return true;
  });
  unpackPart(bytes, strings, (piece) => pieces.push(piece) > 0 && stringScanner.push(piece));
  out[sharedStrings] = stringsEnd === Infinity ? joined(pieces, Infinity) : closed(joined(pieces, stringsEnd), ["sst"]);
  return out;
}

/** The first part of an XML document, cut between two elements, with the given elements closed (root last). */
function closed(head: Uint8Array, elements: string[]): Uint8Array {
  const root = elements[elements.length - 1]!;
  const prefix = new RegExp(`<([\\w.-]+:)?${root}\\b`).exec(latin1(head.subarray(0, 4096)))?.[1] ?? "";
  const tail = new TextEncoder().encode(elements.map((name) => `</${prefix}${name}>`).join(""));
  const out = new Uint8Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}

/** The first sheet's rows as texts; cut (see sheetParts) when `cut` is given. */
async function readXlsx(bytes: Uint8Array, cut: { more: boolean } | null): Promise<string[][]> {
  // The reader unpacks large parts on a Web Worker, which a Worker does not have: it is given its
  // parts stored rather than compressed, which it only slices, and only those a sheet is read from.
  const zip = zipSync(sheetParts(bytes, cut), { level: 0 });
  const buffer = zip.byteLength === zip.buffer.byteLength ? (zip.buffer as ArrayBuffer) : zip.slice().buffer;
  let data: unknown[][];
  try {
    data = await readSheet(buffer, { parseNumber: (text: string) => text, trim: false });
  } catch {
    throw new DomainError("import_file_unreadable");
  }
  return data.map((row) => row.map(cellText));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** A cell's value as a spreadsheet holds it: numbers as numbers, the rest as text. */
export type ExportCell = string | number | boolean | null;

/**
 * The texts a CSV writes with a `'` first so that no spreadsheet runs them (OWASP, CSV injection):
 * those starting with = + - @ tab or CR, on any line (Papa Parse's own pattern misses a text of
 * several lines); those starting with quotes and blanks then a `;` or a line break, where a program
 * reading the file with `;` as its separator would leave our quoted cell; and the same after `'`s
 * already there, so that taking one `'` off on import gives back exactly what was written.
 */
export const ESCAPED_CELL = /^'*(?:[=+\-@\t\r]|"*\s*[;\r\n])/;

/** CSV cells as they were before an export's escape (ESCAPED_CELL): the `'` it put first is taken off. */
export function unescapedRows(rows: string[][]): string[][] {
  return rows.map((row) => row.map((cell) => (cell.startsWith("'") && ESCAPED_CELL.test(cell.slice(1)) ? cell.slice(1) : cell)));
}

/**
 * CSV with a header. Every cell is quoted, so that a `;`, a `,`, a quote or a line break in a cell
 * never ends it, even for a program that reads the file with `;` as its separator: to one that
 * reads quotes as RFC 4180 says, a row is one quoted run from its first quote to its last.
 * Texts are escaped (ESCAPED_CELL); numbers are not (-5 stays the number -5).
 */
export function writeCsv(header: string[], rows: ExportCell[][]): Uint8Array<ArrayBuffer> {
  const csv = Papa.unparse({ fields: header, data: rows }, { escapeFormulae: ESCAPED_CELL, quotes: true, newline: "\r\n" });
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
