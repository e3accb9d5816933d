import { describe, expect, it } from "vitest";
import { derivedSku, optionCombinations, readCreateForm } from "../../app/routes/products/create-form";
import {
  NEW_VARIANT_FIELDS,
  productInput,
  variantFormErrors,
  variantInput,
  type ProductFieldValues,
} from "../../app/routes/products/fields";
import { DEFAULT_FORMAT, formatter } from "../../worker/domain/shared/format";
import { cellErrors, priceCellsOf, priceList, readPriceCells } from "../../app/routes/products/price-grid";

const attributes = [
  {
    id: 1,
    label: "Size",
    options: [
      { id: 10, label: "S" },
      { id: 11, label: "M" },
    ],
  },
  {
    id: 2,
    label: "Colour",
    options: [
      { id: 20, label: "Red" },
      { id: 21, label: "Sky blue" },
    ],
  },
];
const everything = { viewSelling: true, viewPurchasing: true, editSelling: true, editPurchasing: true, multiCurrency: true };

describe("the product forms", () => {
  it("make one variant per combination of the ticked options, in the attributes' order", () => {
    expect(optionCombinations(attributes, ["1", "2"], ["10", "11", "21"])).toEqual([
      { ids: [10, 21], labels: ["S", "Sky blue"] },
      { ids: [11, 21], labels: ["M", "Sky blue"] },
    ]);
    expect(optionCombinations(attributes, [], ["10"])).toEqual([]);
    // An attribute without a ticked option makes no variant at all.
    expect(optionCombinations(attributes, ["1", "2"], ["10"])).toEqual([]);
    expect(derivedSku("TS", ["M", "Sky blue"])).toBe("TS-M-SKY-BLUE");
  });

  it("read a price grid into the domain's list and put errors back at their cell", () => {
    const form = new FormData();
    form.set("price.3.1", " 15 ");
    form.set("price.4.2", "");
    form.set("pack_price.3.1", "80");
    const cells = readPriceCells(form, "price");
    expect(cells).toEqual({ "3:1": " 15 ", "4:2": "" });
    const { prices, keys } = priceList(cells);
    expect(prices).toEqual([{ price_level_id: 3, currency_id: 1, amount: "15" }]);
    expect(cellErrors({ "prices.0.amount": { code: "too_many_decimals" } }, "prices", keys)).toEqual({
      "3:1": { code: "too_many_decimals" },
    });
    const saved = [
      { price_level_id: 3, currency_id: 1, amount: "15.5000" },
      { price_level_id: 3, currency_id: 2, amount: "1234.1250" },
    ];
    // Every stored decimal, the company's decimal mark, no group separator.
    expect(priceCellsOf(saved, formatter(DEFAULT_FORMAT))).toEqual({ "3:1": "15.50", "3:2": "1234.125" });
    expect(priceCellsOf(saved, formatter({ ...DEFAULT_FORMAT, numberFormat: "space_comma" }))).toEqual({
      "3:1": "15,50",
      "3:2": "1234,125",
    });
  });

  it("send blank numbers as defaults on creation and as zero on update, costs only to those who may change them", () => {
    const typed = { ...NEW_VARIANT_FIELDS, sku: "A", weight_amount: "", ecotax: "0.5", initial_cost: "4", recommended_price: "" };
    const created = variantInput(typed, { mode: "create", access: everything, kind: "single", withSku: true, withStatus: false });
    expect(created).toMatchObject({ sku: "A", ecotax: "0.5", initial_cost: "4", recommended_price: null });
    expect(created).not.toHaveProperty("weight_amount");
    const updated = variantInput(typed, {
      mode: "update",
      access: { ...everything, editPurchasing: false },
      kind: "single",
      withSku: true,
      withStatus: true,
    });
    expect(updated).toMatchObject({ weight_amount: "0", label: "" });
    expect(updated).not.toHaveProperty("initial_cost");
  });

  it("ask for batch tracking on a new product with batches, and pass on an unticked box on update", () => {
    const fields: ProductFieldValues = {
      label: "Honey",
      description: "",
      brand_id: "",
      season_id: "4",
      tag_ids: ["1"],
      country_of_origin: "fr",
      hs_code: "",
      accounting_family: "",
      kit_discount_rate: "",
      active: true,
      b2b_published: false,
      batch_tracked: false,
    };
    expect(productInput(fields, "batches", "create")).toMatchObject({ batch_tracked: true, season_id: "4", brand_id: null });
    expect(productInput(fields, "batches", "update")).toMatchObject({ batch_tracked: false });
    expect(productInput(fields, "kit", "create")).toMatchObject({ kit_discount_rate: "0" });
    expect(productInput(fields, "kit", "create")).not.toHaveProperty("batch_tracked");
  });

  it("keep every typed row of the create form", () => {
    const form = new FormData();
    form.set("kind", "variants");
    form.append("attribute_ids", "1");
    form.append("attribute_ids", "");
    form.append("variant_options", "10,20");
    form.append("variant_sku", "TS-S");
    form.append("variant_barcode", "");
    form.append("variant_initial_stock", "4");
    form.append("component_sku", "X");
    form.append("component_quantity", "2");
    const values = readCreateForm(form);
    expect(values.kind).toBe("variants");
    expect(values.attribute_ids).toEqual(["1"]);
    expect(values.variants).toEqual([{ options: "10,20", sku: "TS-S", barcode: "", initial_stock: "4" }]);
    expect(values.components).toEqual([{ sku: "X", quantity: "2" }]);
    expect(readCreateForm(new FormData()).kind).toBe("single");
  });

  it("name the variant's label and components as the form does", () => {
    expect(
      variantFormErrors(
        { label: { code: "too_long" }, "components.1.variant_id": { code: "component_is_kit" }, "tax_ids.0": { code: "unknown_tax" } },
        [],
      ),
    ).toMatchObject({
      variant_label: { code: "too_long" },
      "components.1.sku": { code: "component_is_kit" },
      tax_ids: { code: "unknown_tax" },
    });
  });
});
