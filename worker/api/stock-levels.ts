import { Hono } from "hono";
import {
  getStockLevel,
  listStockLevels,
  stockLevelListRegistry,
  UpdateStockLevelInput,
  updateStockLevel,
} from "../domain/stock/stock-levels";
import { requireActor, verbCtx } from "./auth";
import { jsonBody } from "./body";
import { errors, type ApiOperation } from "./operation";
import { page } from "./schemas/common";
import { StockLevel } from "./schemas/stock";
import type { ApiEnv } from "./types";

const VIEW = { allOf: ["view_products_inventory"] } as const;
const EDIT = { allOf: ["edit_products_inventory"] } as const;

export const stockLevelOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/stock-levels",
    tag: "Stock levels",
    summary:
      "Stock per variant and location: filters location_id, variant_id (__In), product_id, brand_id, tag_id, below_reorder_point, on_hand, available, committed, incoming; sort label (default), sku, on_hand, available, committed, incoming; search on SKU or label. available is on hand (negative as 0) less committed, never below 0",
    auth: true,
    permissions: VIEW,
    list: stockLevelListRegistry,
    result: page(StockLevel),
    responses: { 200: "One page of the list", 422: "Invalid list parameter", ...errors },
  },
  {
    method: "get",
    path: "/stock-levels/{id}",
    tag: "Stock levels",
    summary: "One stock level with its batches",
    auth: true,
    permissions: VIEW,
    result: StockLevel,
    responses: { 200: "The stock level", ...errors },
  },
  {
    method: "patch",
    path: "/stock-levels/{id}",
    tag: "Stock levels",
    summary: "Set the reorder point or bin location (on hand changes only through stock documents)",
    auth: true,
    permissions: EDIT,
    body: UpdateStockLevelInput,
    result: StockLevel,
    responses: { 200: "Updated", 422: "Invalid input", ...errors },
  },
];

/** /api/v1/stock-levels: what each location holds of each variant. */
export const stockLevels = new Hono<ApiEnv>()
  .get("/", requireActor(VIEW), async (c) => {
    return c.json(await listStockLevels(await verbCtx(c), new URL(c.req.url).searchParams));
  })
  .get("/:id", requireActor(VIEW), async (c) => {
    return c.json(await getStockLevel(await verbCtx(c), { id: c.req.param("id") }));
  })
  .patch("/:id", requireActor(EDIT), async (c) => {
    return c.json(await updateStockLevel(await verbCtx(c), { ...(await jsonBody(c)), id: c.req.param("id") }));
  });
