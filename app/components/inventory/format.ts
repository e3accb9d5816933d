/** Shared by the inventory screens (browser and server): paths, permissions, error params. */
import { DELETE_ASKS } from "../../../worker/domain/shared/acknowledgements";
import type { FieldErrors } from "../../../worker/domain/shared/domain-error";

export type DocumentKind = "entry" | "removal" | "movement";

export const STOCK_LEVEL_PATH = "/inventory/stock-level";
export const INVENTORY_LOGS_PATH = "/inventory/inventory-logs";
export const BULK_UPDATE_PATH = "/inventory/inventory-bulk-update";
export const BATCHES_PATH = "/products-and-services/batches";

export const VIEW_INVENTORY = { allOf: ["view_products_inventory"] } as const;
/** The bulk update screen: the counts API reads with view_products_inventory and writes with edit_products_inventory. */
export const BULK_UPDATE = { allOf: ["view_products_inventory", "edit_products_inventory"] } as const;
/** Batches belong to products: the products permissions (as /api/v1/batches); the page guard adds the batch_tracking flag. */
export const VIEW_BATCHES = { allOf: ["view_products"] } as const;
export const EDIT_BATCHES = { allOf: ["edit_products"] } as const;

export interface DocumentKindInfo {
  kind: DocumentKind;
  path: string;
  /** The list type of saved views. */
  listType: "stock_entries" | "stock_removals" | "stock_movements";
  view: { allOf: readonly ["view_stock_entries"] | readonly ["view_stock_removals"] | readonly ["view_stock_movements"] };
  edit: { allOf: readonly ["edit_stock_entries"] | readonly ["edit_stock_removals"] | readonly ["edit_stock_movements"] };
  /** Prefix of the translation ids: stock_entries.title... */
  messages: "stock_entries" | "stock_removals" | "stock_movements";
}

export const DOCUMENT_KINDS: Record<DocumentKind, DocumentKindInfo> = {
  entry: {
    kind: "entry",
    path: "/inventory/stock-entries",
    listType: "stock_entries",
    view: { allOf: ["view_stock_entries"] },
    edit: { allOf: ["edit_stock_entries"] },
    messages: "stock_entries",
  },
  removal: {
    kind: "removal",
    path: "/inventory/stock-removals",
    listType: "stock_removals",
    view: { allOf: ["view_stock_removals"] },
    edit: { allOf: ["edit_stock_removals"] },
    messages: "stock_removals",
  },
  movement: {
    kind: "movement",
    path: "/inventory/stock-movements",
    listType: "stock_movements",
    view: { allOf: ["view_stock_movements"] },
    edit: { allOf: ["edit_stock_movements"] },
    messages: "stock_movements",
  },
};

/** Where a ledger row's document lives, by its type (bulk updates open on the count screen). */
export function documentHref(type: string | null, id: number | null): string | null {
  if (id === null) return null;
  if (type === "entry" || type === "removal" || type === "movement") return `${DOCUMENT_KINDS[type].path}/${id}`;
  if (type === "bulk_update") return `${BULK_UPDATE_PATH}?count=${id}`;
  if (type === "assembly_transform") return `/products-and-services/transform-assembly?transform=${id}`;
  if (type === "shipping_order") return `/sales/shipping-orders/${id}`;
  return null;
}

/** The field errors a form shows, with their translated params (quantities written by `quantity`). */
export type { FieldErrors };

export function readableParams(errors: FieldErrors | undefined, quantity: (text: string) => string): FieldErrors | undefined {
  if (!errors) return errors;
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(errors)) {
    const params = value.params
      ? Object.fromEntries(
          Object.entries(value.params).map(([k, v]) => [
            k,
            (k === "available" || k === "current" || k === "remaining") && typeof v === "string" ? quantity(v) : v,
          ]),
        )
      : undefined;
    out[key] = params ? { code: value.code, params } : { code: value.code };
  }
  return out;
}

/** What deleting a stock document asks to be acknowledged: its stock is reversed, for good. */
export const DOCUMENT_DELETE = DELETE_ASKS.stock_document;
