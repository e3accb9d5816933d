import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/brands).
export const brandOperations: ApiOperation[] = [];
export const brands = new Hono<ApiEnv>();
