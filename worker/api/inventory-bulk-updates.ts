import { Hono } from "hono";
import { bulkUpdateInventory, InventoryBulkUpdateInput } from "../domain/stock/bulk-update";
import { stockActor } from "../domain/stock/stock-actor";
import { listStockDocuments, getStockDocument, stockDocumentListRegistry } from "../domain/stock/stock-documents";
import { requireActor } from "./auth";
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
    summary: "Set counted quantities at a location; each level moves by the difference, logged, and only if unchanged since read",
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
    const db = await c.get("ctx").tenant();
    return c.json(await listStockDocuments(db, "bulk_update", new URL(c.req.url).searchParams));
  })
  .post("/", requireActor(EDIT), async (c) => {
    const ctx = c.get("ctx");
    const db = await ctx.tenant();
    const body = await jsonBody(c);
    return c.json(await bulkUpdateInventory(db, await stockActor(ctx.control, ctx.actor!), body), 201);
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    const db = await c.get("ctx").tenant();
    return c.json(await getStockDocument(db, "bulk_update", c.req.param("id")));
  });
