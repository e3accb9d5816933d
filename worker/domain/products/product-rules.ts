import type { PRODUCT_KINDS } from "../../../db/schema/tenant/catalogue";
import type { FieldErrorCode } from "../shared/error-codes";
import type { FieldIssues } from "./common";

/**
 * Pure rules of products and variants (domain spec §3, §5, §9): which kinds have one variant,
 * what a kit needs, how many attributes and variants, default labels, batch tracking.
 */

export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const MAX_ATTRIBUTES = 3;
export const MAX_VARIANTS = 250;

/** Every kind but `variants` has exactly one variant, whose sku is the product's. */
export function hasOneVariant(kind: ProductKind): boolean {
  return kind !== "variants";
}

/** Kits and assemblies are made of components. */
export function needsComponents(kind: ProductKind): boolean {
  return kind === "kit" || kind === "assembly";
}

export function missingComponentsCode(kind: ProductKind): FieldErrorCode {
  return kind === "kit" ? "kit_without_components" : "assembly_without_components";
}

/** The kind a product is stored with: a single product that tracks batches is a product with batches. */
export function storedKind(kind: ProductKind, batchTracked: boolean): ProductKind {
  return kind === "single" && batchTracked ? "batches" : kind;
}

/** The flags a variant takes from its product's kind. */
export function variantFlags(kind: ProductKind, batchTracked: boolean) {
  return {
    isKit: kind === "kit",
    isAssembly: kind === "assembly",
    isPackaging: kind === "packaging",
    batchTracked: kind === "batches" || batchTracked,
  };
}

/** "T-shirt M / Red": the product label and the option labels, unless the variant is named. */
export function defaultVariantLabel(productLabel: string, optionLabels: readonly string[]): string {
  const label = optionLabels.length ? `${productLabel} ${optionLabels.join(" / ")}` : productLabel;
  return label.slice(0, 200);
}

/** The key of an option combination, equal for two variants that differ by nothing. */
export function optionKey(optionIds: readonly (number | null | undefined)[]): string {
  return [0, 1, 2].map((i) => optionIds[i] ?? "-").join(":");
}

/** The indexes of the items whose key an earlier item already has. */
export function laterDuplicates<T>(items: readonly T[], key: (item: T) => string): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) out.push(i);
    seen.add(k);
  });
  return out;
}

/** Batch tracking can be turned on, never off (domain spec §4, §5). */
export function checkBatchTracking(current: boolean, next: boolean | undefined, issues: FieldIssues): void {
  if (current && next === false) issues.add("batch_tracked", "batch_tracking_irreversible");
}

export interface KindShape {
  kind: ProductKind;
  batchTracked: boolean;
  attributeIds: readonly number[];
  variants: readonly { optionIds?: readonly number[] | undefined }[];
  components: readonly unknown[] | undefined;
}

/** What a kind demands of a new product's attributes, variants and components. */
export function checkKindShape(shape: KindShape, issues: FieldIssues): void {
  const { kind } = shape;
  if (kind === "kit" && shape.batchTracked) issues.add("batch_tracked", "invalid");
  if (hasOneVariant(kind) && shape.variants.length > 1) issues.add("variants", "single_variant_only");
  if (shape.variants.length > MAX_VARIANTS) issues.add("variants", "too_many_variants", { max: MAX_VARIANTS });

  if (needsComponents(kind)) {
    if (!shape.components || shape.components.length === 0) issues.add("components", missingComponentsCode(kind));
  } else if (shape.components && shape.components.length > 0) issues.add("components", "components_not_allowed");

  if (kind !== "variants") {
    if (shape.attributeIds.length > 0) issues.add("attribute_ids", "invalid");
    shape.variants.forEach((v, i) => {
      if (v.optionIds && v.optionIds.length > 0) issues.add(`variants.${i}.option_ids`, "invalid");
    });
    return;
  }
  checkAttributeIds(shape.attributeIds, issues);
  shape.variants.forEach((v, i) => {
    if ((v.optionIds?.length ?? 0) !== shape.attributeIds.length) issues.add(`variants.${i}.option_ids`, "required");
  });
  for (const i of laterDuplicates(shape.variants, (v) => optionKey(v.optionIds ?? [])))
    issues.add(`variants.${i}.option_ids`, "duplicate_variant_options");
}

/** A product with variants differs by one to three distinct attributes. */
export function checkAttributeIds(attributeIds: readonly number[], issues: FieldIssues): void {
  if (attributeIds.length === 0) issues.add("attribute_ids", "required");
  if (attributeIds.length > MAX_ATTRIBUTES) issues.add("attribute_ids", "too_many_attributes", { max: MAX_ATTRIBUTES });
  for (const i of laterDuplicates(attributeIds, String)) issues.add(`attribute_ids.${i}`, "duplicate_attribute");
}

/** The indexes of skus given twice in one payload, compared as the unique index does (case-insensitive). */
export function duplicateSkus(skus: readonly string[]): number[] {
  return laterDuplicates(skus, skuKey);
}

/** How the unique index compares skus: SQLite's NOCASE folds ASCII letters only. */
export function skuKey(sku: string): string {
  return sku.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
