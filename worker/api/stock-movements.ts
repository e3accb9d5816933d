import { CreateStockMovementInput, UpdateStockMovementInput } from "../domain/stock/stock-document-schemas";
import { documentOperations, documentRouter } from "./document-api";
import { stockDocumentApi } from "./stock-entries";

const MOVEMENTS = stockDocumentApi({
  kind: "movement",
  path: "/stock-movements",
  tag: "Stock movements",
  what: "Stock movements",
  create: CreateStockMovementInput,
  update: UpdateStockMovementInput,
});

export const stockMovementOperations = documentOperations(MOVEMENTS);

/** /api/v1/stock-movements: stock moved from a departure location (location_id) to an arrival location. */
export const stockMovements = documentRouter(MOVEMENTS);
