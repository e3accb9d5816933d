export const VIEW_PRODUCTS = { allOf: ["view_products"] } as const;
export const EDIT_PRODUCTS = { allOf: ["edit_products"] } as const;
export const PRODUCTS_PATH = "/products-and-services/products";

export const PRODUCT_KINDS = ["single", "variants", "batches", "kit", "assembly", "packaging"] as const;
export type ProductKindName = (typeof PRODUCT_KINDS)[number];
export const WEIGHT_UNITS = ["kg", "lb", "oz"] as const;

export const productPath = (id: number | string) => `${PRODUCTS_PATH}/${id}`;
export const variantPath = (productId: number | string, variantId: number | string) =>
  `${PRODUCTS_PATH}/${productId}/variants/${variantId}`;
