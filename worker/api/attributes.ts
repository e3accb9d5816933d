import { Hono } from "hono";
import type { ApiOperation } from "./operation";
import type { ApiEnv } from "./types";

// Placeholder, replaced by the feature's endpoints (mounted at /api/v1/attributes).
export const attributeOperations: ApiOperation[] = [];
export const attributes = new Hono<ApiEnv>();
