import type { Actor } from "../identity/actor";
import type { PermissionCheck } from "../identity/permissions";
import { DomainError } from "../shared/domain-error";

/** What the product verbs ask of their actor: the API and the pages guard with the same checks. */
export const VIEW_PRODUCTS = { allOf: ["view_products"] } as const satisfies PermissionCheck;
export const EDIT_PRODUCTS = { allOf: ["edit_products"] } as const satisfies PermissionCheck;
// Prices and costs: which levels an actor may see or change is then checked per level type.
export const VIEW_PRODUCT_PRICES = {
  allOf: ["view_products"],
  anyOf: ["view_products_selling_info", "view_products_purchasing_info"],
} as const satisfies PermissionCheck;
export const EDIT_PRODUCT_PRICES = {
  allOf: ["edit_products"],
  anyOf: ["edit_products_selling_info", "edit_products_purchasing_info"],
} as const satisfies PermissionCheck;

/** Who may see and change which prices (domain spec §6: selling and purchasing info). */
export interface PriceAccess {
  viewSelling: boolean;
  viewPurchasing: boolean;
  editSelling: boolean;
  editPurchasing: boolean;
  /** Prices in currencies other than the default one (the multi_currencies module). */
  multiCurrency: boolean;
}

export type PriceLevelType = "selling" | "purchasing";

/** The prices and costs an actor may see and change, from its permissions (the system holds them all). */
export function priceAccess(actor: Pick<Actor, "permissions">): PriceAccess {
  const held = new Set(actor.permissions);
  return {
    viewSelling: held.has("view_products_selling_info"),
    viewPurchasing: held.has("view_products_purchasing_info"),
    editSelling: held.has("edit_products_selling_info"),
    editPurchasing: held.has("edit_products_purchasing_info"),
    multiCurrency: held.has("multi_currencies"),
  };
}

export function canView(access: PriceAccess, type: PriceLevelType): boolean {
  return type === "selling" ? access.viewSelling : access.viewPurchasing;
}

export function canEdit(access: PriceAccess, type: PriceLevelType): boolean {
  return type === "selling" ? access.editSelling : access.editPurchasing;
}

/** Changing prices of a level type, or costs (purchasing), needs the matching edit permission. */
export function assertCanEdit(access: PriceAccess, type: PriceLevelType): void {
  if (!canEdit(access, type)) throw new DomainError("forbidden");
}
