import { CreateStockRemovalInput, UpdateStockRemovalInput } from "../domain/stock/stock-document-schemas";
import { documentOperations, documentRouter } from "./document-api";
import { stockDocumentApi } from "./stock-entries";

const REMOVALS = stockDocumentApi({
  kind: "removal",
  path: "/stock-removals",
  tag: "Stock removals",
  what: "Stock removals",
  create: CreateStockRemovalInput,
  update: UpdateStockRemovalInput,
});

export const stockRemovalOperations = documentOperations(REMOVALS);

/** /api/v1/stock-removals: stock taken out of a location (refused below zero where negative stock is not allowed). */
export const stockRemovals = documentRouter(REMOVALS);
