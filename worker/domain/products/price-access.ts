import type { Caller } from "../identity/module-flags";
import { DomainError } from "../shared/domain-error";

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

export type { Caller };

export function priceAccess(caller: Caller): PriceAccess {
  if (!caller) return { viewSelling: true, viewPurchasing: true, editSelling: true, editPurchasing: true, multiCurrency: true };
  const held = new Set(caller.permissions);
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
