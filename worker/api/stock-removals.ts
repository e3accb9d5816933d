import { CreateStockRemovalInput, UpdateStockRemovalInput } from "../domain/stock/stock-document-schemas";
import type { ApiOperation } from "./operation";
import { stockDocumentOperations, stockDocumentRouter } from "./stock-entries";

const REMOVALS = {
  kind: "removal",
  path: "/stock-removals",
  tag: "Stock removals",
  view: "view_stock_removals",
  edit: "edit_stock_removals",
  what: "Stock removals",
} as const;

export const stockRemovalOperations: ApiOperation[] = stockDocumentOperations({
  ...REMOVALS,
  create: CreateStockRemovalInput,
  update: UpdateStockRemovalInput,
});

/** /api/v1/stock-removals: stock taken out of a location (refused below zero where negative stock is not allowed). */
export const stockRemovals = stockDocumentRouter(REMOVALS);
