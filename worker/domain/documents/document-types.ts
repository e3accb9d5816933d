import type { Permission, PermissionCheck } from "../identity/permissions";

/**
 * Every document type, one row each: where it is stored, how it is numbered and what reading and
 * changing it asks. Numbering, access, the API descriptors and the lists read these rows, so a new
 * document type (invoice, credit note, refund, purchase order, delivery) is a row here, not a copy.
 */

export interface DocumentAccess {
  /** The list. */
  view: PermissionCheck;
  /** Creating, changing, deleting and every status move. */
  edit: PermissionCheck;
  /** One document: whoever may see it or change it (the edit form reads it). */
  read: PermissionCheck;
}

function access(view: Permission, edit: Permission): DocumentAccess {
  return { view: { allOf: [view] }, edit: { allOf: [edit] }, read: { anyOf: [view, edit] } };
}

export interface DocumentType {
  /** The table holding the type's documents; its `number` is unique per `type`. */
  table: "sales_documents" | "stock_documents";
  /** The sequence's default shape (the company may change prefix and width) and the longest number the type keeps. */
  numbering: { prefix: string; width: number; maxLength: number };
  access: DocumentAccess;
}

/** Sales and stock documents keep numbers of 40 and 50 characters, as typed numbers always could. */
const SALES_NUMBER = 40;
const STOCK_NUMBER = 50;

export const DOCUMENT_TYPES = {
  entry: {
    table: "stock_documents",
    numbering: { prefix: "ENT-", width: 6, maxLength: STOCK_NUMBER },
    access: access("view_stock_entries", "edit_stock_entries"),
  },
  removal: {
    table: "stock_documents",
    numbering: { prefix: "SOR-", width: 6, maxLength: STOCK_NUMBER },
    access: access("view_stock_removals", "edit_stock_removals"),
  },
  movement: {
    table: "stock_documents",
    numbering: { prefix: "MOV-", width: 6, maxLength: STOCK_NUMBER },
    access: access("view_stock_movements", "edit_stock_movements"),
  },
  // Counts are the inventory's: the stock level permissions.
  bulk_update: {
    table: "stock_documents",
    numbering: { prefix: "CNT-", width: 6, maxLength: STOCK_NUMBER },
    access: access("view_products_inventory", "edit_products_inventory"),
  },
  estimate: {
    table: "sales_documents",
    numbering: { prefix: "DEV-", width: 6, maxLength: SALES_NUMBER },
    access: access("view_estimates", "edit_estimates"),
  },
  sales_order: {
    table: "sales_documents",
    numbering: { prefix: "CMD-", width: 6, maxLength: SALES_NUMBER },
    access: access("view_sales_orders", "edit_sales_orders"),
  },
  shipping_order: {
    table: "sales_documents",
    numbering: { prefix: "EXP-", width: 6, maxLength: SALES_NUMBER },
    access: access("view_shipping_orders", "edit_shipping_orders"),
  },
  // invoice: { table: "sales_documents", numbering: { prefix: "FAC-", width: 6, maxLength: 18 } } comes with invoicing (domain spec §5).
} as const satisfies Record<string, DocumentType>;

export type DocumentTypeName = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_TYPE_NAMES = Object.keys(DOCUMENT_TYPES) as DocumentTypeName[];

/** What reading and changing each document type asks (platform spec §6). */
export const DOCUMENT_ACCESS = Object.fromEntries(DOCUMENT_TYPE_NAMES.map((type) => [type, DOCUMENT_TYPES[type].access])) as Record<
  DocumentTypeName,
  DocumentAccess
>;
