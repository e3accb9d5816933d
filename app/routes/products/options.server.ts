// The product forms' choices come from one domain call (one round trip).
export { productFormOptions as loadProductOptions } from "../../../worker/domain/products/product-options";
