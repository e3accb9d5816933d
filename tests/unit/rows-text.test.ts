import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resultAsText, rowsOf } from "../../app/components/list/rows-text";

// A list page's rows travel as one JSON text (app/components/list/rows-text.ts): what the browser
// reads must be what JSON makes of the rows, whichever form the text takes.
const page = <T>(items: T[]) => ({ items, page: 0, page_size: 50, totalCount: items.length });
/** As the browser gets it: a new object, holding only the text. */
const inBrowser = <T>(rows: T[]) => rowsOf({ ...resultAsText(page(rows)) });

describe("a list page's rows as one text", () => {
  it("reads back, in the browser, what JSON makes of any rows", () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
    const nested = fc.oneof(value, fc.array(value, { maxLength: 3 }), fc.dictionary(fc.string(), value, { maxKeys: 3 }));
    const uniform = fc.uniqueArray(fc.string(), { maxLength: 6 }).chain((keys) =>
      fc.array(
        fc.tuple(...keys.map(() => nested)).map((values) => Object.fromEntries(keys.map((k, i) => [k, values[i]]))),
        { maxLength: 8 },
      ),
    );
    const mixed = fc.array(fc.dictionary(fc.string(), fc.oneof(nested, fc.constant(undefined)), { maxKeys: 4 }), { maxLength: 6 });
    fc.assert(
      fc.property(fc.oneof(uniform, mixed), (rows) => {
        expect(inBrowser(rows)).toEqual(JSON.parse(JSON.stringify(rows)));
      }),
    );
  });

  it("writes the field names of rows alike once, and other rows as they are", () => {
    const rows = [
      { id: 1, label: 'Café "noir"', tags: [{ label: "a" }], price: null },
      { id: 2, label: "Thé", tags: [], price: "4.50" },
    ];
    expect(JSON.parse(resultAsText(page(rows)).items)).toEqual({
      keys: ["id", "label", "tags", "price"],
      values: [
        [1, 'Café "noir"', [{ label: "a" }], null],
        [2, "Thé", [], "4.50"],
      ],
    });
    expect(inBrowser(rows)).toEqual(rows);
    // A field missing, undefined or in another order: the rows as they are.
    for (const other of [
      { id: 3, label: "x" },
      { id: 3, label: "x", tags: [], price: undefined },
      { label: "x", id: 3, tags: [], price: null },
    ]) {
      const text = resultAsText(page([...rows, other])).items;
      expect(Array.isArray(JSON.parse(text))).toBe(true);
      expect(inBrowser([...rows, other])).toEqual(JSON.parse(JSON.stringify([...rows, other])));
    }
    // A field named __proto__ stays a field.
    const odd = [
      JSON.parse('{"__proto__": 1, "a": 2}') as Record<string, number>,
      JSON.parse('{"__proto__": 3, "a": 4}') as Record<string, number>,
    ];
    expect(inBrowser(odd).map((r) => Object.getOwnPropertyDescriptor(r, "__proto__")?.value)).toEqual([1, 3]);
  });

  it("gives the server the loader's own rows, unread", () => {
    const rows = [{ id: 1 }, { id: 2 }];
    expect(rowsOf(resultAsText(page(rows)))).toBe(rows);
  });
});
