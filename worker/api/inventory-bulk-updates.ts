import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/inventory-bulk-updates).
export const inventoryBulkUpdateOperations: ApiOperation[] = [];
export const inventoryBulkUpdates = new Hono<ApiEnv>();
