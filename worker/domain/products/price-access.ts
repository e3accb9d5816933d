import type { Actor } from "../identity/actor";
import { DomainError } from "../shared/domain-error";

/** Who may see and change which prices (domain spec §6: selling and purchasing info). */
export interface PriceAccess {
  viewSelling: boolean;
  viewPurchasing: boolean;
  editSelling: boolean;
  editPurchasing: boolean;
}

export type PriceLevelType = "selling" | "purchasing";

/** Whoever calls a verb: an actor's permissions (null: the system itself, which sees everything). */
export type Caller = Pick<Actor, "permissions"> | null;

export function priceAccess(caller: Caller): PriceAccess {
  if (!caller) return { viewSelling: true, viewPurchasing: true, editSelling: true, editPurchasing: true };
  const held = new Set(caller.permissions);
  return {
    viewSelling: held.has("view_products_selling_info"),
    viewPurchasing: held.has("view_products_purchasing_info"),
    editSelling: held.has("edit_products_selling_info"),
    editPurchasing: held.has("edit_products_purchasing_info"),
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
