import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/price-levels).
export const priceLevelOperations: ApiOperation[] = [];
export const priceLevels = new Hono<ApiEnv>();
