import { DOCUMENT_ACCESS, type DocumentAccess } from "../documents/document-types";
import type { PermissionCheck } from "../identity/permissions";
import type { StockDocumentType } from "./stock-rules";

/** What reading and changing each type of stock document asks, as /api/v1 and the pages check it: the document types' own rows. */
export const STOCK_DOCUMENT_ACCESS: Record<StockDocumentType, DocumentAccess> = DOCUMENT_ACCESS;

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
