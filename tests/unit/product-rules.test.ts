import { describe, expect, it } from "vitest";
import { Decimal } from "../../worker/domain/shared/decimal";
import { FieldIssues } from "../../worker/domain/products/common";
import {
  checkBatchTracking,
  checkKindShape,
  defaultVariantLabel,
  duplicateSkus,
  storedKind,
  variantFlags,
  type KindShape,
} from "../../worker/domain/products/product-rules";
import { CreateProductInput } from "../../worker/domain/products/product-schemas";
import { weightInGrams } from "../../worker/domain/products/weights";

function issuesOf(shape: Partial<KindShape>) {
  const issues = new FieldIssues();
  checkKindShape({ kind: "single", batchTracked: false, attributeIds: [], variants: [{}], components: undefined, ...shape }, issues);
  return Object.fromEntries(Object.entries(issues.fields).map(([field, { code }]) => [field, code]));
}

describe("product kinds", () => {
  it.each<[string, Partial<KindShape>, Record<string, string>]>([
    ["a plain single product", {}, {}],
    ["two variants on a single product", { variants: [{}, {}] }, { variants: "single_variant_only" }],
    ["a kit without components", { kind: "kit", components: [] }, { components: "kit_without_components" }],
    ["an assembly without components", { kind: "assembly" }, { components: "assembly_without_components" }],
    ["a kit with a component", { kind: "kit", components: [{}] }, {}],
    ["components on packaging", { kind: "packaging", components: [{}] }, { components: "components_not_allowed" }],
    ["a kit tracking batches", { kind: "kit", components: [{}], batchTracked: true }, { batch_tracked: "invalid" }],
    ["attributes on a single product", { attributeIds: [1] }, { attribute_ids: "invalid" }],
    ["variants without attributes", { kind: "variants" }, { attribute_ids: "required" }],
    [
      "a variant missing an option",
      { kind: "variants", attributeIds: [1, 2], variants: [{ optionIds: [1] }] },
      { "variants.0.option_ids": "required" },
    ],
    [
      "four attributes",
      { kind: "variants", attributeIds: [1, 2, 3, 4], variants: [{ optionIds: [1, 2, 3, 4] }] },
      { attribute_ids: "too_many_attributes" },
    ],
    [
      "an attribute twice",
      { kind: "variants", attributeIds: [1, 1], variants: [{ optionIds: [1, 2] }] },
      { "attribute_ids.1": "duplicate_attribute" },
    ],
    [
      "the same option combination twice",
      { kind: "variants", attributeIds: [1, 2], variants: [{ optionIds: [1, 2] }, { optionIds: [1, 3] }, { optionIds: [1, 2] }] },
      { "variants.2.option_ids": "duplicate_variant_options" },
    ],
    [
      "251 variants",
      { kind: "variants", attributeIds: [1], variants: Array.from({ length: 251 }, (_, i) => ({ optionIds: [i] })) },
      { variants: "too_many_variants" },
    ],
  ])("%s", (_name, shape, expected) => {
    expect(issuesOf(shape)).toEqual(expected);
  });

  it("stores a single product tracking batches as a product with batches, and flags variants by kind", () => {
    expect(storedKind("single", true)).toBe("batches");
    expect(storedKind("variants", true)).toBe("variants");
    expect(variantFlags("kit", false)).toEqual({ isKit: true, isAssembly: false, isPackaging: false, batchTracked: false });
    expect(variantFlags("batches", false).batchTracked).toBe(true);
  });

  it("turns batch tracking on but never off", () => {
    const issues = new FieldIssues();
    checkBatchTracking(false, true, issues);
    checkBatchTracking(true, true, issues);
    expect(issues.empty).toBe(true);
    checkBatchTracking(true, false, issues);
    expect(issues.fields.batch_tracked?.code).toBe("batch_tracking_irreversible");
  });

  it("names a variant after its product and options", () => {
    expect(defaultVariantLabel("T-shirt", ["M", "Red"])).toBe("T-shirt M / Red");
    expect(defaultVariantLabel("Honey", [])).toBe("Honey");
  });

  it("finds skus given twice, case aside as the unique index does", () => {
    expect(duplicateSkus(["A-1", "b-2", "a-1", "B-2", "c"])).toEqual([2, 3]);
    expect(duplicateSkus(["é", "É"])).toEqual([]);
  });
});

describe("weights", () => {
  it.each([
    ["1", "kg", "1000.00000"],
    ["1", "lb", "453.59237"],
    ["1", "oz", "28.34952"],
    ["0.18", "kg", "180.00000"],
    ["2.5", "oz", "70.87380"],
  ] as const)("%s %s weighs %s g", (amount, unit, grams) => {
    expect(weightInGrams(Decimal.parse(amount), unit).toString()).toBe(grams);
  });

  it("weighs a kit at zero", () => {
    expect(weightInGrams(Decimal.parse("3"), "kg", true).toString()).toBe("0.00000");
  });
});

describe("product input", () => {
  it("rounds prices to 4 decimals and quantities to 7, and names bad numbers", () => {
    const parsed = CreateProductInput.parse({
      label: "Tea",
      variants: [
        {
          sku: "T",
          prices: [{ price_level_id: "1", currency_id: 2, amount: "1.23456" }],
          packs: [{ label: "Six", quantity: "6.123456789" }],
        },
      ],
    });
    expect(parsed.variants[0]!.prices![0]!.amount.toString()).toBe("1.2346");
    expect(parsed.variants[0]!.prices![0]!.price_level_id).toBe(1);
    expect(parsed.variants[0]!.packs![0]!.quantity.toString()).toBe("6.1234568");
    const bad = CreateProductInput.safeParse({
      label: "Tea",
      variants: [{ sku: "T", weight_unit: "g", ecotax: "-1", prices: [{ price_level_id: 1, currency_id: 1, amount: "x" }] }],
    });
    const codes = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(codes).toMatchObject({
      "variants.0.weight_unit": "invalid_weight_unit",
      "variants.0.ecotax": "too_small",
      "variants.0.prices.0.amount": "invalid_number",
    });
  });
});
