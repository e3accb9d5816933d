import { describe, expect, it } from "vitest";
import { editorTotals, stockOfLines, type EditorDocument, type EditorLine } from "../../app/components/documents/line-editor";

const document: EditorDocument = { currency: "EUR", tax_model: "global", tax_type: "tax_exclusive", tax_priority: "product" };

/** An editor line of a variant as the facts give it, read at location "1" unless said. */
const line = (lid: string, fields: Partial<EditorLine> = {}): EditorLine => ({
  lid,
  kind: "variant",
  variant_id: 7,
  pack_id: null,
  pack_label: null,
  service_id: null,
  sku: "MUG",
  description: "Mug",
  quantity: "1",
  price: "10",
  discount: "0",
  discount_type: "percentage",
  component_of_lid: null,
  available: "5.0000000",
  available_at: "1",
  facts: { kind: "variant" },
  ...fields,
});

/** Each variant's figure and the units the lines take of it, as text. */
const stockOf = (lines: EditorLine[], stockAt: string | null) =>
  Object.fromEntries(
    [...stockOfLines(lines, editorTotals(document, lines).computed, stockAt)].map(([id, s]) => [id, [s.available, s.units.toString()]]),
  );

describe("the available figures the line editor shows", () => {
  it("adds up the units a variant's lines take, a pack counting its units, against the variant's one figure", () => {
    const pack = line("b", { kind: "pack", pack_id: 3, quantity: "1", facts: { kind: "pack", pack_quantity: "3" } });
    expect(stockOf([line("a", { quantity: "2" }), pack], "1")).toEqual({ 7: ["5.0000000", "5.0000000"] });
    // Over by one unit: 3 + 3 for 5.
    expect(stockOf([line("a", { quantity: "3" }), pack], "1")).toEqual({ 7: ["5.0000000", "6.0000000"] });
  });

  it("shows none for a line without a figure (a service, a variant kept out of stock), read at another location, or for a document taking no stock", () => {
    const service = line("s", { kind: "service", variant_id: null, service_id: 2, available: null, facts: { kind: "service" } });
    const untracked = line("u", { variant_id: 8, available: null });
    expect(stockOf([service, untracked], "1")).toEqual({});
    // The location was changed after the line was read: its figure no longer holds.
    expect(stockOf([line("a")], "2")).toEqual({});
    // Drop shipping: nothing is taken from a location.
    expect(stockOf([line("a")], null)).toEqual({});
  });

  it("a line whose quantity does not read takes nothing, the variant's figure still shown", () => {
    expect(stockOf([line("a", { quantity: "abc" }), line("b", { quantity: "2" })], "1")).toEqual({ 7: ["5.0000000", "2.0000000"] });
  });
});
