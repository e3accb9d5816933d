import fc from "fast-check";
import { strFromU8, unzipSync } from "fflate";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { readSpreadsheet, writeCsv, writeXlsx, type ExportCell } from "../../../worker/domain/operations/spreadsheets";

const LABEL = "Acme;=1+1;=cmd|' /C calc'!A0";
/** A cell a spreadsheet runs as a formula: one starting with = + - @ tab or CR (OWASP), a plain number aside. */
const runnable = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-\d+(\.\d+)?$/.test(cell);

const header = ["Customer", "=HEADER", "Quantity", "Notes"];
const dangerous: ExportCell[][] = [
  [LABEL, "@SUM(1)", -5, "+1"],
  ["-1+1", "\t=1", 12.5, 'a"b'],
  ["two\nlines", "=1\n=2", null, 'x\r\n=HYPERLINK("http://evil.example")'],
  [";=1+1", '"";=1', -1, "\n=1"],
  ["-5", "'=already", 0, "''+1"],
];

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const cells = (rows: string[][]) => rows.flat();

describe("a CSV export cannot run a formula in a spreadsheet, whatever the separator it is read with", () => {
  it("quotes the label with semicolons, and a comma reader finds every cell whole with a ' before each formula start", () => {
    const csv = text(writeCsv(header, dangerous));
    expect(csv).toContain(`"${LABEL}"`);
    const rows = Papa.parse<string[]>(csv, { delimiter: "," }).data;
    expect(rows).toEqual([
      ["Customer", "'=HEADER", "Quantity", "Notes"],
      [LABEL, "'@SUM(1)", "-5", "'+1"],
      ["'-1+1", "'\t=1", "12.5", 'a"b'],
      ["two\nlines", "'=1\n=2", "", 'x\r\n=HYPERLINK("http://evil.example")'],
      ["';=1+1", `'"";=1`, "-1", "'\n=1"],
      ["'-5", "''=already", "0", "'''+1"],
    ]);
    expect(cells(rows).filter(runnable)).toEqual([]);
  });

  it("read with ';' as its separator (French Excel), each row stays one cell holding every value whole, none starting a formula", () => {
    const csv = text(writeCsv(header, dangerous));
    const rows = Papa.parse<string[]>(csv, { delimiter: ";" }).data;
    expect(rows).toHaveLength(dangerous.length + 1);
    rows.forEach((row) => expect(row).toHaveLength(1));
    expect(rows[1]![0]).toContain(LABEL);
    expect(cells(rows).filter(runnable)).toEqual([]);
  });

  it("writes numbers as numbers: -5 stays -5, while the text '-5' is escaped, and both read back as -5", async () => {
    const csv = text(writeCsv(["n"], [[-5], ["-5"]]));
    expect(csv.split("\r\n")).toEqual(['"n"', '"-5"', `"'-5"`]);
    expect(await readSpreadsheet("csv", writeCsv(["n"], [[-5], ["-5"]]))).toEqual([["n"], ["-5"], ["-5"]]);
  });

  it("reads its own export back exactly as written: the import takes off the ' the export put first, and only that one", async () => {
    expect(await readSpreadsheet("csv", writeCsv(header, dangerous))).toEqual([
      header,
      ...dangerous.map((row) => row.map((cell) => (cell === null ? "" : String(cell)))),
    ]);
    // Texts made of what matters here: separators, quotes, line breaks, formula starts, and letters.
    const piece = fc.constantFrom(";", ",", '"', "'", "\n", "\r", "\r\n", "\t", "=", "+", "-", "@", " ", "a", "1", "SUM(1)");
    const cell = fc.array(piece, { maxLength: 6 }).map((p) => p.join(""));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 5 }), async (rows) => {
        // A first cell that is never blank: a blank row is skipped on import, by design.
        const data = rows.map((row) => [`r${row.join("").length}`, ...row]);
        const bytes = writeCsv(["id", "a", "b", "c"], data);
        expect(await readSpreadsheet("csv", bytes)).toEqual([["id", "a", "b", "c"], ...data]);
        for (const delimiter of [",", ";"]) {
          const read = Papa.parse<string[]>(text(bytes), { delimiter }).data;
          expect(cells(read).filter(runnable)).toEqual([]);
          if (delimiter === ";") read.forEach((row) => expect(row).toHaveLength(1));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("an .xlsx export keeps texts as texts", () => {
  it("writes a text starting with = as a shared string, never a formula, and leaves it as it is", () => {
    const bytes = writeXlsx(
      ["Customer", "Formula"],
      [
        [LABEL, "=1+1"],
        ["@SUM(1)", "-1+1"],
      ],
      "Customers",
    );
    const parts = unzipSync(bytes);
    const sheet = strFromU8(parts["xl/worksheets/sheet1.xml"]!);
    expect(sheet).not.toMatch(/<f[ >]/);
    expect(sheet.match(/<c [^>]*>/g)!.every((tag) => /t="s"/.test(tag))).toBe(true);
    const strings = strFromU8(parts["xl/sharedStrings.xml"]!);
    for (const value of [LABEL, "=1+1", "@SUM(1)", "-1+1"]) expect(strings).toContain(`<t>${value}</t>`);
  });
});
