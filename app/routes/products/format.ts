/** An amount as the domain gives it ("12.5", "3") shown with at least two decimals: "12.50", "3.00". */
export function formatAmount(text: string | null | undefined): string {
  if (text === null || text === undefined || text === "") return "—";
  const [int, frac = ""] = text.split(".");
  return `${int}.${frac.replace(/0+$/, "").padEnd(2, "0")}`;
}

/** A quantity or a rate without trailing zeros: "6", "2.5". */
export function formatQuantity(text: string | null | undefined): string {
  if (text === null || text === undefined || text === "") return "—";
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}

export const VIEW_PRODUCTS = { allOf: ["view_products"] } as const;
export const EDIT_PRODUCTS = { allOf: ["edit_products"] } as const;
export const PRODUCTS_PATH = "/products-and-services/products";

export const PRODUCT_KINDS = ["single", "variants", "batches", "kit", "assembly", "packaging"] as const;
export type ProductKindName = (typeof PRODUCT_KINDS)[number];
export const WEIGHT_UNITS = ["kg", "lb", "oz"] as const;

export const productPath = (id: number | string) => `${PRODUCTS_PATH}/${id}`;
export const variantPath = (productId: number | string, variantId: number | string) =>
  `${PRODUCTS_PATH}/${productId}/variants/${variantId}`;
