import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/seasons).
export const seasonOperations: ApiOperation[] = [];
export const seasons = new Hono<ApiEnv>();
