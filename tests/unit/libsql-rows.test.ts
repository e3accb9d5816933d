import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { JSON_ROW_COLUMN } from "../../db/json-rows";
import { HRANA_RESULT_FILE, fasterRows } from "../../scripts/lib/libsql-rows";

// The build makes the libSQL client's rows faster (scripts/lib/libsql-rows.ts): each row must have
// the very properties the original makes, and a JSON row must be its one value.

const libEsm = join(process.cwd(), "node_modules", "@libsql", "hrana-client", "lib-esm");
const resultFile = join(libEsm, "result.js");
const cache = join(process.cwd(), "node_modules", ".cache");
mkdirSync(cache, { recursive: true });
const folder = mkdtempSync(join(cache, "libsql-rows-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type RowsResult = (
  result: { cols: { name: string | undefined; decltype: string | undefined }[]; rows: unknown[][] },
  intMode: string,
) => { rows: unknown[] };

async function both(): Promise<{ faster: RowsResult; original: RowsResult }> {
  cpSync(libEsm, folder, { recursive: true });
  writeFileSync(join(folder, "result.js"), fasterRows(readFileSync(resultFile, "utf8")));
  const load = async (file: string) =>
    ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { rowsResultFromProto: RowsResult }).rowsResultFromProto;
  return { faster: await load(join(folder, "result.js")), original: await load(resultFile) };
}

/** Everything a row shows of itself: its keys in order, each property's attributes and value, its prototype. */
const described = (row: object) => ({
  keys: Reflect.ownKeys(row),
  properties: Reflect.ownKeys(row).map((k) => [k, Object.getOwnPropertyDescriptor(row, k)]),
  prototype: Object.getPrototypeOf(row) as unknown,
  enumerable: Object.keys(row),
  json: JSON.stringify(row),
});

const nameLists: (string | undefined)[][] = [
  ["id", "label", "amount"],
  ["id", "id", "label"],
  ["length", "x"],
  ["1", "0", "x"],
  ["2", "b", "c"],
  ["__proto__", "toString", "constructor", "hasOwnProperty", "valueOf"],
  ["é", "日本", "with space", ""],
  ["a", undefined, "c"],
  ["only"],
];

describe("the libSQL client's rows, as the build makes them", () => {
  it("names the file it changes, and refuses a source without the function it replaces", () => {
    expect(HRANA_RESULT_FILE.test(resultFile)).toBe(true);
    expect(() => fasterRows("function rowFromProto(colNames, values) { return {}; }")).toThrow(/changed/);
  });

  it("makes each row with the properties the original makes, names of every kind", async () => {
    const { faster, original } = await both();
    for (const names of nameLists) {
      const values = names.map((_, i) => [null, 42, "text", -7, "é 🧾"][i % 5]);
      const result = () => ({ cols: names.map((name) => ({ name, decltype: undefined })), rows: [values, values.slice().reverse()] });
      const made = faster(result(), "number").rows as object[];
      const expected = original(result(), "number").rows as object[];
      expect(made.map(described)).toEqual(expected.map(described));
      expect(Array.prototype.slice.call(made[0])).toEqual(values);
    }
  });

  it("gives a JSON row as a plain array of its one value", async () => {
    const { faster, original } = await both();
    const result = () => ({ cols: [{ name: JSON_ROW_COLUMN, decltype: undefined }], rows: [['[1,"a"]'], ["[2,null]"]] });
    const made = faster(result(), "number").rows;
    expect(made).toEqual([['[1,"a"]'], ["[2,null]"]]);
    expect(made.every((row) => Array.isArray(row))).toBe(true);
    // Read by index, as db/json-rows.ts reads it, the same value as the original row's.
    expect(made.map((row) => (row as unknown[])[0])).toEqual(original(result(), "number").rows.map((row) => (row as unknown[])[0]));
  });
});
