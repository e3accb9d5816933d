import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "../../db/client";
import { translate } from "../../locales";
import { action as importDataAction } from "../../app/routes/settings/import-data";
import { ERROR_CODES } from "../../worker/domain/shared/error-codes";
import { listOperations } from "../../worker/domain/operations/operations";
import { IMPORT_LIMITS, PREVIEW_LIMITS, readSpreadsheet, writeXlsx } from "../../worker/domain/operations/spreadsheets";
import { importTemplate, startImport, uploadImportFile } from "../../worker/domain/operations/start";
import { ctxOf, makeCompany } from "../support/factories";
import { runQueuedOperations } from "../support/outbox";
import { pageContext } from "../support/page-context";

const file = (name: string, bytes: Uint8Array) => new File([new Uint8Array(bytes)], name);

/** An .xlsx of one sheet whose XML is given, packed as a zip program would. */
function xlsxOf(sheetData: string, level: 1 | 9) {
  return zipSync(
    {
      "xl/workbook.xml": strToU8(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
      "xl/_rels/workbook.xml.rels": strToU8(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
      "xl/worksheets/sheet1.xml": strToU8(
        `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
      ),
    },
    { level },
  );
}

/** The same zip with its central directory declaring another unpacked size for one part. */
function declaring(zip: Uint8Array, name: string, size: number): Uint8Array {
  const bytes = new Uint8Array(zip);
  const view = new DataView(bytes.buffer);
  for (let at = 0; at < bytes.length - 46; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    if (new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + view.getUint16(at + 28, true))) === name)
      view.setUint32(at + 24, size, true);
  }
  return bytes;
}

/** Rows of one long text cell each, all alike but for their numbers: a sheet packs about 80 to 1 with 600 characters a cell, 300 to 1 with 3,000. */
const longRows = (count: number, width: number) =>
  Array.from(
    { length: count },
    (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${"x".repeat(width)}</t></is></c></row>`,
  ).join("");

describe("the import screen's reading of a file", () => {
  it("refuses an .xlsx that would unpack past the bound, on its file field, in both languages, without unpacking it", async () => {
    const company = await makeCompany();
    const { context } = await pageContext(company);
    // 35 MB of sheet in a file of about 450 KB: 55,000 rows, within the rows' limit.
    const bomb = xlsxOf(longRows(55_000, 600), 1);
    expect(bomb.length).toBeLessThan(IMPORT_LIMITS.bytes);
    const form = new FormData();
    form.set("intent", "upload");
    form.set("kind", "products");
    form.set("file", file("bomb.xlsx", bomb));
    const answer = (await importDataAction({
      request: new Request("http://app.test/settings/import-data", { method: "POST", body: form }),
      context,
      params: {},
    } as unknown as Parameters<typeof importDataAction>[0])) as unknown as {
      data: { error: string; fields: Record<string, { code: string; params: Record<string, unknown> }> };
      init: { status: number };
    };
    expect(answer).toMatchObject({ init: { status: 422 }, data: { error: "validation_failed" } });
    expect(ERROR_CODES.validation_failed.status).toBe(422);
    const refusal = answer.data.fields.file!;
    expect(refusal).toEqual({ code: "import_file_unpacked_too_large", params: { max_mb: IMPORT_LIMITS.unpackedBytes / 1024 / 1024 } });
    expect(translate("en", `error.${refusal.code}`, refusal.params)).toBe(
      "This .xlsx file unpacks to more than 32 MB: split it into several files.",
    );
    expect(translate("fr", `error.${refusal.code}`, refusal.params)).toBe(
      "Ce fichier .xlsx dépasse 32 Mo une fois décompressé : découpez-le en plusieurs fichiers.",
    );
  });

  it("refuses a part packed tighter than a spreadsheet can be, and one that unpacks past the size its directory declares", async () => {
    const ctx = await ctxOf(await makeCompany());
    const upload = (bytes: Uint8Array) => uploadImportFile(ctx, { kind: "products", file: file("p.xlsx", bytes) });
    // 2.9 MB of sheet packed into about 10 KB: a zip bomb's shape, far under the size bound.
    const tight = xlsxOf(longRows(1_000, 3_000), 9);
    await expect(upload(tight)).rejects.toMatchObject({
      code: "validation_failed",
      fields: { file: { code: "import_file_packed_too_tightly", params: { ratio: IMPORT_LIMITS.packRatio } } },
    });
    // The same file whose directory says the sheet unpacks to 500 KB (under the ratio's floor): found out while unpacking.
    const lying = declaring(tight, "xl/worksheets/sheet1.xml", 500 * 1024);
    await expect(upload(lying)).rejects.toMatchObject({ fields: { file: { code: "import_file_unpacked_too_large" } } });
  });

  it("previews the first rows of a large file only, while the import reads and imports every row", async () => {
    const company = await makeCompany();
    const ctx = await ctxOf(company);
    const header = (await readSpreadsheet("csv", (await importTemplate(ctx, "products", "csv")).bytes))[0]!;
    const rows = Array.from({ length: 3_000 }, (_, i) =>
      header.map((h) => (h === "Product" ? `Lamp ${i}` : h === "SKU" ? `LAMP-${i}` : null)),
    );
    const xlsx = writeXlsx(header, rows, "Products");
    const preview = await uploadImportFile(ctx, { kind: "products", file: file("lamps.xlsx", xlsx) });
    expect(preview).toMatchObject({ row_count: PREVIEW_LIMITS.rows, more: true, header });
    expect(preview.rows).toHaveLength(5);
    expect(preview.rows[0]!.slice(0, 2)).toEqual(["Lamp 0", "LAMP-0"]);
    const started = await startImport(ctx, {
      kind: "products",
      file_id: preview.file_id,
      file_name: preview.file_name,
      mapping: preview.mapping,
    });
    await runQueuedOperations(company, { publish: async () => {} });
    const [operation] = (await listOperations(ctx)).filter((o) => o.batch_id === started.batch_id);
    expect(operation).toMatchObject({ status: "completed", result: { created: 3_000, rows: 3_000 } });
    expect(await company.db.$count(tenantSchema.products)).toBe(3_000);
  });
});
