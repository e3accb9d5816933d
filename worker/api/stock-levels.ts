import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/stock-levels).
export const stockLevelOperations: ApiOperation[] = [];
export const stockLevels = new Hono<ApiEnv>();
