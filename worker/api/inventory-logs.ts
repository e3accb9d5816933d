import { Hono } from "hono";
import { inventoryLogListRegistry, listInventoryLogs } from "../domain/stock/inventory-logs";
import { requireActor, verbCtx } from "./auth";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { InventoryLog } from "./schemas/stock";
import type { ApiEnv } from "./types";

const VIEW = { allOf: ["view_products_inventory"] } as const;

export const inventoryLogOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/inventory-logs",
    tag: "Inventory logs",
    summary:
      "The stock ledger, one row per change: filters variant_id, location_id, batch_id, document_type, document_id, user_id, change, created; sort -id (default), change, created",
    auth: true,
    permissions: VIEW,
    list: inventoryLogListRegistry,
    result: page(InventoryLog),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
];

/** /api/v1/inventory-logs: the stock ledger (read only: rows are written with each change). */
export const inventoryLogs = new Hono<ApiEnv>().get("/", requireActor(VIEW), async (c) => {
  return c.json(await listInventoryLogs(await verbCtx(c), new URL(c.req.url).searchParams));
});
