import { CreateStockMovementInput, UpdateStockMovementInput } from "../domain/stock/stock-document-schemas";
import type { ApiOperation } from "./operation";
import { stockDocumentOperations, stockDocumentRouter } from "./stock-entries";

const MOVEMENTS = {
  kind: "movement",
  path: "/stock-movements",
  tag: "Stock movements",
  view: "view_stock_movements",
  edit: "edit_stock_movements",
  what: "Stock movements",
} as const;

export const stockMovementOperations: ApiOperation[] = stockDocumentOperations({
  ...MOVEMENTS,
  create: CreateStockMovementInput,
  update: UpdateStockMovementInput,
});

/** /api/v1/stock-movements: stock moved from a departure location (location_id) to an arrival location. */
export const stockMovements = stockDocumentRouter(MOVEMENTS);
