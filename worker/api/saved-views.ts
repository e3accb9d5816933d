import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/saved-views).
export const savedViewOperations: ApiOperation[] = [];
export const savedViews = new Hono<ApiEnv>();
