// The product forms' choices come from one domain call (one round trip).
export { productFormOptions as loadProductOptions } from "../../../worker/domain/products/product-options";

/** Component rows whose sku names no variant (`unknown_variant`), or a quantity without a sku (`required`), keyed by row. */
export function unknownComponents(rows: readonly { sku: string; quantity: string }[], ids: Map<string, number>) {
  const out: Record<string, { code: string }> = {};
  rows.forEach((row, i) => {
    const sku = row.sku.trim();
    if (sku && !ids.has(sku.toLowerCase())) out[`components.${i}.sku`] = { code: "unknown_variant" };
    else if (!sku && row.quantity.trim()) out[`components.${i}.sku`] = { code: "required" };
  });
  return out;
}
