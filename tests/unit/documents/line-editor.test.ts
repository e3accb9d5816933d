import { describe, expect, it } from "vitest";
import { editorTotals, postedLines, type EditorDocument, type EditorLine } from "../../../app/components/documents/line-editor";
import { computeDocument } from "../../../worker/domain/documents/lines/compute-document";
import { SalesLineInput } from "../../../worker/domain/sales/sales-schemas";

const document: EditorDocument = { currency: "EUR", tax_model: "global", tax_type: "tax_exclusive", tax_priority: "product" };
const vat = { id: 1, label: "TVA 20 %", rate: "20" };

function line(overrides: Partial<EditorLine>): EditorLine {
  return {
    lid: "a",
    kind: "variant",
    variant_id: 7,
    pack_id: null,
    pack_label: null,
    service_id: null,
    sku: "MUG-1",
    description: "Mug",
    quantity: "1",
    price: "10",
    discount: "",
    discount_type: "percentage",
    component_of_lid: null,
    facts: { kind: "variant", taxes: [vat] },
    ...overrides,
  };
}

describe("the line editor's totals", () => {
  it("are the engine's for the numbers as typed, in either language's format", () => {
    const lines = [
      line({ quantity: "1 234,5", price: "2,10", discount: "10" }),
      line({ lid: "b", sku: "TEA", quantity: "3", price: "1.5" }),
    ];
    const { computed, invalid } = editorTotals(document, lines);
    const expected = computeDocument({
      ...document,
      lines: [
        {
          kind: "variant",
          taxes: [vat],
          lid: "a",
          component_of_lid: null,
          quantity: "1234.5",
          price: "2.1",
          discount: "10",
          discount_type: "percentage",
        },
        {
          kind: "variant",
          taxes: [vat],
          lid: "b",
          component_of_lid: null,
          quantity: "3",
          price: "1.5",
          discount: "0",
          discount_type: "percentage",
        },
      ],
    });
    expect(invalid.size).toBe(0);
    expect(computed).toEqual(expected);
    expect(computed!.total).toBe(expected.total);
  });

  it("leave out a line whose quantity does not read, and say which", () => {
    const { computed, invalid } = editorTotals(document, [line({ quantity: "1,234" }), line({ lid: "b", quantity: "2" })]);
    expect([...invalid]).toEqual(["a"]);
    expect(computed!.lines.map((l) => l.lid)).toEqual(["b"]);
    expect(computed!.subtotal).toBe("20.00");
  });

  it("give a kit's components their kit's quantity times their requirement", () => {
    const kit = line({
      lid: "k",
      kind: "kit",
      sku: "KIT",
      quantity: "2",
      price: "30",
      facts: { kind: "kit", taxes: [vat], kit_price_type: "price_level" },
    });
    const part = line({
      lid: "c",
      sku: "PART",
      quantity: "",
      price: "",
      component_of_lid: "k",
      facts: { kind: "variant", required_quantity: "3" },
    });
    const { computed } = editorTotals(document, [kit, part]);
    expect(computed!.lines.find((l) => l.lid === "c")!.quantity).toBe("6.0000000");
    expect(computed!.subtotal).toBe("60.00");
  });
});

describe("a discount as the screen and the server read it", () => {
  // What the verb keeps of a typed discount (its input schema), next to what the screen computes with.
  const saved = (discount: string) => SalesLineInput.parse({ variant_id: 7, quantity: "2", discount }).discount;

  it.each([
    ["abc", "24.00"],
    ["", "24.00"],
    ["10", "21.60"],
    ["10,5", "21.48"],
    ["-5", "24.00"],
    ["150", "0.00"],
  ])("the discount %j totals the line (2 × 10, VAT 20) at %s, and the server keeps what the screen totalled", (typedDiscount, total) => {
    const lines = [line({ quantity: "2", price: "10", discount: typedDiscount })];
    const { computed, invalid } = editorTotals(document, lines);
    expect(invalid.size).toBe(0);
    expect(computed!.total).toBe(total);
    const [posted] = postedLines(lines) as { discount: string }[];
    expect(saved(typedDiscount)).toBe(posted!.discount);
    const serverTotal = computeDocument({
      ...document,
      lines: [
        {
          kind: "variant",
          taxes: [vat],
          lid: "a",
          component_of_lid: null,
          quantity: "2",
          price: "10",
          discount: saved(typedDiscount)!,
          discount_type: "percentage",
        },
      ],
    }).total;
    expect(serverTotal).toBe(computed!.total);
  });
});

describe("the lines the editor posts", () => {
  it("are what the verbs read: components and display facts stay on the page", () => {
    const kit = line({ lid: "k", kind: "kit", sku: "KIT", quantity: "1 000,5", price: "", discount: "5" });
    const part = line({ lid: "c", component_of_lid: "k" });
    const text = line({ lid: "t", kind: "text", description: "Livraison en deux fois" });
    expect(postedLines([kit, part, text])).toEqual([
      { lid: "k", variant_id: 7, description: "Mug", quantity: "1000.5", price: null, discount: "5", discount_type: "percentage" },
      { lid: "t", description: "Livraison en deux fois" },
    ]);
  });
});
