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
  table: "sales_documents" | "stock_documents" | "purchase_orders";
  /** The sequence's default shape (the company may change prefix and width) and the longest number the type keeps. */
  numbering: { prefix: string; width: number; maxLength: number };
  access: DocumentAccess;
}

/**
 * A row: the type's table, its default prefix (6 digits), the permissions it asks and its longest
 * number: 40 characters for sales documents and 50 for stock documents, as typed numbers always could.
 */
function row(
  table: DocumentType["table"],
  prefix: string,
  view: Permission,
  edit: Permission,
  maxLength = table === "sales_documents" ? 40 : 50,
): DocumentType {
  return { table, numbering: { prefix, width: 6, maxLength }, access: access(view, edit) };
}

export const DOCUMENT_TYPES = {
  entry: row("stock_documents", "ENT-", "view_stock_entries", "edit_stock_entries"),
  removal: row("stock_documents", "SOR-", "view_stock_removals", "edit_stock_removals"),
  movement: row("stock_documents", "MOV-", "view_stock_movements", "edit_stock_movements"),
  // Counts are the inventory's: the stock level permissions.
  bulk_update: row("stock_documents", "CNT-", "view_products_inventory", "edit_products_inventory"),
  // Assembly transforms move the inventory of an assembly and its components: the stock level permissions.
  assembly_transform: row("stock_documents", "ASM-", "view_products_inventory", "edit_products_inventory"),
  estimate: row("sales_documents", "DEV-", "view_estimates", "edit_estimates"),
  sales_order: row("sales_documents", "CMD-", "view_sales_orders", "edit_sales_orders"),
  shipping_order: row("sales_documents", "EXP-", "view_shipping_orders", "edit_shipping_orders"),
  // Invoice numbers keep at most 18 characters (domain spec §5, invoice_number_too_long).
  invoice: row("sales_documents", "FAC-", "view_invoices", "edit_invoices", 18),
  product_return: row("sales_documents", "RET-", "view_product_returns", "edit_product_returns"),
  // The spec names no edit permission for credit notes and refunds: they change what invoices owe
  // and what is paid back, so they ask what invoices ask (decision 042). Credit notes are invoices'
  // kin in law: numbered like them, 18 characters at most.
  credit_note: row("sales_documents", "AV-", "view_credit_notes", "edit_invoices", 18),
  refund: row("sales_documents", "RMB-", "view_refunds", "edit_invoices"),
  subscription: row("sales_documents", "ABO-", "view_subscriptions", "edit_subscriptions"),
  // Purchasing (decision 045): orders to suppliers in their own table, deliveries as stock documents.
  purchase_order: row("purchase_orders", "ACH-", "view_purchase_orders", "edit_purchase_orders", 40),
  delivery: row("stock_documents", "REC-", "view_deliveries", "edit_deliveries"),
} satisfies Record<string, DocumentType>;

export type DocumentTypeName = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_TYPE_NAMES = Object.keys(DOCUMENT_TYPES) as DocumentTypeName[];

/** What reading and changing each document type asks (platform spec §6). */
export const DOCUMENT_ACCESS = Object.fromEntries(DOCUMENT_TYPE_NAMES.map((type) => [type, DOCUMENT_TYPES[type].access])) as Record<
  DocumentTypeName,
  DocumentAccess
>;
