import { describe, expect, it } from "vitest";
import { postedLines, type EditorLine } from "../../app/components/documents/line-editor";

const line = (over: Partial<EditorLine>): EditorLine => ({
  lid: "1",
  kind: "variant",
  variant_id: 7,
  pack_id: null,
  pack_label: null,
  service_id: null,
  sku: "MUG",
  description: "Mug",
  quantity: "12",
  price: "10.0000",
  discount: "",
  discount_type: "percentage",
  component_of_lid: null,
  facts: { kind: "variant" },
  ...over,
});

describe("the lines the editor posts", () => {
  it("leaves out a price still the catalogue's, so that the server prices the line for its quantity (a price rule's break)", () => {
    expect(postedLines([line({ catalogue_price: "10.0000" })])[0]).toMatchObject({ variant_id: 7, quantity: "12", price: null });
  });

  it("posts a price typed over the catalogue's, and a saved line's price, as they are", () => {
    expect(postedLines([line({ catalogue_price: "10.0000", price: "9.5" })])[0]).toMatchObject({ price: "9.5" });
    expect(postedLines([line({})])[0]).toMatchObject({ price: "10.0000" });
  });
});
