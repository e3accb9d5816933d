import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/inventory-logs).
export const inventoryLogOperations: ApiOperation[] = [];
export const inventoryLogs = new Hono<ApiEnv>();
