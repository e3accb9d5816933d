export type { ProductFormOptions as ProductOptions } from "../../../worker/domain/products/product-options";
