import type { Permission, PermissionCheck } from "../identity/permissions";
import type { StockDocumentType } from "./stock-rules";

type Access = { view: PermissionCheck; edit: PermissionCheck; read: PermissionCheck };

/** The list asks `view`, a change `edit`; one document is `read` by whoever may see it or change it (the edit form). */
function access(view: Permission, edit: Permission): Access {
  return { view: { allOf: [view] }, edit: { allOf: [edit] }, read: { anyOf: [view, edit] } };
}

/** What reading and changing each type of stock document asks, as /api/v1 and the pages check it. */
export const STOCK_DOCUMENT_ACCESS: Record<StockDocumentType, Access> = {
  entry: access("view_stock_entries", "edit_stock_entries"),
  removal: access("view_stock_removals", "edit_stock_removals"),
  movement: access("view_stock_movements", "edit_stock_movements"),
  // Counts are the inventory's: the stock level permissions.
  bulk_update: access("view_products_inventory", "edit_products_inventory"),
};

export const VIEW_INVENTORY: PermissionCheck = { allOf: ["view_products_inventory"] };
export const EDIT_INVENTORY: PermissionCheck = { allOf: ["edit_products_inventory"] };

/** Batches belong to products (the Products and services menu): the products permissions. */
export const VIEW_BATCHES: PermissionCheck = { allOf: ["view_products"] };
export const EDIT_BATCHES: PermissionCheck = { allOf: ["edit_products"] };
/** One batch (or the variant of a batches screen) is read by whoever may see or change it. */
export const READ_BATCHES: PermissionCheck = { anyOf: ["view_products", "edit_products"] };

/** The locations a stock screen offers: anyone who reads or writes some stock. */
export const SEE_STOCK_LOCATIONS: PermissionCheck = {
  anyOf: Object.values(STOCK_DOCUMENT_ACCESS).flatMap((a) => a.read.anyOf ?? []),
};
