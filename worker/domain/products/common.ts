export {
  conflict,
  fieldError,
  FieldIssues,
  isForeignKeyViolation,
  isUniqueViolation,
  parseInput,
  recordId,
  runBatch,
} from "../shared/input";

/** How a verb's input names the product's variant (and pack) it works on: the ids of its address. */
export interface VariantRef {
  product_id: unknown;
  variant_id: unknown;
}
export interface PackRef extends VariantRef {
  pack_id: unknown;
}
