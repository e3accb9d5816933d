import { Hono } from "hono";
import { bulkUpdateInventory, InventoryBulkUpdateInput } from "../domain/stock/bulk-update";
import { getStockDocument } from "../domain/stock/get-stock-document";
import { listStockDocuments } from "../domain/stock/list-stock-documents";
import { stockDocumentListRegistry } from "../domain/stock/stock-document-views";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { StockDocument } from "./schemas/stock";
import type { ApiEnv } from "./types";

const VIEW = { allOf: ["view_products_inventory"] } as const;
const EDIT = { allOf: ["edit_products_inventory"] } as const;

export const inventoryBulkUpdateOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/inventory-bulk-updates",
    tag: "Inventory bulk updates",
    summary: "Stock counts made: filters number, date, location_id, created; sort -id (default), number, date, created",
    auth: true,
    permissions: VIEW,
    list: stockDocumentListRegistry,
    result: page(StockDocument),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
  {
    method: "post",
    path: "/inventory-bulk-updates",
    tag: "Inventory bulk updates",
    summary:
      "Set counted quantities at a location; each level moves by the difference, logged, and only if unchanged since read. A line names its variant by variant_id or sku, its batch by batch_id or batch (the number)",
    auth: true,
    permissions: EDIT,
    body: InventoryBulkUpdateInput,
    result: StockDocument,
    responses: {
      201: "The count, with its lines",
      409: "A level changed meanwhile (stock_changed, naming lines.N.counted)",
      422: "Invalid input",
      ...errors,
    },
  },
  {
    method: "get",
    path: "/inventory-bulk-updates/{id}",
    tag: "Inventory bulk updates",
    summary: "One count with its lines",
    auth: true,
    permissions: VIEW,
    result: StockDocument,
    responses: { 200: "The count", ...errors },
  },
];

/** /api/v1/inventory-bulk-updates: stock counts (the inventory bulk update screen). */
export const inventoryBulkUpdates = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    return c.json(await listStockDocuments(await verbCtx(c), { kind: "bulk_update", query: new URL(c.req.url).searchParams }));
  })
  .post("/", requireActor(EDIT), async (c) => {
    return c.json(await bulkUpdateInventory(await verbCtx(c), await jsonBody(c)), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    return c.json(await getStockDocument(await verbCtx(c), { kind: "bulk_update", id: c.req.param("id") }));
  });
